import OneLinkEmulator
import OneLinkSupport

extension ClickHandler {
    /// The app's OneLink setup, as the OneLink server knows it.
    public struct Configuration: Sendable, Hashable {
        /// Where a served smart link sends the browser.
        public enum SmartLinkFallback: Sendable, Hashable {
            /// To the smart link's `url` parameter: the visitor keeps browsing the web.
            case webURL
            /// To the App Store: the visitor installs, and the click can be matched at first launch.
            case appStore
        }

        /// The default query-string limit: 64 KiB.
        public static let defaultMaximumQueryLength = 64 * 1024
        /// The default limit for one header value: 8 KiB.
        public static let defaultMaximumHeaderLength = 8 * 1024

        /// The app's App Store page, the redirect of iOS and desktop clicks without a fallback.
        public var appStoreURL: String
        /// The app's Google Play page, the redirect of Android clicks without `af_android_url`.
        public var playStoreURL: String?
        /// The app's OneLink subdomains, such as `onelink-basic-app.onelink.me`.
        public var oneLinkDomains: Set<String>
        /// The app's branded OneLink domains (the SDK's `oneLinkCustomDomains`).
        public var customDomains: Set<String>
        /// The app's OneLink template IDs, such as `H5hv`; links with other templates are refused.
        public var templates: Set<String>
        /// The domain that serves the interstitial page; must differ from every universal-link domain.
        public var interstitialDomain: String
        /// The domain of the app's smart link (`scheme=&url=`), if it has one.
        public var smartLinkDomain: String?
        /// The smart link's path on ``smartLinkDomain``.
        public var smartLinkPath: String
        /// Where a served smart link sends the browser.
        public var smartLinkFallback: SmartLinkFallback
        /// The tokens that reveal in-app browsers, checked in order.
        public var inAppBrowserSignatures: [InAppBrowser.Signature]
        /// The longest query string accepted, in UTF-8 bytes.
        public var maximumQueryLength: Int
        /// The longest header value accepted, in UTF-8 bytes.
        public var maximumHeaderLength: Int
        /// The label of the interstitial page's button.
        public var interstitialButtonTitle: String
        /// The app IDs whose raw attribution links (`https://app.appsflyer.com/{app-id}?pid=…`) are
        /// clicks, such as `id1234567890`; an iOS ID matches with or without its `id` prefix.
        public var appIDs: Set<String>

        /// The host of raw attribution links: `app.appsflyer.com`.
        public static let attributionLinkDomain = "app.appsflyer.com"

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - appStoreURL: The app's App Store page.
        ///   - playStoreURL: The app's Google Play page, if it has one.
        ///   - oneLinkDomains: The app's `*.onelink.me` subdomains.
        ///   - customDomains: The app's branded OneLink domains.
        ///   - templates: The app's OneLink template IDs.
        ///   - interstitialDomain: The domain that serves the interstitial page.
        ///   - smartLinkDomain: The domain of the app's smart link, if any.
        ///   - smartLinkPath: The smart link's path.
        ///   - smartLinkFallback: Where a served smart link sends the browser.
        ///   - inAppBrowserSignatures: The tokens that reveal in-app browsers.
        ///   - maximumQueryLength: The longest query string accepted, in UTF-8 bytes.
        ///   - maximumHeaderLength: The longest header value accepted, in UTF-8 bytes.
        ///   - interstitialButtonTitle: The label of the interstitial page's button.
        ///   - appIDs: The app IDs whose raw attribution links are clicks.
        public init(
            appStoreURL: String, playStoreURL: String? = nil, oneLinkDomains: Set<String> = [],
            customDomains: Set<String> = [], templates: Set<String> = [], interstitialDomain: String,
            smartLinkDomain: String? = nil, smartLinkPath: String = "/babalink",
            smartLinkFallback: SmartLinkFallback = .webURL,
            inAppBrowserSignatures: [InAppBrowser.Signature] = InAppBrowser.defaultSignatures,
            maximumQueryLength: Int = Configuration.defaultMaximumQueryLength,
            maximumHeaderLength: Int = Configuration.defaultMaximumHeaderLength,
            interstitialButtonTitle: String = "Open in the app", appIDs: Set<String> = []
        ) {
            self.appStoreURL = appStoreURL
            self.playStoreURL = playStoreURL
            self.oneLinkDomains = Self.lowercased(oneLinkDomains)
            self.customDomains = Self.lowercased(customDomains)
            self.templates = templates
            self.interstitialDomain = Self.lowercased(interstitialDomain)
            self.smartLinkDomain = smartLinkDomain.map(Self.lowercased)
            self.smartLinkPath = smartLinkPath
            self.smartLinkFallback = smartLinkFallback
            self.inAppBrowserSignatures = inAppBrowserSignatures
            self.maximumQueryLength = maximumQueryLength
            self.maximumHeaderLength = maximumHeaderLength
            self.interstitialButtonTitle = interstitialButtonTitle
            self.appIDs = appIDs
        }

