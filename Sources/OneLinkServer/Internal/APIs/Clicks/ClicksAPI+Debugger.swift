import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The link debugger: `?debug=1` on any click link shows, instead of following the link, what the
/// click handler decides for each platform and browser, by asking a copy of the handler that records
/// nothing.
extension ClicksAPI {
    /// One device and browser the debugger asks about.
    struct DebugCase: Sendable {
        var name: String
        var userAgent: String
        var context: ClickContext
    }

    /// The cases, in the order shown.
    static let debugCases: [DebugCase] = {
        let iPhone =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let safari = iPhone + " Version/17.4 Mobile/15E148 Safari/604.1"
        let instagram =
            iPhone
            + " Mobile/15E148 Instagram 321.0.2.23.105 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556)"
        let facebook =
            iPhone + " Mobile/15E148 [FBAN/FBIOS;FBAV/452.0.0.38.109;FBBV/600000000;FBDV/iPhone15,2]"
        let chromeAndroid =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
        let facebookAndroid =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
            + "Chrome/124.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/452.0.0.38.109;]"
        let desktop =
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
        return [
            DebugCase(
                name: "iOS Safari, app installed", userAgent: safari, context: .init(appInstalled: true)),
            DebugCase(name: "iOS Safari, app not installed", userAgent: safari, context: .init()),
            DebugCase(
                name: "iOS Safari, app installed, link pasted in the address bar", userAgent: safari,
                context: .init(appInstalled: true, origin: .addressBar)),
            DebugCase(
                name: "iOS Instagram in-app browser, app installed", userAgent: instagram,
                context: .init(appInstalled: true)),
            DebugCase(
                name: "iOS Instagram in-app browser, app not installed", userAgent: instagram,
                context: .init()),
            DebugCase(
                name: "iOS Facebook in-app browser, app not installed", userAgent: facebook, context: .init()),
            DebugCase(name: "Android Chrome, app not installed", userAgent: chromeAndroid, context: .init()),
            DebugCase(
                name: "Android Facebook in-app browser, app not installed", userAgent: facebookAndroid,
                context: .init()),
            DebugCase(name: "Desktop Chrome (macOS)", userAgent: desktop, context: .init()),
        ]
    }()

    /// The query parameters the debugger reads, left out of the link it asks about.
    static let debugParameters: Set<String> = ["debug", "format"]

    /// Whether `request` asks for the debugger (`debug=1`).
    func wantsDebugger(_ request: ServerRequest) -> Bool { query(request, "debug") == "1" }

    /// The debugger's page for the link at `domain` + the request target (without `debug` and `format`).
    func linkDebugger(_ request: ServerRequest, domain: String, handler: ClickHandler) async -> ServerResponse
    {
        let link = "https://\(domain)" + Self.strippingDebugParameters(request.target)
        let wantsJSON =
            query(request, "format") == "json"
            || (request.header(.accept) ?? "").lowercased().contains("application/json")
        let rows: [AttributionValue]
        do {
            let scratch = try ClickHandler(
                configuration: handler.configuration, shortLinks: handler.shortLinks,
                store: InMemoryClickStore(),
                clock: handler.clock)
            var results: [AttributionValue] = []
            for debugCase in Self.debugCases {
                results.append(.object(await Self.debugRow(debugCase, link: link, handler: scratch)))
            }
            rows = results
        } catch {
            return .error(500, "the click handler's configuration was refused: \(error)")
        }
        let answer: AttributionPayload = ["link": .string(link), "cases": .array(rows)]
        if wantsJSON { return .json(200, answer) }
        return .page(Self.debuggerHTML(link: link, rows: rows))
    }

