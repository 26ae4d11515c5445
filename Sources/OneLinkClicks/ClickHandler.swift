import Foundation
public import OneLinkEmulator

/// Decides what happens to a click on one of the app's links, and records the clicks the server sees.
///
/// The decision, in order (also in `Docs/server-side.md`):
///
/// 1. Bad input is refused with a ``ClickError`` and nothing is recorded:
///    missing `User-Agent` or IP address, oversized headers or query, a
///    malformed user agent, a URL that is not one of the app's OneLinks or
///    its smart link or a raw attribution link (`app.appsflyer.com/<app ID>`),
///    an unknown template, app ID or short link, a bad
///    `af_click_lookback` or fallback URL.
/// 2. If iOS would open the app (never for a raw attribution link, which is
///    no universal link), the request never reaches the server: the
///    app is installed, the user has not bypassed the universal link, the
///    link was tapped (not typed, not loaded in a web view), the tap did not
///    come from a page on the link's own domain, and the browser is not an
///    in-app browser (unless the tap came from the interstitial page). The
///    decision is ``ClickDecision/Kind/openedApp(universalLink:)`` and
///    **no click is recorded**.
/// 3. Otherwise the server sees the click, records it, and answers from what
///    it can see (it cannot know whether the app is installed):
///    - a smart link: the interstitial page in an in-app browser, else its
///      `url` (or the App Store, by ``Configuration/smartLinkFallback``);
///    - a raw attribution link with `af_r` → that URL (http or https, else
///      ``ClickError/invalidFallbackURL(key:value:)``), on every platform;
///    - a OneLink with `af_force_deeplink=true` and an `af_dp` →
///      ``ClickDecision/Kind/uriSchemeFallback(url:)`` to ``ClickedLink/uriSchemeURL``: `af_dp`
///      carrying the link's parameters, in every browser, in-app browsers included;
///    - an in-app browser on a OneLink, unless the tap came from the interstitial page →
///      ``ClickDecision/Kind/interstitial(_:)``;
///    - iOS → `af_ios_url`, else the App Store; Android → `af_android_url`,
///      else the Play Store, else `af_web_dp`, else the App Store; desktop
///      and other → `af_web_dp`, else the App Store.
public struct ClickHandler: Sendable {
    /// The app's OneLink setup.
    public var configuration: Configuration { settings.configuration }
    /// The setup, shared by every copy of the handler: a replay copies its handler on each click, and
    /// the setup's dozen sets and strings cost a retain and a release each per copy.
    private let settings: Settings
    /// The short-link table.
    public let shortLinks: any ShortLinkResolver
    /// Where served clicks are recorded.
    public let store: any ClickStore
    /// The clock that timestamps clicks.
    public let clock: any EmulatorClock

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - configuration: The app's OneLink setup.
    ///   - shortLinks: The short-link table, keyed `template/shortID`.
    ///   - store: Where served clicks are recorded.
    ///   - clock: The clock that timestamps clicks.
    /// - Throws: ``ClickError/invalidConfiguration(_:)`` when the configuration is inconsistent.
    public init(
        configuration: Configuration, shortLinks: any ShortLinkResolver = InMemoryShortLinkResolver(),
        store: any ClickStore, clock: any EmulatorClock = SystemClock()
    ) throws(ClickError) {
        try configuration.validate()
        settings = Settings(configuration)
        self.shortLinks = shortLinks
        self.store = store
        self.clock = clock
    }

    /// Handles one click.
    ///
    /// - Returns: What happened; ``ClickDecision/recordedClick`` is the click the server stored, if any.
    /// - Throws: ``ClickError``; the store is then unchanged.
    public func handle(_ request: ClickRequest) async throws(ClickError) -> ClickDecision {
        try await decide(request, recording: true)
    }

    /// Answers a click the way ``handle(_:)`` would, without recording it.
    ///
    /// For requests that look at a link without following it, such as an HTTP `HEAD` from a link
    /// checker: the answer is the same, but no click exists to attribute an install to.
    ///
    /// - Returns: What would happen; ``ClickDecision/recordedClick`` is always `nil`.
    /// - Throws: ``ClickError``, as ``handle(_:)`` would.
    public func preview(_ request: ClickRequest) async throws(ClickError) -> ClickDecision {
        try await decide(request, recording: false)
    }

