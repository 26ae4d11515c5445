import OneLinkEmulator

/// The page a OneLink server shows inside an in-app browser, whose button opens the universal link.
///
/// In-app browsers never hand a loaded URL to iOS, but a user's tap on a link
/// to *another* domain does trigger a universal link. So the page is served
/// from the interstitial domain, which must differ from the link's domain, and
/// its one button links back to the original universal link.
public struct InterstitialPage: Sendable, Hashable {
    /// The page's address: the clicked URL with its host replaced by the interstitial domain.
    public var url: String
    /// The universal link the button opens: the URL exactly as clicked.
    public var universalLink: String
    /// The in-app browser the page was served to.
    public var browser: InAppBrowser
    /// The button's label.
    public var buttonTitle: String

    /// Creates a page.
    package init(
        url: String, universalLink: String, browser: InAppBrowser, buttonTitle: String = "Open in the app"
    ) {
        self.url = url
        self.universalLink = universalLink
        self.browser = browser
        self.buttonTitle = buttonTitle
    }

    /// The page's HTML; the button is `<a id="open-app" href="…">` with the universal link, HTML-escaped.
    package var html: String {
        """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escaped(buttonTitle))</title>
        </head>
        <body>
        <p>This in-app browser (\(HTMLText.escaped(browser.rawValue))) cannot open the app by itself.</p>
        <a id="open-app" href="\(HTMLText.escaped(universalLink))">\(HTMLText.escaped(buttonTitle))</a>
        </body>
        </html>

        """
    }

    /// The `200 OK` HTML response that serves this page.
    package var response: ClickHTTPResponse {
        ClickHTTPResponse(
            status: 200,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Content-Location": url,
                "Cache-Control": "no-store",
            ],
            body: html)
    }
}