    /// One case's decision as JSON fields.
    static func debugRow(
        _ debugCase: DebugCase, link: String, handler: ClickHandler
    ) async
        -> [String: AttributionValue]
    {
        var row: [String: AttributionValue] = [
            "case": .string(debugCase.name), "app_installed": .bool(debugCase.context.appInstalled),
            "origin": .string("\(debugCase.context.origin)"), "user_agent": .string(debugCase.userAgent),
        ]
        if let agent = try? UserAgent(
            parsing: debugCase.userAgent, signatures: handler.configuration.inAppBrowserSignatures)
        {
            row["platform"] = .string(agent.platform.rawValue)
            row["in_app_browser"] = agent.inAppBrowser.map { .string($0.rawValue) } ?? .null
        }
        let request = ClickRequest(
            url: link, userAgent: debugCase.userAgent, ipAddress: "203.0.113.1",
            headers: ["Accept-Language": "en-US"], context: debugCase.context)
        do {
            let decision = try await handler.handle(request)
            switch decision.kind {
            case .openedApp(let universalLink):
                row["decision"] = "opens_app"
                row["detail"] = .string(
                    "iOS opens the app through the universal link \(universalLink); the server never sees the click"
                )
            case .redirect(let location):
                row["decision"] = "redirect"
                row["location"] = .string(location)
                row["detail"] = .string("the server records the click and answers 302 to \(location)")
            case .interstitial(let page):
                row["decision"] = "interstitial"
                row["location"] = .string(page.universalLink)
                row["detail"] = .string(
                    "the \(page.browser.rawValue) in-app browser does not open universal links: the server records "
                        + "the click and answers the interstitial page, whose \"\(page.buttonTitle)\" button opens "
                        + page.universalLink)
            case .uriSchemeFallback(let url):
                row["decision"] = "uri_scheme"
                row["location"] = .string(url)
                row["detail"] = .string(
                    "af_force_deeplink: the server records the click and answers 302 to \(url)")
            }
            row["status"] = decision.httpStatus.map { .int($0) } ?? .null
            if !decision.link.isAttributable, let detail = row["detail"]?.stringValue {
                row["attributable"] = false
                row["detail"] = .string(
                    detail.replacingOccurrences(of: "the server records the click and ", with: "the server ")
                        + "; the short link is not in the table (expired, deleted or never made), so it routes "
                        + "as the template's base configuration and no click is recorded")
            }
        } catch {
            row["decision"] = "error"
            row["detail"] = .string(error.description)
            row["status"] = .int(400)
        }
        return row
    }

    /// `target` without the debugger's own query parameters.
    static func strippingDebugParameters(_ target: String) -> String {
        guard let question = target.firstIndex(of: "?") else { return target }
        let kept = target[target.index(after: question)...].split(separator: "&").filter { item in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return !debugParameters.contains(name)
        }
        return String(target[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    static func debuggerHTML(link: String, rows: [AttributionValue]) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Link debugger</title>
            <style>body{font:14px/1.4 -apple-system,Helvetica,Arial,sans-serif;margin:1.5em}
            table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;\
            vertical-align:top}th{background:#f0f0f3}code{word-break:break-all}</style></head><body>
            <h1>Link debugger</h1>
            <p>How <code>\(escape(link))</code> is routed on each platform and browser. Nothing is recorded; \
            add <code>format=json</code> (or send <code>Accept: application/json</code>) for JSON.</p>
            <table><thead><tr><th>Device and browser</th><th>Decision</th><th>Status</th><th>Goes to</th>\
            <th>Why</th></tr></thead><tbody>

            """
        for row in rows {
            let fields = row.objectValue ?? [:]
            let cells = ["case", "decision", "status", "location", "detail"].map { key in
                fields[key].map { $0.isNull ? "" : $0.textValue } ?? ""
            }
            html +=
                "<tr>"
                + cells.enumerated().map { index, text in
                    index == 3 && !text.isEmpty
                        ? "<td><code>\(escape(text))</code></td>" : "<td>\(escape(text))</td>"
                }.joined() + "</tr>\n"
        }
        return html + "</tbody></table></body></html>\n"
    }
}