    private func decide(_ request: ClickRequest, recording: Bool) async throws(ClickError) -> ClickDecision {
        try checkHeaderLengths(of: request)
        guard let userAgentText = request.userAgent ?? request.header("User-Agent") else {
            throw .missingHeader("User-Agent")
        }
        let userAgent = try UserAgent(
            parsing: userAgentText, signatures: settings.configuration.inAppBrowserSignatures)
        let ipAddress = try Self.ipAddress(of: request)
        try checkQueryLength(of: request.url)
        let link = try await classify(request.url, headers: request.headers)

        let referrer = request.header("Referer")
        let referrerHost = referrer.flatMap { try? Self.plainParser.parse($0).host }
        let fromInterstitial = referrerHost == settings.configuration.interstitialDomain
        let context = request.context
        let iOSOpensApp =
            !link.isAttributionLink && context.appInstalled && !context.universalLinkBypassed
            && context.origin == .linkTap
            && referrerHost != link.host && (userAgent.inAppBrowser == nil || fromInterstitial)
        if iOSOpensApp {
            return ClickDecision(kind: .openedApp(universalLink: request.url), link: link, recordedClick: nil)
        }

        let kind = try serverAnswer(for: link, userAgent: userAgent, fromInterstitial: fromInterstitial)
        guard recording, link.isAttributable else {
            return ClickDecision(kind: kind, link: link, recordedClick: nil)
        }
        let fingerprint = DeviceFingerprint(
            userAgent: userAgent, ipAddress: ipAddress, acceptLanguage: request.header("Accept-Language"))
        let click = RecordedClick(
            time: clock.now, link: link, fingerprint: fingerprint,
            advertisingID: Self.nonEmpty(request.advertisingID) ?? Self.queryAdvertisingID(of: link),
            deviceID: Self.nonEmpty(request.deviceID),
            userAgent: userAgent, referrer: referrer)
        do {
            try await store.record(click)
        } catch let error as ClickError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
        return ClickDecision(kind: kind, link: link, recordedClick: click)
    }

    // MARK: - Validation

    private func checkHeaderLengths(of request: ClickRequest) throws(ClickError) {
        let limit = settings.configuration.maximumHeaderLength
        // Almost every request is within the limit: only then are the headers gathered and sorted,
        // to name the first too-large one by name.
        guard
            request.headers.values.contains(where: { $0.utf8.count > limit })
                || (request.userAgent?.utf8.count ?? 0) > limit
        else { return }
        var values = request.headers.map { ($0.key, $0.value) }
        if let userAgent = request.userAgent { values.append(("User-Agent", userAgent)) }
        for (name, value) in values.sorted(by: { $0.0 < $1.0 }) where value.utf8.count > limit {
            throw .headerTooLarge(name: name, length: value.utf8.count, limit: limit)
        }
    }

    private static func ipAddress(of request: ClickRequest) throws(ClickError) -> String {
        let candidate =
            request.ipAddress
            ?? request.header("X-Forwarded-For").map {
                String($0.split(separator: ",", omittingEmptySubsequences: false).first ?? "")
                    .trimmingASCIIWhitespace()
            }
        guard let candidate else { throw .missingHeader("X-Forwarded-For") }
        guard IPAddressText.isValid(candidate) else { throw .invalidIPAddress(candidate) }
        return candidate
    }

