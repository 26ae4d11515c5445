import OneLinkSupport

/// Why the server-to-server event API refused an event: each case is one documented answer of
/// `POST /inappevent/{app_id}` (https://dev.appsflyer.com/hc/reference/s2s-events-api3-overview),
/// sent as plain text.
public enum S2SEventError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 400 `Failed to Authenticate`: no `authentication` header.
    case failedToAuthenticate
    /// 401 `Unauthorized`: the key is not one of the app's S2S keys.
    case unauthorized
    /// 400 `Payload is missing or failed to parse`: no body, or not one JSON object.
    case payloadMissingOrUnparsable
    /// 400 `appsflyer_id is a mandatory field`.
    case appsFlyerIDMissing
    /// 400 `Bad request`: a validation failed; the associated text says which (not sent).
    case badRequest(String)
    /// 500 `Internal Server Error`: `eventValue` is not stringified properly: a string that does not
    /// hold a JSON object, or an object sent as-is instead of as a string.
    case eventValueNotStringifiedJSON
    /// 403 `Forbidden`: the account's plan ("Zero Package") does not accept events.
    case forbidden
    /// 400 `app_id`: the path's app ID is not the app of the key ("`app_id` doesn't match the
    /// authentication token", https://dev.appsflyer.com/hc/reference/inapp-events-1). The body is
    /// the Message column of that row of the page's 400 table.
    case appIDMismatch

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .unauthorized: return 401
        case .forbidden: return 403
        case .eventValueNotStringifiedJSON: return 500
        default: return 400
        }
    }

    /// The plain-text body, as the API sends it.
    public var body: String {
        switch self {
        case .failedToAuthenticate: return "Failed to Authenticate"
        case .unauthorized: return "Unauthorized"
        case .payloadMissingOrUnparsable: return "Payload is missing or failed to parse"
        case .appsFlyerIDMissing: return "appsflyer_id is a mandatory field"
        case .badRequest: return "Bad request"
        case .eventValueNotStringifiedJSON: return "Internal Server Error"
        case .forbidden: return "Forbidden"
        case .appIDMismatch: return "app_id"
        }
    }

    /// The status and body, and for a bad request what was wrong.
    public var description: String {
        if case .badRequest(let reason) = self { return "\(status) \(body) (\(reason))" }
        return "\(status) \(body)"
    }
}