        /// `domains` lowercased; the set itself when every domain already is, as a scenario's are,
        /// instead of a new array, set and strings.
        static func lowercased(_ domains: Set<String>) -> Set<String> {
            domains.allSatisfy(isLowercaseASCII) ? domains : Set(domains.map { $0.lowercased() })
        }

        /// `domain` lowercased; the text itself when it already is (a lowercased copy of a long
        /// string is a new allocation).
        static func lowercased(_ domain: String) -> String {
            isLowercaseASCII(domain) ? domain : domain.lowercased()
        }

        /// Whether `text` is ASCII without capitals, so `lowercased()` would give it back unchanged.
        private static func isLowercaseASCII(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }
        }

        /// Whether `appID` is one of ``appIDs``, with or without an iOS `id` prefix on either side.
        public func acceptsAppID(_ appID: String) -> Bool {
            func bare(_ id: String) -> String { id.hasPrefix("id") ? String(id.dropFirst(2)) : id }
            let wanted = bare(appID)
            return !wanted.isEmpty && appIDs.contains { bare($0) == wanted }
        }

        /// Every domain whose links iOS may hand to the app: OneLink, custom and smart-link domains.
        public var universalLinkDomains: Set<String> {
            oneLinkDomains.union(customDomains).union(smartLinkDomain.map { [$0] } ?? [])
        }

        /// Checks that the configuration is consistent.
        ///
        /// - Throws: ``ClickError/invalidConfiguration(_:)`` saying what is wrong.
        public func validate() throws(ClickError) {
            func fail(_ message: String) -> ClickError { .invalidConfiguration(message) }
            let parser = LinkParser()
            func checkStoreURL(_ name: String, _ url: String?) throws(ClickError) {
                guard let url else { return }
                guard let scheme = try? parser.parse(url).scheme,
                    scheme == "https" || scheme == "http" || scheme == "itms-apps"
                else {
                    throw fail(
                        "\(name) must be an https, http or itms-apps URL, got \"\(QuotedInput.prefix(url, limit: 200))\""
                    )
                }
            }
            try checkStoreURL("appStoreURL", appStoreURL)
            try checkStoreURL("playStoreURL", playStoreURL)
            // The domain sets are read as they are: their union cost two new sets per server replay.
            guard !oneLinkDomains.isEmpty || !customDomains.isEmpty || smartLinkDomain != nil else {
                throw fail("no OneLink, custom or smart-link domain is configured")
            }
            for domain in oneLinkDomains where !parser.isOneLinkHost(domain) {
                throw fail("\(domain) is not a onelink.me domain; list branded domains as custom domains")
            }
            if !oneLinkDomains.isEmpty || !customDomains.isEmpty, templates.isEmpty {
                throw fail("OneLink domains are configured but no template IDs")
            }
            guard !interstitialDomain.isEmpty, !interstitialDomain.contains("/") else {
                throw fail("the interstitial domain must be a host name")
            }
            guard
                !oneLinkDomains.contains(interstitialDomain), !customDomains.contains(interstitialDomain),
                smartLinkDomain != interstitialDomain
            else {
                throw fail(
                    "the interstitial domain \(interstitialDomain) must differ from the universal-link domains, "
                        + "or its button would not open the app")
            }
            if smartLinkDomain != nil, !smartLinkPath.hasPrefix("/") {
                throw fail("the smart-link path must start with /")
            }
            guard maximumQueryLength > 0, maximumHeaderLength > 0 else {
                throw fail("the query and header limits must be positive")
            }
        }
    }
}
