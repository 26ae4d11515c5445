import Foundation
import OneLinkSupport

/// Validates in-app purchases for `validateAndLog(inAppPurchase:price:currency:transactionId:additionalParameters:success:failure:)`
/// and both forms of `validateAndLogInAppPurchase`, as AppsFlyer's receipt-validation service does with the App Store.
///
/// Contract:
/// - ``validate(_:)`` is called once per validation call that is sent (none
///   while the SDK is stopped, nor for details with an empty product or
///   transaction ID).
/// - It returns a ``PurchaseValidation``: valid with the response the
///   `success` block receives, or invalid with the response the `failure`
///   block receives (with a `nil` error).
/// - It throws an ``AttributionError`` when validation could not be done at
///   all; the `failure` block then receives that error and a `nil` response.
/// - It may suspend; the SDK bounds the call with `conversionDataTimeout`.
public protocol PurchaseValidator: Sendable {
    /// Validates one purchase.
    ///
    /// - Throws: ``AttributionError`` when the validation could not be done.
    func validate(_ purchase: PurchaseValidationRequest) async throws -> PurchaseValidation
}

/// One purchase to validate, as the app passed it.
public struct PurchaseValidationRequest: Sendable, Hashable {
    /// The app's Apple ID.
    public var appID: String
    /// The AppsFlyer device ID of this install.
    public var deviceID: String
    /// The product identifier.
    public var productIdentifier: String?
    /// The price, as text.
    public var price: String?
    /// The ISO 4217 currency code.
    public var currency: String?
    /// The App Store transaction ID.
    public var transactionID: String?
    /// The extra values for the raw reports.
    public var additionalParameters: AttributionPayload
    /// Whether `useReceiptValidationSandbox` was on.
    public var sandbox: Bool

    /// Creates a request.
    public init(
        appID: String, deviceID: String, productIdentifier: String?, price: String?, currency: String?,
        transactionID: String?, additionalParameters: AttributionPayload = [:], sandbox: Bool = false
    ) {
        self.appID = appID
        self.deviceID = deviceID
        self.productIdentifier = productIdentifier
        self.price = price
        self.currency = currency
        self.transactionID = transactionID
        self.additionalParameters = additionalParameters
        self.sandbox = sandbox
    }
}

/// The outcome of one purchase validation.
public struct PurchaseValidation: Sendable, Hashable {
    /// Whether the store confirmed the purchase.
    public var isValid: Bool
    /// The validation response handed to the app.
    public var response: AttributionPayload

    /// Creates an outcome.
    public init(isValid: Bool, response: AttributionPayload) {
        self.isValid = isValid
        self.response = response
    }
}

/// A purchase validator that confirms every purchase except the transactions it was told are invalid.
///
/// Its responses follow the App Store's `verifyReceipt` shape: `status` 0
/// and the purchase under `receipt.in_app` for a valid purchase, `status`
/// 21003 ("the receipt could not be authenticated") for an invalid one, and
/// `environment` `Sandbox` or `Production` as `useReceiptValidationSandbox` says.
public final class InMemoryPurchaseValidator: PurchaseValidator, InMemoryBackend {
    private struct State: Sendable {
        var invalidTransactionIDs: Set<String>
    }

    private let state: Locked<State>
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<PurchaseValidationRequest>

    /// Creates a validator.
    ///
    /// - Parameters:
    ///   - invalidTransactionIDs: Transactions the store does not confirm; a purchase without a transaction ID is never confirmed.
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` makes validation impossible.
    ///   - clock: The clock that measures delays.
    public init(
        invalidTransactionIDs: Set<String> = [], behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(invalidTransactionIDs: invalidTransactionIDs))
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// Transactions the store does not confirm.
    public var invalidTransactionIDs: Set<String> {
        get { state.withLock { $0.invalidTransactionIDs } }
        set { state.withLock { $0.invalidTransactionIDs = newValue } }
    }

    /// Confirms the purchase unless its transaction is listed as invalid or missing.
    ///
    /// - Throws: The error of a failing behaviour, or `CancellationError` when cancelled while delayed.
    public func validate(_ purchase: PurchaseValidationRequest) async throws -> PurchaseValidation {
        core.record(purchase)
        let invalid = state.withLock { $0.invalidTransactionIDs }
        try await core.answer()
        let environment: AttributionValue = .string(purchase.sandbox ? "Sandbox" : "Production")
        guard let transactionID = purchase.transactionID, !transactionID.isEmpty,
            !invalid.contains(transactionID)
        else {
            return PurchaseValidation(
                isValid: false, response: ["status": 21003, "environment": environment])
        }
        let item: AttributionValue = [
            "product_id": .string(purchase.productIdentifier ?? ""), "transaction_id": .string(transactionID),
        ]
        return PurchaseValidation(
            isValid: true,
            response: ["status": 0, "environment": environment, "receipt": ["in_app": [item]]])
    }
}

extension PurchaseValidator where Self == InMemoryPurchaseValidator {
    /// A validator that confirms every purchase except the listed transactions.
    public static func inMemory(
        invalidTransactionIDs: Set<String> = [], behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryPurchaseValidator {
        InMemoryPurchaseValidator(
            invalidTransactionIDs: invalidTransactionIDs, behavior: behavior, clock: clock)
    }
}
