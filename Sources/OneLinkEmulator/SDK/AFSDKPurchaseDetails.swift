public import Foundation

/// What kind of purchase ``AFSDKPurchaseDetails`` describes, as in `AFSDKPurchaseType.h` (6.17 and 7.0).
public enum AFSDKPurchaseType: UInt, Sendable, Hashable {
    /// An auto-renewable or non-renewing subscription.
    case subscription = 0
    /// A consumable or non-consumable one-time purchase.
    case oneTimePurchase = 1

    /// The name the validation request carries: `subscription` or `one_time_purchase`.
    var name: String {
        switch self {
        case .subscription: return "subscription"
        case .oneTimePurchase: return "one_time_purchase"
        }
    }
}

/// The purchase SDK 7's `validateAndLogInAppPurchase(purchaseDetails:purchaseAdditionalDetails:completion:)` validates.
///
/// As in `AFSDKPurchaseDetails.h` (6.17 and 7.0): the product ID, the transaction ID
/// and the purchase type, all read-only; both IDs must be non-empty.
public final class AFSDKPurchaseDetails: NSObject, Sendable {
    /// The App Store product identifier.
    public let productId: String
    /// The StoreKit transaction identifier.
    public let transactionId: String
    /// Whether the purchase is a subscription or a one-time purchase.
    public let purchaseType: AFSDKPurchaseType

    /// Creates the details of one purchase.
    public init(productId: String, transactionId: String, purchaseType: AFSDKPurchaseType) {
        self.productId = productId
        self.transactionId = transactionId
        self.purchaseType = purchaseType
    }
}