    private func checkQueryLength(of url: String) throws(ClickError) {
        guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return }
        let query = url.utf8[url.utf8.index(after: question)...].prefix { $0 != UInt8(ascii: "#") }
        guard query.count <= settings.configuration.maximumQueryLength else {
            throw .queryTooLarge(length: query.count, limit: settings.configuration.maximumQueryLength)
        }
    }

    /// The advertising ID a link's query carries for ID matching.
    ///
    /// `idfa` (iOS), else `advertising_id` (Android GAID), as in AppsFlyer's documented test link.
    /// Smart links carry none.
    private static func queryAdvertisingID(of link: ClickedLink) -> String? {
        if case .smartLink = link.kind { return nil }
        return nonEmpty(link.parameters["idfa"]?.stringValue)
            ?? nonEmpty(link.parameters["advertising_id"]?.stringValue)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    // MARK: - Classification

    private func classify(_ url: String, headers: [String: String]) async throws(ClickError) -> ClickedLink {
        let parsed: ParsedLink
        do {
            parsed = try settings.linkParser.parse(url)
        } catch {
            throw .invalidLink(error)
        }
        let kind: ClickedLink.Kind
        var parameters = parsed.parameters
        var attributable = true
        if parsed.scheme == "https" || parsed.scheme == "http",
            parsed.host == settings.configuration.smartLinkDomain,
            parsed.path == settings.configuration.smartLinkPath
        {
            kind = try Self.smartLinkKind(of: parsed)
        } else if parsed.scheme == "https" || parsed.scheme == "http",
            settings.configuration.oneLinkDomains.contains(parsed.host)
                || settings.configuration.customDomains.contains(parsed.host)
        {
            switch parsed.kind {
            case .oneLink(let template?):
                try checkTemplate(template)
                kind = .oneLink(template: template)
            case .shortLink(let template, let shortID):
                try checkTemplate(template)
                kind = .shortLink(template: template, shortID: shortID)
                if let stored = try await resolve(
                    parsed, template: template, shortID: shortID, headers: headers)
                {
                    parameters = stored.merging(parsed.parameters)
                } else {
                    attributable = false
                }
            case .oneLink(nil), .uriScheme, .webLink:
                throw .missingTemplate(url: url)
            }
        } else if parsed.scheme == "https" || parsed.scheme == "http",
            parsed.host == Configuration.attributionLinkDomain
        {
            let appID = String(parsed.path.dropFirst())
            guard !appID.isEmpty, !appID.contains("/"), settings.configuration.acceptsAppID(appID) else {
                throw .unknownAppID(appID)
            }
            kind = .attributionLink(appID: appID)
        } else {
            throw .notOneLink(url: url)
        }
        let lookback = try ClickLookback.window(from: parameters["af_click_lookback"])
        let reengagement = try ReengagementWindow.window(from: parameters["af_reengagement_window"])
        var link = ClickedLink(
            kind: kind, url: url, host: parsed.host, parameters: parameters, lookback: lookback,
            reengagementWindow: reengagement)
        link.isAttributable = attributable
        return link
    }

    private func checkTemplate(_ template: String) throws(ClickError) {
        guard settings.configuration.templates.contains(template) else { throw .unknownTemplate(template) }
    }

    /// The short link's stored parameters, or `nil` when the table does not hold it (a 404).
    private func resolve(
        _ parsed: ParsedLink, template: String, shortID: String, headers: [String: String]
    ) async throws(ClickError) -> AttributionPayload? {
        let request = ShortLinkRequest(
            host: parsed.host, template: template, shortID: shortID, link: parsed.link, headers: headers)
        do {
            return try await shortLinks.resolve(request)
        } catch {
            let wrapped = AttributionError(wrapping: error)
            if case .httpStatus(404, _) = wrapped { return nil }
            throw .resolutionFailed(wrapped)
        }
    }

    private static func smartLinkKind(of parsed: ParsedLink) throws(ClickError) -> ClickedLink.Kind {
        func invalid(_ reason: String) -> ClickError { .invalidSmartLink(url: parsed.link, reason: reason) }
        guard let appURL = parsed.parameters["scheme"]?.stringValue, !appURL.isEmpty else {
            throw invalid("missing scheme parameter")
        }
        guard let app = try? Self.plainParser.parse(appURL), app.kind == .uriScheme,
            !unsafeSchemes.contains(app.scheme)
        else { throw invalid("scheme is not an app URL such as myapp://path") }
        guard let webURL = parsed.parameters["url"]?.stringValue, !webURL.isEmpty else {
            throw invalid("missing url parameter")
        }
        guard let web = try? Self.plainParser.parse(webURL), web.scheme == "https" || web.scheme == "http"
        else {
            throw invalid("url is not an http(s) URL")
        }
        return .smartLink(appURL: appURL, webURL: webURL)
    }

    // MARK: - Server answer

    static let unsafeSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "about", "blob"]

    /// A parser with no custom domains, for fallback URLs and referrers: made once, not per URL.
    private static let plainParser = LinkParser()

    private func serverAnswer(
        for link: ClickedLink, userAgent: UserAgent, fromInterstitial: Bool
    ) throws(ClickError) -> ClickDecision.Kind {
        if case .smartLink(_, let webURL) = link.kind {
            if let browser = userAgent.inAppBrowser, !fromInterstitial {
                return .interstitial(interstitialPage(for: link, browser: browser))
            }
            switch settings.configuration.smartLinkFallback {
            case .webURL: return .redirect(location: webURL)
            case .appStore: return .redirect(location: settings.configuration.appStoreURL)
            }
        }
        // AppsFlyer's single-platform links take the redirection URL in `af_r`; OneLinks route by
        // platform through `af_ios_url`, `af_android_url` and `af_web_dp` (Docs/behaviour.md).
        if link.isAttributionLink, let value = link.parameters["af_r"] {
            return .redirect(location: try Self.webURL(value, key: "af_r"))
        }
        if Self.isTrue(link.parameters["af_force_deeplink"]), let deepLink = link.parameters["af_dp"] {
            _ = try Self.appURL(deepLink, key: "af_dp")
            return .uriSchemeFallback(url: link.uriSchemeURL ?? deepLink.textValue)
        }
        // A raw attribution link is no universal link, so an in-app browser gains nothing from the page.
        if let browser = userAgent.inAppBrowser, !fromInterstitial, !link.isAttributionLink {
            return .interstitial(interstitialPage(for: link, browser: browser))
        }
        let fallbackKey = userAgent.platform == .iOS ? "af_ios_url" : "af_android_url"
        if userAgent.platform == .iOS || userAgent.platform == .android,
            let value = link.parameters[fallbackKey]
        {
            return .redirect(location: try Self.webURL(value, key: fallbackKey))
        }
        if userAgent.platform == .android, let store = settings.configuration.playStoreURL {
            return .redirect(location: store)
        }
        if userAgent.platform != .iOS, let value = link.parameters["af_web_dp"] {
            return .redirect(location: try Self.webURL(value, key: "af_web_dp"))
        }
        return .redirect(location: settings.configuration.appStoreURL)
    }

    private func interstitialPage(for link: ClickedLink, browser: InAppBrowser) -> InterstitialPage {
        InterstitialPage(
            url: "https://\(settings.configuration.interstitialDomain)\(Self.pathAndQuery(of: link.url))",
            universalLink: link.url, browser: browser,
            buttonTitle: settings.configuration.interstitialButtonTitle)
    }

    /// Everything after the authority: `/H5hv?pid=Email`.
    static func pathAndQuery(of url: String) -> String {
        // A byte search: Foundation's `range(of:)` goes through `NSString` on Linux.
        guard let schemeEnd = url.utf8Range(of: "://") else { return "/" }
        let rest = url[schemeEnd.upperBound...]
        guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return "/" }
        let tail = String(rest[start...])
        return tail.hasPrefix("/") ? tail : "/" + tail
    }

    private static func isTrue(_ value: AttributionValue?) -> Bool {
        value == .bool(true) || value?.stringValue?.lowercased() == "true"
    }

    private static func webURL(_ value: AttributionValue, key: String) throws(ClickError) -> String {
        guard let text = value.stringValue, let parsed = try? Self.plainParser.parse(text),
            parsed.scheme == "https" || parsed.scheme == "http"
        else { throw .invalidFallbackURL(key: key, value: value.textValue) }
        return text
    }

    private static func appURL(_ value: AttributionValue, key: String) throws(ClickError) -> String {
        guard let text = value.stringValue, let parsed = try? Self.plainParser.parse(text),
            !unsafeSchemes.contains(parsed.scheme)
        else { throw .invalidFallbackURL(key: key, value: value.textValue) }
        return text
    }
}

extension ClickHandler {
    /// The handler's setup, held once.
    private final class Settings: Sendable {
        let configuration: Configuration
        /// The parser that knows the custom domains, made once: made per click, it lowercased them
        /// into a new set each time.
        let linkParser: LinkParser

        init(_ configuration: Configuration) {
            self.configuration = configuration
            linkParser = LinkParser(customDomains: configuration.customDomains)
        }
    }
}
