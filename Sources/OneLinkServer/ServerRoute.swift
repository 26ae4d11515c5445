import OneLinkEmulator
import OneLinkSupport

/// The routes the server tells apart, for fault injection and logging.
public enum ServerRoute: String, Sendable, Hashable, CaseIterable {
    /// `GET /shortlink-sdk/v2/{template}?id={shortID}`.
    case shortLink = "shortlink"
    /// `GET /install_data/v5.0/{appID}?…`.
    case installData = "install_data"
    /// `GET /install_data/v4.0/{appID}?devkey=…&device_id=…`: the public conversion-data (GCD) API
    /// for SDK attribution testing.
    case gcd
    /// `POST /v1.0/ios/{appID}?devkey=…`.
    case deferred
    /// A OneLink click: a `GET` whose first path segment is one of the click handler's templates,
    /// or of its smart-link path.
    case click
    /// Any other `GET`: a wrapped link the resolver may redirect, a landing page, or a 404.
    case wrapper
    /// `POST /inappevent/{appID}`: an event through the server-to-server (S2S) event API.
    case events = "inappevent"
    /// `POST /api/v6/iosevent/{appID}` with an `eventName`: the SDK's own in-app event call.
    case sdkEvent = "sdk_event"
    /// `POST /shortlink/v1/{template}`: creating a user-invite short link.
    case shortLinkCreation = "shortlink_create"
    /// `POST /api/v6/iosevent/{appID}`: a session's launch request.
    case launch
    /// The public OneLink API: v2.0 under `/api/v2.0/shortlinks…`, and v1's create, get, update and
    /// delete on `/shortlink/v1/{template}` with an `authorization` token.
    case oneLinkAPI = "onelink_api"
}
