public import OneLinkEmulator

/// Why a click could not be handled, recorded or matched.
///
/// Every case is thrown before anything is written to the ``ClickStore``, so
/// a failed click leaves the store exactly as it was.
public enum ClickError: Error, Sendable, Hashable {
    /// The user agent is missing, empty or only whitespace.
    case emptyUserAgent
    /// The user agent is not a valid `product/version (comment)` list; `reason` says what is wrong.
    case malformedUserAgent(userAgent: String, reason: String)
    /// A required header is absent: `User-Agent`, or `X-Forwarded-For` when the request has no IP address.
    case missingHeader(String)
    /// A header value is longer than the limit, in UTF-8 bytes.
    case headerTooLarge(name: String, length: Int, limit: Int)
    /// The IP address is not a textual IPv4 or IPv6 address.
    case invalidIPAddress(String)
    /// The query string is longer than the limit, in UTF-8 bytes.
    case queryTooLarge(length: Int, limit: Int)
    /// The clicked URL could not be parsed.
    case invalidLink(LinkError)
    /// The clicked URL is neither a OneLink of the app nor its smart link.
    case notOneLink(url: String)
    /// The OneLink has no template ID in its path.
    case missingTemplate(url: String)
    /// The OneLink's template ID is not one of the app's templates.
    case unknownTemplate(String)
    /// The raw attribution link's app ID (`app.appsflyer.com/<app ID>`) is not one of the app's IDs.
    case unknownAppID(String)
    /// The short link is not known to the short-link table.
    ///
    /// No longer thrown by ``ClickHandler``: such a click routes as the template's base
    /// configuration, unattributed (``ClickedLink/isAttributable``). Kept for source compatibility.
    case unknownShortLink(template: String, shortID: String)
    /// Resolving the short link failed for another reason.
    case resolutionFailed(AttributionError)
    /// The smart link lacks a usable `scheme` or `url` parameter; `reason` says which.
    case invalidSmartLink(url: String, reason: String)
    /// `af_click_lookback` is not `1d`…`30d` or `1h`…`23h`.
    case invalidLookback(String)
    /// `af_reengagement_window` is not `1h`…`23h`, `1d`…`90d`, a day count `1`…`90` or `lifetime`.
    case invalidReengagementWindow(String)
    /// A fallback parameter (`af_ios_url`, `af_android_url`, `af_web_dp`, `af_dp`, `af_r`) holds an unusable URL.
    case invalidFallbackURL(key: String, value: String)
    /// The click store refused or failed to store the click.
    case storageFailed(String)
    /// The handler or matcher configuration is inconsistent; the text says how.
    case invalidConfiguration(String)
}

extension ClickError: CustomStringConvertible {
    /// A one-line explanation of the problem.
    public var description: String {
        switch self {
        case .emptyUserAgent:
            return "the click has no user agent"
        case .malformedUserAgent(let userAgent, let reason):
            return "malformed user agent (\(reason)): \(LinkError.abbreviate(userAgent))"
        case .missingHeader(let name):
            return "the click lacks the required header \(name)"
        case .headerTooLarge(let name, let length, let limit):
            return "the \(name) header is \(length) bytes long; the limit is \(limit) bytes"
        case .invalidIPAddress(let address):
            return "not an IPv4 or IPv6 address: \(LinkError.abbreviate(address))"
        case .queryTooLarge(let length, let limit):
            return "the query string is \(length) bytes long; the limit is \(limit) bytes"
        case .invalidLink(let error):
            return "invalid link: \(error)"
        case .notOneLink(let url):
            return "not a OneLink or smart link of this app: \(LinkError.abbreviate(url))"
        case .missingTemplate(let url):
            return "the OneLink has no template ID: \(LinkError.abbreviate(url))"
        case .unknownAppID(let appID):
            return "unknown app ID \(LinkError.abbreviate(appID)) in the attribution link"
        case .unknownTemplate(let template):
            return "unknown OneLink template \(template)"
        case .unknownShortLink(let template, let shortID):
            return "unknown short link \(template)/\(shortID)"
        case .resolutionFailed(let error):
            return "short-link resolution failed: \(error)"
        case .invalidSmartLink(let url, let reason):
            return "invalid smart link (\(reason)): \(LinkError.abbreviate(url))"
        case .invalidLookback(let value):
            return "af_click_lookback must be 1d…30d or 1h…23h, got \(LinkError.abbreviate(value))"
        case .invalidReengagementWindow(let value):
            return
                "af_reengagement_window must be 1h…23h, 1d…90d, 1…90 (days) or lifetime, got \(LinkError.abbreviate(value))"
        case .invalidFallbackURL(let key, let value):
            return "\(key) is not a usable URL: \(LinkError.abbreviate(value))"
        case .storageFailed(let message):
            return "the click store failed: \(message)"
        case .invalidConfiguration(let message):
            return "invalid click configuration: \(message)"
        }
    }
}
