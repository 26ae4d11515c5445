/// The AppsFlyer endpoints the SDK calls, written once for the HTTP backends that call them and the server that answers them.
///
/// Each endpoint is a fixed path prefix, a method, and one last segment
/// (an app ID or a OneLink template).
package enum SDKEndpoint: CaseIterable, Sendable {
    /// `GET /shortlink-sdk/v2/{template}?id={shortID}`: a short link's stored parameters.
    case shortLinkResolution
    /// `GET /install_data/v5.0/{appID}?…`: the install's conversion data.
    case installData
    /// `POST /v1.0/ios/{appID}?devkey=…`: the first launch's deferred deep-link lookup.
    case deferredDeepLink
    /// `POST /api/v6/iosevent/{appID}`: a session's launch request.
    case launch
    /// `POST /api/v6/iosevent/{appID}` with an `eventName` in the body: an in-app event. The real SDK
    /// posts events to the launch path on the `inapps.` host; the emulator has one host, so the body
    /// tells them apart. (`/inappevent/{app_id}` is the S2S API for backends, not the SDK's call.)
    case inAppEvent
    /// `POST /shortlink/v1/{template}`: creating a user-invite short link.
    case shortLinkCreation

    /// The path segments before the last one.
    package var prefix: [String] {
        switch self {
        case .shortLinkResolution: return ["shortlink-sdk", "v2"]
        case .installData: return ["install_data", "v5.0"]
        case .deferredDeepLink: return ["v1.0", "ios"]
        case .launch: return ["api", "v6", "iosevent"]
        case .inAppEvent: return ["api", "v6", "iosevent"]
        case .shortLinkCreation: return ["shortlink", "v1"]
        }
    }

    /// The HTTP method the SDK uses.
    package var method: HTTPMethod {
        switch self {
        case .shortLinkResolution, .installData: return .get
        default: return .post
        }
    }

    /// The path template the server routes, such as `/install_data/v5.0/{app-id}`.
    package var template: String {
        let last =
            switch self {
            case .shortLinkResolution, .shortLinkCreation: "{onelink-id}"
            default: "{app-id}"
            }
        return "/" + (prefix + [last]).joined(separator: "/")
    }

    /// The path for `last` (an app ID or a template), percent-encoded.
    package func path(_ last: String) -> String {
        "/" + (prefix + [PercentEncoding.encode(last)]).joined(separator: "/")
    }

    /// The endpoint whose prefix `segments` starts with, and the last segment, when the path has exactly one more.
    package static func match(_ segments: [String]) -> (endpoint: SDKEndpoint, last: String)? {
        for endpoint in allCases
        where segments.count == endpoint.prefix.count + 1 && segments.starts(with: endpoint.prefix) {
            return (endpoint, segments[segments.count - 1])
        }
        return nil
    }
}
