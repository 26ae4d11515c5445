public import Foundation

/// What kind of purchase ``AFSDKPurchaseDetails`` describes, as in `AFSDKPurchaseType.h` (6.17.2 and later, and 7.0).
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

/// The purchase the purchase-validation calls validate, in both of the header's forms.
///
/// 6.17.2 and later (and 7.0), `AFSDKPurchaseDetails(productId:transactionId:purchaseType:)`
/// for `validateAndLogInAppPurchase(purchaseDetails:purchaseAdditionalDetails:completion:)`:
/// the product ID, the transaction ID and the purchase type, all read-only; both IDs must be
/// non-empty.
///
/// 6.14.1 to 6.17.1, `AFSDKPurchaseDetails(productId:price:currency:transactionId:)` for
/// `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)`: the header takes four
/// nullable strings and has no purchase type. The one class has both forms, so ``productId`` and
/// ``transactionId`` read as the 6.17 header types them: a `nil` given to the older initializer
/// reads `""` (and the validation is refused, as for an empty ID), and ``purchaseType`` reads
/// ``AFSDKPurchaseType/oneTimePurchase``, which is not sent (Docs/sdk-versions.md).
public final class AFSDKPurchaseDetails: NSObject, Sendable {
    /// The App Store product identifier.
    public let productId: String
    /// The StoreKit transaction identifier.
    public let transactionId: String
    /// Whether the purchase is a subscription or a one-time purchase.
    public var purchaseType: AFSDKPurchaseType { givenPurchaseType ?? .oneTimePurchase }
    /// The price, as text (6.14.1 to 6.17.1); `nil` for details made with the 6.17.2 initializer.
    #if SDK7
        @_spi(SDK6)
    #endif
    public let price: String?
    /// The ISO 4217 currency code (6.14.1 to 6.17.1); `nil` for details made with the 6.17.2 initializer.
    #if SDK7
        @_spi(SDK6)
    #endif
    public let currency: String?
    /// The purchase type the 6.17.2 initializer was given; `nil` for the older form, which sends none.
    let givenPurchaseType: AFSDKPurchaseType?

    /// Creates the details of one purchase (6.17.2 and later, and 7.0).
    public init(productId: String, transactionId: String, purchaseType: AFSDKPurchaseType) {
        self.productId = productId
        self.transactionId = transactionId
        self.givenPurchaseType = purchaseType
        self.price = nil
        self.currency = nil
    }

    /// Creates the details of one purchase with its price and currency (6.14.1 to 6.17.1), as `initWithProductId:price:currency:transactionId:` does.
    #if SDK7
        @_spi(SDK6)
    #endif
    public init(productId: String?, price: String?, currency: String?, transactionId: String?) {
        self.productId = productId ?? ""
        self.transactionId = transactionId ?? ""
        self.givenPurchaseType = nil
        self.price = price
        self.currency = currency
    }
}
