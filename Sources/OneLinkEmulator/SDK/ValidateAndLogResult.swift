public import Foundation

/// How a purchase validation of the 6.14–6.17.1 form ended, as `AFSDKValidateAndLogResult.h` names the cases (`ValidateAndLogStatus` in Swift).
///
/// A closed enum in the header (`NS_CLOSED_ENUM`), so app code switches over
/// the three cases without a default.
public enum ValidateAndLogStatus: UInt, Sendable, Hashable {
    /// The store confirmed the purchase; ``ValidateAndLogResult/result`` holds the validation response.
    case success = 0
    /// The validation service answered, but the store did not confirm the purchase; ``ValidateAndLogResult/errorData`` holds the answer.
    case failure = 1
    /// The validation could not be done (a refusal, a network or service error); ``ValidateAndLogResult/error`` says why.
    case error = 2
}

/// What `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)` hands its completion, as `AFSDKValidateAndLogResult.h` (6.14.1 and later) declares it.
///
/// `init()` is unavailable, as in the header; the SDK builds the result, and a
/// test may build one with ``init(status:result:errorData:error:)``.
///
/// Thread safety: `@unchecked Sendable` because the dictionaries hold `Any`, as the header's
/// `NSDictionary`s do; every property is read-only and set once, in the initializer.
public final class ValidateAndLogResult: NSObject, @unchecked Sendable {
    /// Whether the purchase was validated, refused by the store, or could not be validated.
    public let status: ValidateAndLogStatus
    /// The validation response, for ``ValidateAndLogStatus/success``.
    public let result: [AnyHashable: Any]?
    /// The validation service's answer when the store did not confirm the purchase (``ValidateAndLogStatus/failure``).
    public let errorData: [AnyHashable: Any]?
    /// Why the validation could not be done (``ValidateAndLogStatus/error``).
    public let error: (any Error)?

    /// Creates a result, as the header's `initWithStatus:result:errorData:error:` does.
    public init(
        status: ValidateAndLogStatus, result: [AnyHashable: Any]?, errorData: [AnyHashable: Any]?,
        error: (any Error)?
    ) {
        self.status = status
        self.result = result
        self.errorData = errorData
        self.error = error
    }
}

/// The completion of `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)`, as `AppsFlyerLib.h` (6.14.1 and later, and 7.0) declares it.
public typealias AFSDKValidateAndLogCompletion = (ValidateAndLogResult?) -> Void
