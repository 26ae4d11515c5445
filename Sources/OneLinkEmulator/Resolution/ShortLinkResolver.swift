/// Resolves short OneLinks and unwraps wrapped links for the SDK.
///
/// Contract for conforming types:
/// - ``resolve(_:)`` returns the parameters stored for the short link, as the
///   AppsFlyer short-link API would (`GET /shortlink-sdk/v2/{template}?id={shortID}`),
///   without the `link` key, which the SDK adds. An unknown short link throws
///   ``AttributionError/httpStatus(code:reason:)`` with code 404.
/// - ``redirectTarget(of:headers:)`` performs one hop of wrapped-link
///   unwrapping: it returns the absolute URL the wrapper redirects to, or
///   `nil` when the URL does not redirect. The SDK loops, detects cycles and
///   enforces the 10-hop limit.
/// - Failures are thrown as ``AttributionError``; any other error is reported
///   as ``AttributionError/unexpected(_:)``.
/// - Implementations must be safe to call from many tasks at once and must
///   honour task cancellation, which the SDK uses to enforce `deepLinkTimeout`.
public protocol ShortLinkResolver: Sendable {
    /// Returns the stored parameters of a short link.
    ///
    /// - Throws: ``AttributionError``.
    func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload

    /// Returns where `url` redirects to, or `nil` when it does not redirect.
    ///
    /// - Throws: ``AttributionError``.
    func redirectTarget(of url: String, headers: [String: String]) async throws -> String?

    /// The answer to the request when the backend has it without waiting, or `nil` to be asked through ``resolve(_:)``.
    ///
    /// The SDK asks this first, for every call: an answer here is taken as
    /// ``resolve(_:)``'s answer, with no task, timer or continuation, and
    /// `nil` sends the call through ``resolve(_:)``, raced against its
    /// deadline. An answer must be what ``resolve(_:)`` would give, and the
    /// request must be recorded as that call records it; `nil` records
    /// nothing. The default is `nil`: a backend that always waits (over the
    /// network, say) need not implement it.
    func resolveImmediately(_ request: ShortLinkRequest) -> Result<AttributionPayload, any Error>?
}

extension ShortLinkResolver {
    /// No answer without waiting: every call goes through ``resolve(_:)``.
    public func resolveImmediately(_ request: ShortLinkRequest) -> Result<AttributionPayload, any Error>? {
        nil
    }
}

/// One short-link resolution request.
public struct ShortLinkRequest: Sendable, Hashable {
    /// The host the short link was on, such as `onelink-basic-app.onelink.me`.
    public var host: String
    /// The OneLink template ID, such as `H5hv`.
    public var template: String
    /// The short link ID, such as `6d66214a`.
    public var shortID: String
    /// The short link exactly as received.
    public var link: String
    /// Extra HTTP headers to send, as set through `allHTTPHeaderFieldsForResolveDeepLinkURL`.
    public var headers: [String: String]
    /// How long the SDK waits before it gives up (`deepLinkTimeout`).
    public var timeout: Duration
    /// The SDK's host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP resolvers send the request there instead of to their base URL.
    public var sdkHost: String?

    /// Creates a request.
    public init(
        host: String, template: String, shortID: String, link: String, headers: [String: String] = [:],
        timeout: Duration = .seconds(3), sdkHost: String? = nil
    ) {
        self.sdkHost = sdkHost
        self.host = host
        self.template = template
        self.shortID = shortID
        self.link = link
        self.headers = headers
        self.timeout = timeout
    }
}
