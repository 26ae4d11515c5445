import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// Renders the `GET /` dashboard: plain HTML and inline CSS, every shown value escaped and cut.
struct DashboardPage {
    let state: DashboardState
    let faultPlan: FaultPlan
    let clickStoreCount: Int?
    /// The registered test devices (the Test Console API).
    var testDevices: [TestDeviceRegistry.Device] = []
    /// The links the OneLink API created (`template/shortID` and what the API knows of each);
    /// `nil` when the server has no OneLink API.
    var apiLinks: [(key: String, record: OneLinkAPIService.Record)]?
    /// The Push API deliveries, oldest first; `nil` when the server sends no postbacks.
    var pushDeliveries: [PushDelivery]?

    var settings: ServerDashboard { state.settings }

    static let style = """
        body{font:14px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:1.5em;color:#1d1d1f;\
        background:#fafafa}
        h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.1em;margin:1.6em 0 .4em}
        p.note{color:#555;margin:.2em 0}
        table{border-collapse:collapse;width:100%;background:#fff;font-size:13px}
        th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
        th{background:#f0f0f3}td code{font:12px ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
        .ok{color:#176f2c}.bad{color:#b3261e}.empty{color:#777;font-style:italic}
        """

    func render() -> String {
        let snapshot = state.snapshot
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="refresh" content="\(settings.refreshSeconds)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>onelink-replay serve</title>
            <style>\(Self.style)</style></head><body>
            <h1>onelink-replay serve</h1>
            <p class="note">This page reloads every \(settings.refreshSeconds) s. Each table shows the newest \
            \(settings.maximumRows) rows at most, newest first.</p>

            """
        html += section(
            "Recent requests", id: "requests", shown: snapshot.requests.count, total: snapshot.requestTotal,
            headers: ["Request", "Answer", "Bytes", "Time", "Client"],
            rows: snapshot.requests.map { entry in
                [
                    code(entry.requestLine), status(entry.status), "\(entry.bodyBytes)",
                    String(format: "%.1f ms", entry.duration.milliseconds), cell(entry.client),
                ]
            })
        let storeNote = clickStoreCount.map { " The click store holds \($0)." } ?? ""
        html += section(
            "Recorded clicks", id: "clicks", shown: snapshot.clicks.count, total: snapshot.clickTotal,
            note: storeNote,
            headers: ["Time", "Link", "Parameters", "User agent", "Device"],
            rows: snapshot.clicks.map { click in
                var device = "\(click.userAgent.platform.rawValue), IP \(click.fingerprint.ipAddress)"
                if let browser = click.userAgent.inAppBrowser {
                    device += ", in-app browser \(browser.rawValue)"
                }
                if let advertisingID = click.advertisingID { device += ", advertising ID \(advertisingID)" }
                if let deviceID = click.deviceID { device += ", device ID \(deviceID)" }
                return [
                    cell(AttributionTimestamp.string(from: click.time)), code(click.link.url),
                    code(click.parameters.jsonText()), cell(click.userAgent.text), cell(device),
                ]
            })
        html += section(
            "Installs", id: "installs", shown: snapshot.installs.count, total: snapshot.installTotal,
            headers: ["Device", "Install time", "Attribution", "How it was matched"],
            rows: snapshot.installs.map(installRow))
        html += section(
            "Test devices", id: "test-devices", shown: min(testDevices.count, settings.maximumRows),
            total: testDevices.count, empty: "No test devices: register one through the Test Console API.",
            headers: ["App", "Device ID", "Type", "Name"],
            rows: testDevices.prefix(settings.maximumRows).map {
                [cell($0.appID), code($0.id), cell($0.idType.rawValue), cell($0.name)]
            })
        let links = settings.shortLinks.sorted { $0.key < $1.key }
        html += section(
            "Short links", id: "short-links", shown: min(links.count, settings.maximumRows),
            total: links.count,
            headers: ["Link", "Parameters"],
            rows: links.prefix(settings.maximumRows).map { [code($0.key), code($0.value.jsonText())] })
        if let apiLinks {
            html += section(
                "OneLink API links", id: "api-links", shown: min(apiLinks.count, settings.maximumRows),
                total: apiLinks.count, empty: "No links created through the OneLink API.",
                headers: ["Link", "Domain", "Created through", "TTL", "Expires"],
                rows: apiLinks.prefix(settings.maximumRows).map { key, record in
                    [
                        code(key), cell(record.domain), cell(Self.createdThrough(record)),
                        "\(record.ttlSeconds) s", cell(AttributionTimestamp.string(from: record.expiry)),
                    ]
                })
        }
        let faults = faultPlan.rules.map { (Self.describe($0.key), $0.value) }.sorted { $0.0 < $1.0 }
        html += section(
            "Fault plan", id: "faults", shown: min(faults.count, settings.maximumRows), total: faults.count,
            empty: "No faults: every request is answered normally.",
            headers: ["Applies to", "Faults, in order"],
            rows: faults.prefix(settings.maximumRows).map { target, list in
                [cell(target), code(list.map(Self.describe).joined(separator: ", "))]
            })
        if let deliveries = pushDeliveries {
            let newest = deliveries.suffix(settings.maximumRows).reversed()
            html += section(
                "Push API postbacks", id: "push-postbacks", shown: newest.count, total: deliveries.count,
                headers: ["#", "Message", "AppsFlyer ID", "Receiver", "Attempts", "Status"],
                rows: newest.map { delivery in
                    let outcome: String
                    switch delivery.outcome {
                    case .pending: outcome = "<span class=\"empty\">pending</span>"
                    case .delivered(let status): outcome = "<span class=\"ok\">delivered (\(status))</span>"
                    case .failed(let reason): outcome = "<span class=\"bad\">failed: \(escape(reason))</span>"
                    }
                    return [
                        "\(delivery.id)", cell("\(delivery.messageType): \(delivery.eventName)"),
                        cell(delivery.appsFlyerID),
                        code("\(delivery.endpoint.method.rawValue) \(delivery.endpoint.url.absoluteString)"),
                        "\(delivery.attempts)", outcome,
                    ]
                })
        }
        html += "</body></html>\n"
        return html
    }

    private func installRow(_ install: DashboardState.Install) -> [String] {
        var device = install.deviceID
        if let advertisingID = install.advertisingID { device += " (advertising ID \(advertisingID))" }
        guard let answer = install.answer else {
            return [
                cell(device), cell(install.installTime), "<span class=\"bad\">lookup failed</span>",
                cell(install.failure ?? "unknown error"),
            ]
        }
        let status = answer["af_status"]?.textValue ?? "?"
        let how: String
        if status == "Non-organic" {
            var parts = ["match_type \(answer["match_type"]?.textValue ?? "?")"]
            if let source = answer["media_source"]?.textValue { parts.append("media_source \(source)") }
            if let clickTime = answer["click_time"]?.textValue { parts.append("click at \(clickTime)") }
            if let link = answer["shortlink"]?.textValue { parts.append("short link \(link)") }
            how = parts.joined(separator: ", ")
        } else if status == "Organic" {
            how =
                "no recorded click matched: none inside its lookback window carried this advertising ID or "
                + "device ID, or matched the device's IP address and user agent within 24 hours"
        } else {
            how = answer.jsonText()
        }
        return [
            cell(device), cell(install.installTime),
            "<span class=\"\(status == "Non-organic" ? "ok" : "empty")\">\(escape(status))</span>", cell(how),
        ]
    }

    private func section(
        _ title: String, id: String, shown: Int, total: Int, note: String = "",
        empty: String = "None yet.", headers: [String], rows: [[String]]
    ) -> String {
        var html = "<section id=\"\(id)\"><h2>\(title)</h2>\n"
        let countNote = total > shown ? "Showing the newest \(shown) of \(total)." : "\(total) in all."
        html += "<p class=\"note\">\(countNote)\(escape(note))</p>\n"
        guard !rows.isEmpty else { return html + "<p class=\"empty\">\(escape(empty))</p></section>\n" }
        html += "<table><thead><tr>" + headers.map { "<th>\($0)</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return html + "</tbody></table></section>\n"
    }

    private func status(_ code: Int) -> String {
        code == 0
            ? "<span class=\"bad\">closed without an answer</span>"
            : "<span class=\"\(code < 400 ? "ok" : "bad")\">\(HTTPStatus(code: code))</span>"
    }

    /// A value cut to the cell limit, then escaped.
    func cell(_ text: String) -> String { escape(Self.cut(text, limit: settings.maximumCellCharacters)) }

    func code(_ text: String) -> String { "<code>\(cell(text))</code>" }

    /// `text` cut to `limit` characters, saying how many were left out.
    static func cut(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(count - limit) more characters)"
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, and shows control characters as `U+XXXX`.
    func escape(_ text: String) -> String { HTMLText.escaped(text, controls: .visible) }

    /// The API behind a link: `v1`, `v2.0`, or `v1, migrated to v2.0` after a v2.0 update.
    static func createdThrough(_ record: OneLinkAPIService.Record) -> String {
        switch record.createdBy {
        case .v1: return "v1"
        case .v2: return record.migratedFromV1 ? "v1, migrated to v2.0" : "v2.0"
        }
    }

    static func describe(_ target: FaultPlan.Target) -> String {
        switch target {
        case .route(let route): return "route \(route.rawValue)"
        case .shortLink(let template, let shortID): return "short link \(template)/\(shortID)"
        }
    }

    static func describe(_ fault: ServerFault) -> String {
        switch fault {
        case .delay(let duration): return "delay \(duration) (server clock)"
        case .realTimeDelay(let duration): return "delay \(duration) (real time)"
        case .status(let code, let body): return body == nil ? "status \(code)" : "status \(code) with a body"
        case .body: return "body (replaced)"
        case .garbageBody: return "garbage body"
        case .truncatedBody: return "truncated body"
        case .oversizedBody(let bytes): return "oversized body (\(bytes) bytes)"
        case .closeAfterHead: return "close after head"
        case .resetMidBody: return "reset mid-body"
        case .closeWithoutResponse: return "close without response"
        case .redirectChain(let hops): return "redirect chain (\(hops) hops)"
        case .redirectLoop: return "redirect loop"
        }
    }
}

extension Duration {
    /// The duration in milliseconds, as a double.
    fileprivate var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
