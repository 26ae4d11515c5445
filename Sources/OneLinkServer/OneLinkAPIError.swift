import OneLinkSupport

/// Why the OneLink API refused a call: each case is one documented answer, with its status,
/// `error_type` and message (https://dev.appsflyer.com/hc/reference/onelink-rest-api-v20).
///
/// v2.0 sends it as `{"error_type": …, "message": …}`; v1 sends the message as plain text.
public enum OneLinkAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401: the `authorization` header is missing or holds a token the server does not accept.
    case authenticationFailure
    /// 403: the server has no OneLink API (``OneLinkServer/Configuration/oneLinkAPI`` is `nil`).
    case featureNotEnabled
    /// 403: the `brand_domain` is not one of the account's branded domains.
    case wrongBrandDomain
    /// 400: the body is not what the API takes; the text says what is wrong.
    case invalidRequestBody(String)
    /// 400: one parameter of the body or of `data` has a value the API refuses: its name, the value
    /// as sent and why.
    case invalidParameter(name: String, value: String, reason: String)
    /// 400: over 2,048 characters: `data`'s value as sent on v2.0, the percent-encoded query string
    /// on v1.
    case limitExceeded
    /// 400: a v2.0 update or delete of a link no OneLink API created (seeded, or made by the SDK), or a
    /// QR code of a link v2.0 neither created nor updated.
    case invalidSource
    /// 400: a QR parameter (`size`, `format` or `margin`) is out of range; the associated value names it.
    case invalidQRParameter(String)
    /// 404: no link with this ID under this template.
    case shortLinkNotFound
    /// 404: a create under a `onelink-id` that is not one of the click handler's templates.
    case templateNotFound
    /// 404: a path under `/api/v2.0/` that is none of the API's calls.
    case routeNotFound
    /// 405: a method the API's path does not take; the associated value lists the ones it does.
    case methodNotAllowed(allowed: String)
    /// 409: a create named a `shortlink_id` that is taken.
    case shortLinkIDExists
    /// 400: the create could not be stored: the server holds ``OneLinkAPISettings/maximumLinks``
    /// links. The reference's "Creation failure" answer; the associated text says why (not sent in
    /// the body).
    case creationFailed(String)
    /// 429: the monthly quota of create, update and delete calls is used up.
    case quotaExceeded
    /// 429: more requests this second than the rate limit allows.
    case rateLimitExceeded

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .authenticationFailure: return 401
        case .featureNotEnabled, .wrongBrandDomain: return 403
        case .invalidRequestBody, .invalidParameter, .limitExceeded, .invalidSource, .invalidQRParameter,
            .creationFailed:
            return 400
        case .shortLinkNotFound, .templateNotFound, .routeNotFound: return 404
        case .methodNotAllowed: return 405
        case .shortLinkIDExists: return 409
        case .quotaExceeded, .rateLimitExceeded: return 429
        }
    }

    /// The v2.0 `error_type`.
    public var errorType: String {
        switch self {
        case .authenticationFailure: return "authentication_failure"
        case .featureNotEnabled: return "feature_not_enabled"
        case .wrongBrandDomain: return "wrong_brand_domain"
        case .invalidRequestBody, .invalidParameter, .invalidQRParameter, .shortLinkNotFound,
            .templateNotFound, .shortLinkIDExists:
            return "invalid_parameter"
        case .routeNotFound: return "not_found"
        case .methodNotAllowed: return "method_not_allowed"
        case .limitExceeded: return "limit_exceeded"
        case .invalidSource: return "invalid_source"
        case .creationFailed: return "internal_error"
        case .quotaExceeded: return "quota_exceeded"
        case .rateLimitExceeded: return "rate_limit_exceeded"
        }
    }

    /// The v2.0 `message`, as the reference's examples spell it.
    public var message: String {
        switch self {
        case .authenticationFailure:
            return "Authentication failed. Use a valid OneLink API token from your security center."
        case .featureNotEnabled:
            return "OneLink API is not enabled for this account. Note: OneLink API is a premium feature. "
                + "Please contact your AppsFlyer Customer Success Manager for access."
        case .wrongBrandDomain: return "Brand domain mismatch"
        case .invalidRequestBody: return "Generating shortlink failed, invalid request body"
        case .invalidParameter(let name, let value, let reason):
            return
                "Parameter '\(QuotedInput.prefix(name))' has an invalid value: '\(QuotedInput.prefix(value))'. "
                + "Reason: \(reason)."
        case .limitExceeded: return "Generating shortlink failed, data sent exceeds limit"
        case .invalidSource: return "This operation is not allowed for this shortlink source-caller."
        case .invalidQRParameter(let name): return "Invalid QR parameter: \(name)"
        case .shortLinkNotFound: return "Shortlink not found"
        case .templateNotFound: return "OneLink template not found"
        case .routeNotFound: return "Not Found"
        case .methodNotAllowed(let allowed): return "Method Not Allowed. Allowed: \(allowed)"
        case .shortLinkIDExists: return "Shortlink ID already exists"
        case .creationFailed: return "Failed to create shortlink."
        case .quotaExceeded: return "Monthly Quota Exceeded."
        case .rateLimitExceeded: return "Rate Limit Exceeded."
        }
    }

    /// The v1 plain-text answer: v1's own wording for the 429s
    /// (https://dev.appsflyer.com/hc/reference/overview-3), the v2.0 message otherwise.
    public var v1Message: String {
        switch self {
        case .quotaExceeded: return "Monthly quota exceeded"
        case .rateLimitExceeded: return "Rate limit exceeded"
        case .invalidRequestBody(let reason): return "Bad request: \(reason)"
        case .invalidParameter: return "Bad request: \(message)"
        default: return message
        }
    }

    /// What the documented message does not say: what was wrong with a bad body, or why a create
    /// could not be stored.
    ///
    /// v2.0 sends it in the `X-OneLink-Emulator-Reason` header. `nil` for the other cases.
    public var reason: String? {
        switch self {
        case .invalidRequestBody(let reason), .creationFailed(let reason): return reason
        default: return nil
        }
    }

    /// The status, `error_type` and message, and for a bad body what was wrong with it.
    public var description: String {
        let text = "\(status) \(errorType): \(message)"
        return reason.map { "\(text) (\($0))" } ?? text
    }
}
