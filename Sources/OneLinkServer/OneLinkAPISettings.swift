public import OneLinkEmulator
import OneLinkSupport

/// How the server answers AppsFlyer's public OneLink API: v2.0 (`/api/v2.0/shortlinks/…`) and the
/// sunset v1 (`/shortlink/v1/…`).
///
/// Links created through either API are stored in ``links``, the resolver that also answers the
/// SDK's short-link path and clicks, so a created link resolves both ways. The defaults are the
/// documented limits (https://dev.appsflyer.com/hc/reference/onelinkapi_v2_overview and
/// https://dev.appsflyer.com/hc/reference/overview-3); tests lower them to reach the 429s.
public struct OneLinkAPISettings: Sendable {
    /// Where created links are stored, keyed `template/shortID`; give the server (and its click
    /// handler) the same resolver so the links resolve.
    public var links: any ShortLinkStore
    /// The OneLink API tokens the `authorization` header may carry.
    ///
    /// Empty (the default) accepts any non-empty token. A missing or refused token is a 401 either way.
    public var tokens: Set<String>
    /// The host of created links, such as `myapp.onelink.me`, when the request names no brand domain.
    public var linkDomain: String
    /// The branded domains the account has, lowercased.
    ///
    /// A `brand_domain` outside this set is a 403 `wrong_brand_domain` on create and update, and a
    /// 400 `invalid_parameter` (`Invalid QR parameter: brand_domain`) on the QR call. Empty (the
    /// default): every `brand_domain` is refused, as for an account without Branded Links.
    public var brandDomains: Set<String>
    /// Create, update and delete calls allowed per calendar month (UTC), to each version.
    ///
    /// v2.0 and v1 count separately, each up to this number, as the migration guide's doubled quota
    /// during migration (https://dev.appsflyer.com/hc/reference/migrate_to_onelink_api_v2). Further
    /// ones are 429. Documented: 7.5 million.
    public var monthlyQuota: Int
    /// Requests per second (on the server's clock) to the v2.0 API.
    ///
    /// Further ones are 429. Documented: 1,000.
    public var requestsPerSecond: Int
    /// Requests per second to the v1 API.
    ///
    /// Documented: 500.
    public var v1RequestsPerSecond: Int
    /// Requests per second to v2.0's QR code call, counted apart from ``requestsPerSecond``.
    ///
    /// Further ones are 429. Documented: 25.
    public var qrRequestsPerSecond: Int

    /// The most links the API keeps at once (created and not yet deleted or expired): 100,000 by
    /// default, so a long load test cannot grow the server without bound.
    ///
    /// A create at the bound first drops the links whose TTL has run out; if none has, it is
    /// refused with the reference's documented creation failure (`400 internal_error`, `Failed to
    /// create shortlink.`) and the bound named in `X-OneLink-Emulator-Reason`. Nothing answered 200
    /// is ever dropped before its TTL ends.
    public var maximumLinks: Int

    /// The default of ``maximumLinks``.
    public static let defaultMaximumLinks = 100_000

    /// Creates settings.
    public init(
        links: any ShortLinkStore, tokens: Set<String> = [], linkDomain: String = "app.onelink.me",
        brandDomains: Set<String> = [], monthlyQuota: Int = 7_500_000, requestsPerSecond: Int = 1000,
        v1RequestsPerSecond: Int = 500, qrRequestsPerSecond: Int = 25,
        maximumLinks: Int = OneLinkAPISettings.defaultMaximumLinks
    ) {
        self.maximumLinks = max(1, maximumLinks)
        self.links = links
        self.tokens = tokens
        self.linkDomain = linkDomain
        self.brandDomains = brandDomains
        self.monthlyQuota = monthlyQuota
        self.requestsPerSecond = requestsPerSecond
        self.v1RequestsPerSecond = v1RequestsPerSecond
        self.qrRequestsPerSecond = qrRequestsPerSecond
    }
}
