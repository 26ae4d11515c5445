import OneLinkEmulator

/// What happened to a click: the app opened, or what the OneLink server answered.
public struct ClickDecision: Sendable, Hashable {
    /// The outcomes of a click.
    public enum Kind: Sendable, Hashable {
        /// iOS opened the installed app with the universal link; the server never saw the request.
        case openedApp(universalLink: String)
        /// The server redirected to the store, a fallback (`af_ios_url`, `af_android_url`,
        /// `af_web_dp`) or a smart link's `url`.
        case redirect(location: String)
        /// The server showed an interstitial page on another domain, for an in-app browser.
        case interstitial(InterstitialPage)
        /// The server sent the browser to the link's URI scheme because `af_force_deeplink=true`:
        /// `af_dp` carrying the link's parameters (``ClickedLink/uriSchemeURL``).
        case uriSchemeFallback(url: String)
    }

    /// What happened.
    public var kind: Kind
    /// The link that was clicked, with its resolved parameters.
    public var link: ClickedLink
    /// The click the server recorded; `nil` when the app opened and the server saw nothing.
    public var recordedClick: RecordedClick?

    /// Creates a decision.
    public init(kind: Kind, link: ClickedLink, recordedClick: RecordedClick?) {
        self.kind = kind
        self.link = link
        self.recordedClick = recordedClick
    }

    /// Where the app navigates once open: a smart link's `scheme`, a OneLink's `af_dp`.
    public var appURL: String? { link.appURL }

    /// The HTTP answer the server sent; `nil` for ``Kind/openedApp(universalLink:)``.
    ///
    /// Redirects and the URI-scheme fallback are `302 Found` with a
    /// `Location` header; the interstitial page is `200 OK` HTML whose
    /// `Content-Location` is the page's address on the interstitial domain.
    ///
    /// A click on a short link the table does not hold carries an `X-OneLink-Warning` header
    /// saying so (``ClickedLink/isAttributable``).
    public var httpResponse: ClickHTTPResponse? {
        var response: ClickHTTPResponse
        switch kind {
        case .openedApp: return nil
        case .redirect(let location): response = .redirect(to: location)
        case .interstitial(let page): response = page.response
        case .uriSchemeFallback(let url): response = .redirect(to: url)
        }
        if !link.isAttributable, let template = link.template, let shortID = link.shortID {
            response.headers["X-OneLink-Warning"] =
                "short link \(template)/\(shortID) not found (expired, deleted or never made): "
                + "routed as the template's base configuration; no click recorded"
        }
        return response
    }

    /// The status of ``httpResponse``, without building its headers and body; `nil` for
    /// ``Kind/openedApp(universalLink:)``.
    package var httpStatus: Int? {
        switch kind {
        case .openedApp: return nil
        case .redirect, .uriSchemeFallback: return 302
        case .interstitial: return 200
        }
    }
}
