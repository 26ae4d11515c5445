public import OneLinkEmulator

/// A clicked URL the handler recognised as one of the app's links, with its resolved parameters.
public struct ClickedLink: Sendable, Hashable {
    /// The kinds of link a click can be on.
    public enum Kind: Sendable, Hashable {
        /// A long OneLink, `https://<sub>.onelink.me/<template>?pid=...` or the same on a custom domain.
        case oneLink(template: String)
        /// A short OneLink, `https://<sub>.onelink.me/<template>/<shortID>`, resolved through the short-link table.
        case shortLink(template: String, shortID: String)
        /// The app's smart link, `https://<domain>/<path>?scheme=<app URL>&url=<web URL>`.
        case smartLink(appURL: String, webURL: String)
        /// A raw attribution link, `https://app.appsflyer.com/<app ID>?pid=...`: AppsFlyer's own
        /// click URL, used for the documented manual SDK integration test. Never a universal link.
        case attributionLink(appID: String)
    }

    /// What kind of link this is.
    public var kind: Kind
    /// The URL exactly as clicked.
    public var url: String
    /// The URL's host, lowercased.
    public var host: String
    /// The link's parameters: the query of a long link or smart link; for a short link the stored
    /// parameters, overridden by any query parameters appended to the short URL.
    public var parameters: AttributionPayload
    /// How long after the click an install can be attributed to it (`af_click_lookback`).
    public var lookback: Duration
    /// The link's re-engagement window, `af_reengagement_window`; `nil` for `lifetime`.
    ///
    /// How long after a re-engagement the user's activity stays with this link's media source.
    /// Only retargeting links use it.
    public var reengagementWindow: Duration?
    /// Whether a click on the link can be attributed; `false` for a short link the short-link
    /// table does not hold (expired, deleted or never made).
    ///
    /// Such a click "still defaults to the behavior defined in the OneLink base configuration, but
    /// the attribution will not work" (the OneLink API's TTL rules): it routes as the template's
    /// long link with only the short URL's own query, and no click is recorded.
    public var isAttributable = true

    /// Creates a link from its parts.
    public init(
        kind: Kind, url: String, host: String, parameters: AttributionPayload,
        lookback: Duration = ClickLookback.defaultWindow,
        reengagementWindow: Duration? = ReengagementWindow.defaultWindow
    ) {
        self.kind = kind
        self.url = url
        self.host = host
        self.parameters = parameters
        self.lookback = lookback
        self.reengagementWindow = reengagementWindow
    }

    /// Whether the link belongs to a retargeting campaign: `is_retargeting` is `true` (any case).
    public var isRetargeting: Bool {
        switch parameters["is_retargeting"] {
        case .bool(let flag)?: return flag
        case .string(let text)?: return text.lowercased() == "true"
        default: return false
        }
    }

    /// The OneLink template ID, for long and short OneLinks.
    public var template: String? {
        switch kind {
        case .oneLink(let template), .shortLink(let template, _): return template
        case .smartLink, .attributionLink: return nil
        }
    }

    /// Whether this is a raw attribution link on `app.appsflyer.com`.
    public var isAttributionLink: Bool {
        if case .attributionLink = kind { return true }
        return false
    }

    /// The short link ID, for short OneLinks.
    public var shortID: String? {
        if case .shortLink(_, let shortID) = kind { return shortID }
        return nil
    }

    /// Where the app navigates once open: a smart link's `scheme`, a OneLink's `af_dp`.
    public var appURL: String? {
        switch kind {
        case .smartLink(let appURL, _): return appURL
        case .oneLink, .shortLink, .attributionLink: return parameters["af_dp"]?.stringValue
        }
    }
}
