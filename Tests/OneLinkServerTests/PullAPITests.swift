import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// The Pull API (https://dev.appsflyer.com/hc/reference/get_app-id-installs-report-v5, help center
/// articles 360007530258 and 207034346) in process: reports as CSV built from the clicks, installs,
/// launches and in-app events the server recorded, their filters, and the documented refusals.
@Suite("Server: Pull API", .timeLimit(.minutes(5)))
struct PullAPITests {
    static let app = "id1234567890"
    static let raw = "/api/raw-data/export/app/id1234567890"
    static let aggregate = "/api/agg-data/export/app/id1234567890"
    static let safari = ClickStoreServer.safari

    /// A server with clicks, click matching, the OneLink API's token `TOKEN` and a manual clock at
    /// 2020-08-12 15:08:00 UTC.
    struct Server {
        let server: EmbeddedServer
        let clock: ManualClock

        /// A Safari click on `query` from `ip`.
        func click(_ query: String, ip: String, advertisingID: String? = nil) async {
            var headers: [(HTTPFieldName, String)] = [(.userAgent, PullAPITests.safari), (.forwardedFor, ip)]
            if let advertisingID { headers.append((.oneLinkAdvertisingID, advertisingID)) }
            let response = await server.respond(.get, "/H5hv?\(query)", headers: headers)
            #expect(response.status == 302)
        }

        /// The SDK's install request for `device` from `ip`, at the clock's time.
        @discardableResult
        func install(
            _ device: String, ip: String, model: String = "iPhone15,2",
            advertisingID: String = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        ) async -> AttributionPayload {
            let time = PercentEncoding.encode(AttributionTimestamp.string(from: clock.now))
            let response = await server.respond(
                .get,
                "/install_data/v5.0/\(PullAPITests.app)?devkey=dev&device_id=\(device)&install_time=\(time)"
                    + "&ip=\(ip)&model=\(PercentEncoding.encode(model))&os_version=17.4&language=en-US"
                    + "&advertising_id=\(advertisingID)")
            #expect(response.status == 200)
            return response.json ?? [:]
        }

        /// A launch of `device`.
        func launch(_ device: String, counter: Int) async {
            let response = await server.respond(
                .post, "/api/v6/iosevent/\(PullAPITests.app)", headers: [(.authentication, "dev")],
                body: #"{"appsflyer_id":"\#(device)","counter":\#(counter),"customer_user_id":"user-42"}"#)
            #expect(response.status == 200)
        }

        /// An SDK in-app event of `device`, with `values` as its JSON object.
        func sdkEvent(_ device: String, _ name: String, values: String) async {
            let response = await server.respond(
                .post, "/api/v6/iosevent/\(PullAPITests.app)", headers: [(.authentication, "dev")],
                body:
                    #"{"appsflyer_id":"\#(device)","eventName":"\#(name)","eventValue":\#(values),"eventCurrency":"USD"}"#
            )
            #expect(response.status == 200)
        }

        /// An S2S event of `device`.
        func s2sEvent(_ device: String, _ name: String, revenue: String) async {
            let time = AttributionTimestamp.string(from: clock.now)
            let response = await server.respond(
                .post, "/inappevent/\(PullAPITests.app)", headers: [(.authentication, "S2S_KEY")],
                body:
                    #"{"appsflyer_id":"\#(device)","eventName":"\#(name)","eventValue":"{\"af_revenue\":\"\#(revenue)\"}","eventTime":"\#(time)"}"#
            )
            #expect(response.status == 200)
        }

        /// `GET target` with `Authorization: Bearer TOKEN`.
        func get(_ target: String, token: String? = "TOKEN") async -> EmbeddedResponse {
            await server.respond(
                .get, target, headers: token.map { [(.authorization, "Bearer \($0)")] } ?? [])
        }

        /// A report's CSV, checked to be a 200 `text/csv`, as rows by header.
        func report(_ target: String) async -> (header: [String], rows: [[String: String]]) {
            let response = await get(target)
            #expect(response.status == 200, "\(target): \(response.text)")
            #expect(response.header(.contentType) == "text/csv; charset=utf-8")
            let lines = PullAPITests.parseCSV(response.text)
            let header = lines.first ?? []
            let rows = lines.dropFirst().map { line in
                Dictionary(zip(header, line), uniquingKeysWith: { first, _ in first })
            }
            return (header, rows)
        }
    }

    static func withServer(_ body: (Server) async throws -> Void) async throws {
        let clock = ManualClock()
        let store = InMemoryClickStore()
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1234567890",
                oneLinkDomains: ["onelink-basic-app.onelink.me"],
                templates: ["H5hv"], interstitialDomain: "open.example.net", appIDs: [app]),
            shortLinks: links, store: store, clock: clock)
        let conversion = ClickStoreConversionDataSource(store: store)
        var configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, conversionDataSource: conversion, clickHandler: handler, clock: clock,
            eventRecorder: InMemoryEventRecorder(),
            oneLinkAPI: OneLinkAPISettings(links: links, tokens: ["TOKEN"]),
            deviceMemory: conversion)
        configuration.s2sKeys = ["S2S_KEY"]
        let server = EmbeddedServer(configuration: configuration)
        try await body(Server(server: server, clock: clock))
        server.stop()
    }

    /// A click on Email's spring campaign, the install it matches, a launch, an SDK event and an S2S
    /// event of that install, and an organic install, each a second apart.
    static func recordTraffic(_ server: Server) async {
        await server.click("pid=Email&c=spring&af_sub1=a,b&af_adset=ad%22set", ip: "203.0.113.7")
        await server.clock.advance(by: .seconds(33))
        await server.install("paid-phone", ip: "203.0.113.7")
        await server.clock.advance(by: .seconds(1))
        await server.launch("paid-phone", counter: 1)
        await server.sdkEvent(
            "paid-phone", "af_purchase", values: #"{"af_revenue":"9.99","af_content":"line 1\nline \"2\""}"#)
        await server.clock.advance(by: .seconds(1))
        await server.s2sEvent("paid-phone", "af_subscribe", revenue: "5.01")
        await server.install("organic-phone", ip: "198.51.100.20", model: "iPhone14,7")
    }

    @Test("installs_report: the documented 81 columns, the click-matched install's attributed row, quoting")
    func installsReport() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            let report = await server.report(Self.raw + "/installs_report/v5?from=2020-08-12&to=2020-08-12")
            #expect(report.header.count == 81)
            #expect(
                report.header.prefix(6) == [
                    "Attributed Touch Type", "Attributed Touch Time", "Install Time", "Event Time",
                    "Event Name", "Event Value",
                ])
            #expect(report.header.last == "Original URL")
            let row = try #require(report.rows.first)
            #expect(report.rows.count == 1)
            #expect(row["Attributed Touch Type"] == "click")
            #expect(row["Attributed Touch Time"] == "2020-08-12 15:08:00")
            #expect(row["Install Time"] == "2020-08-12 15:08:33")
            #expect(row["Event Name"] == "install")
            #expect(row["Media Source"] == "Email")
            #expect(row["Campaign"] == "spring")
            #expect(row["Sub Param 1"] == "a,b")
            #expect(row["Adset"] == "ad\"set")
            #expect(row["AppsFlyer ID"] == "paid-phone")
            #expect(row["Customer User ID"] == "user-42")
            #expect(row["IDFA"] == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
            #expect(row["IP"] == "203.0.113.7")
            #expect(row["Platform"] == "ios")
            #expect(row["App ID"] == Self.app)
            #expect(row["Is Retargeting"] == "false")
            let text = await server.get(Self.raw + "/installs_report/v5?from=2020-08-12&to=2020-08-12").text
            #expect(text.contains(#","a,b","#), "a field with a comma is quoted")
            #expect(text.contains(#","ad""set","#), "a quote is doubled")
            let organic = await server.report(
                Self.raw + "/organic_installs_report/v5?from=2020-08-12&to=2020-08-12")
            #expect(organic.rows.map { $0["AppsFlyer ID"] } == ["organic-phone"])
            #expect(organic.rows.first?["Media Source"] == "organic")
            #expect(organic.rows.first?["Attributed Touch Type"] == "")
        }
    }

    @Test("in_app_events_report: the SDK's and the S2S events with their values, revenue and source")
    func inAppEventsReport() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            let report = await server.report(
                Self.raw + "/in_app_events_report/v5?from=2020-08-12&to=2020-08-12")
            #expect(report.rows.map { $0["Event Name"] } == ["af_purchase", "af_subscribe"])
            #expect(report.rows.map { $0["Event Source"] } == ["SDK", "S2S"])
            #expect(report.rows.map { $0["Event Revenue"] } == ["9.99", "5.01"])
            #expect(report.rows.first?["Event Revenue USD"] == "9.99")
            #expect(report.rows.first?["Event Revenue Currency"] == "USD")
            #expect(report.rows.first?["Media Source"] == "Email")
            #expect(report.rows.first?["Install Time"] == "2020-08-12 15:08:33")
            let value = try AttributionPayload(jsonString: try #require(report.rows.first?["Event Value"]))
            #expect(
                value["af_content"] == "line 1\nline \"2\"",
                "a value with a newline and quotes survives the CSV")
            let filtered = await server.report(
                Self.raw + "/in_app_events_report/v5?from=2020-08-12&to=2020-08-12&event_name=af_subscribe")
            #expect(filtered.rows.map { $0["Event Name"] } == ["af_subscribe"])
            let organic = await server.report(
                Self.raw + "/organic_in_app_events_report/v5?from=2020-08-12&to=2020-08-12")
            #expect(organic.rows.isEmpty)
            let retargeting = await server.report(
                Self.raw + "/in_app_events_report/v5?from=2020-08-12&to=2020-08-12&reattr=true")
            #expect(retargeting.rows.isEmpty, "nothing was a re-attribution")
        }
    }

    @Test("the date range is read in the timezone, to is inclusive, and times are written in the timezone")
    func dateRangeAndTimezone() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            let path = Self.raw + "/installs_report/v5"
            let tokyoDay = await server.report(path + "?from=2020-08-13&to=2020-08-13&timezone=Asia/Tokyo")
            #expect(tokyoDay.rows.first?["Install Time"] == "2020-08-13 00:08:33")
            #expect(tokyoDay.rows.first?["Attributed Touch Time"] == "2020-08-13 00:08:00")
            #expect(
                await server.report(path + "?from=2020-08-12&to=2020-08-12&timezone=Asia/Tokyo").rows.isEmpty)
            #expect(await server.report(path + "?from=2020-08-12+15:08&to=2020-08-12+15:08").rows.count == 1)
            #expect(await server.report(path + "?from=2020-08-12%2015:00&to=2020-08-12%2015:07").rows.isEmpty)
            #expect(
                await server.report(path + "?from=2020-08-12%2015:08:34&to=2020-08-12%2016:00:00").rows
                    .isEmpty)
            #expect(await server.report(path + "?from=2020-08-11&to=2020-08-11").rows.isEmpty)
        }
    }

    @Test("additional_fields add their columns once each, after the defaults")
    func additionalFields() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            let report = await server.report(
                Self.raw
                    + "/installs_report/v5?from=2020-08-12&to=2020-08-12&additional_fields=match_type,device_model,match_type,conversion_type,campaign_type"
            )
            #expect(report.header.count == 85)
            #expect(
                report.header.suffix(4) == ["Match Type", "Device Model", "Conversion Type", "Campaign Type"])
            #expect(report.rows.first?["Match Type"] == "probabilistic")
            #expect(report.rows.first?["Device Model"] == "iPhone15,2")
            #expect(report.rows.first?["Conversion Type"] == "install")
            #expect(report.rows.first?["Campaign Type"] == "ua")
        }
    }

    @Test("the V1 path takes the token as api_token, as older clients send it")
    func exportPath() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            let report = await server.report(
                "/export/\(Self.app)/installs_report/v5?api_token=TOKEN&from=2020-08-12&to=2020-08-12&timezone=Europe/Moscow"
            )
            #expect(report.rows.first?["Install Time"] == "2020-08-12 18:08:33")
            let aggregate = await server.report(
                "/export/\(Self.app)/partners_report/v5?api_token=TOKEN&from=2020-08-12&to=2020-08-12")
            #expect(aggregate.rows.count == 2)
            let bearerOnly = await server.get(
                "/export/\(Self.app)/installs_report/v5?from=2020-08-12&to=2020-08-12")
            #expect(bearerOnly.status == 401)
        }
    }

    @Test("every bad call gets the documented refusal, never a crash")
    func refusals() async throws {
        try await Self.withServer { server in
            let range = "from=2020-08-12&to=2020-08-12"
            let message: [(String, String?, Int, String)] = [
                (Self.raw + "/installs_report/v5?\(range)", nil, 401, "Supplied API token is invalid"),
                (Self.raw + "/installs_report/v5?\(range)", "WRONG", 401, "Supplied API token is invalid"),
                (
                    Self.raw + "/installs_report/v5?\(range)&maximum_rows=5", "TOKEN", 400,
                    "Invalid limit type"
                ),
                (
                    Self.raw + "/installs_report/v5?from=2020-05-01&to=2020-05-02", "TOKEN", 400,
                    "Raw reports historical lookback is limited to 90 days"
                ),
                (
                    Self.raw + "/installs_report/v5?to=2020-08-12", "TOKEN", 400,
                    "from and to are required (yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss)"
                ),
                (
                    Self.raw + "/installs_report/v5?from=12/08/2020&to=2020-08-12", "TOKEN", 400,
                    "Invalid from: 12/08/2020; use yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss"
                ),
                (
                    Self.raw + "/installs_report/v5?from=2020-02-30&to=2020-08-12", "TOKEN", 400,
                    "Invalid from: 2020-02-30; use yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss"
                ),
                (
                    Self.raw + "/installs_report/v5?from=2020-08-13&to=2020-08-12", "TOKEN", 400,
                    "from is after to"
                ),
                (
                    Self.raw + "/installs_report/v5?\(range)&timezone=Mars/Olympus", "TOKEN", 400,
                    "Invalid timezone: Mars/Olympus; use an IANA time zone such as Europe/Paris"
                ),
                (
                    Self.raw + "/installs_report/v5?\(range)&additional_fields=bogus", "TOKEN", 400,
                    "Invalid additional_fields: bogus"
                ),
                (
                    Self.raw + "/installs_report/v5?\(range)&reattr=maybe", "TOKEN", 400,
                    "Invalid reattr: maybe; use true or false"
                ),
                (
                    Self.raw + "/installs_report/v5?\(range)&currency=EUR", "TOKEN", 400,
                    "Invalid currency: EUR; use preferred or USD"
                ),
            ]
            for (target, token, status, text) in message {
                let response = await server.get(target, token: token)
                #expect(response.status.code == status, "\(target)")
                #expect(response.json == ["message": .string(text)], "\(target): \(response.text)")
            }
            let unknown = await server.get(Self.raw + "/dailyreport/v5?\(range)")
            #expect(unknown.status == 400)
            #expect(unknown.text == "Invalid query: Unknown report type: dailyreport")
            let wrongKind = await server.get(Self.raw + "/partners_report/v5?\(range)")
            #expect(wrongKind.text == "Invalid query: Unknown report type: partners_report")
            let otherApp = await server.get("/api/raw-data/export/app/id999/installs_report/v5?\(range)")
            #expect(otherApp.status == 404)
            #expect(otherApp.text.hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test("raw-data calls are limited per app, report and UTC day: 24 installs, 12 in-app events")
    func rawQuota() async throws {
        try await Self.withServer { server in
            let installs = Self.raw + "/installs_report/v5?from=2020-08-12&to=2020-08-12"
            for _ in 1...24 { #expect(await server.get(installs).status == 200) }
            let refused = await server.get(installs)
            #expect(refused.status == 400)
            #expect(
                refused.json == [
                    "message": "Your API calls limit has been reached for report type installs_report"
                ])
            let events = Self.raw + "/in_app_events_report/v5?from=2020-08-12&to=2020-08-12"
            for _ in 1...12 { #expect(await server.get(events).status == 200) }
            #expect(await server.get(events).status == 400)
            #expect(
                await server.get(Self.raw + "/organic_installs_report/v5?from=2020-08-12&to=2020-08-12")
                    .status == 200)
            await server.clock.advance(by: .seconds(9 * 3600))
            #expect(await server.get(installs).status == 200, "a new UTC day has a new quota")
        }
    }

    @Test("an aggregate report is limited to a call a minute, per report")
    func aggregateRate() async throws {
        try await Self.withServer { server in
            let partners = Self.aggregate + "/partners_report/v5?from=2020-08-12&to=2020-08-12"
            #expect(await server.get(partners).status == 200)
            let refused = await server.get(partners)
            #expect(refused.status == 403)
            #expect(refused.json == ["message": "Limit reached for partners_report"])
            #expect(
                await server.get(Self.aggregate + "/daily_report/v5?from=2020-08-12&to=2020-08-12").status
                    == 200)
            await server.clock.advance(by: .seconds(60))
            #expect(await server.get(partners).status == 200)
        }
    }

    @Test("aggregate reports sum the clicks, installs, sessions, loyal users and event revenue per partner")
    func aggregateSums() async throws {
        try await Self.withServer { server in
            await Self.recordTraffic(server)
            await server.click("pid=Email&c=spring", ip: "203.0.113.8")
            await server.click("pid=Email&c=spring", ip: "203.0.113.99")
            await server.clock.advance(by: .seconds(5))
            await server.install("second-phone", ip: "203.0.113.8")
            await server.launch("paid-phone", counter: 2)
            await server.launch("paid-phone", counter: 3)
            let range = "from=2020-08-12&to=2020-08-12"
            let partners = await server.report(Self.aggregate + "/partners_report/v5?\(range)")
            #expect(
                Array(partners.header.prefix(16)) == [
                    "Agency/PMD (af_prt)", "Media Source (pid)", "Campaign (c)", "Impressions", "Clicks",
                    "CTR",
                    "Installs", "Conversion Rate", "Sessions", "Loyal Users", "Loyal Users/Installs",
                    "Total Revenue",
                    "Total Cost", "ROI", "ARPU", "Average eCPI",
                ])
            #expect(partners.header.contains("af_purchase (Unique users)"))
            let email = try #require(partners.rows.first { $0["Media Source (pid)"] == "Email" })
            #expect(email["Campaign (c)"] == "spring")
            #expect(email["Clicks"] == "3")
            #expect(email["Installs"] == "2")
            #expect(email["Conversion Rate"] == "0.67")
            #expect(email["Sessions"] == "3")
            #expect(email["Loyal Users"] == "1")
            #expect(email["Loyal Users/Installs"] == "0.50")
            #expect(email["Total Revenue"] == "15.00")
            #expect(email["ARPU"] == "7.50")
            #expect(email["af_purchase (Event counter)"] == "1")
            #expect(email["af_purchase (Sales in USD)"] == "9.99")
            #expect(email["af_subscribe (Unique users)"] == "1")
            let organic = try #require(partners.rows.first { $0["Media Source (pid)"] == "Organic" })
            #expect(organic["Installs"] == "1")
            #expect(organic["Clicks"] == "0")
            let byDate = await server.report(
                Self.aggregate + "/partners_by_date_report/v5?\(range)&timezone=Asia/Tokyo")
            #expect(byDate.header.first == "Date")
            #expect(byDate.rows.allSatisfy { $0["Date"] == "2020-08-13" })
            let geo = await server.report(Self.aggregate + "/geo_by_date_report/v5?\(range)")
            #expect(Array(geo.header.prefix(3)) == ["Date", "Country", "Agency/PMD (af_prt)"])
            #expect(geo.rows.allSatisfy { $0["Country"] == "N/A" })
            let filtered = await server.report(Self.aggregate + "/geo_report/v5?\(range)&media_source=Email")
            #expect(filtered.rows.map { $0["Media Source (pid)"] } == ["Email"])
            let retargeting = await server.report(Self.aggregate + "/daily_report/v5?\(range)&reattr=true")
            #expect(retargeting.rows.isEmpty)
            await server.clock.advance(by: .seconds(60))
            let earlier = await server.report(
                Self.aggregate + "/partners_by_date_report/v5?from=2020-08-10&to=2020-08-11")
            #expect(earlier.rows.isEmpty)
        }
    }

    @Test("a re-attribution is a retargeting row (reattr=true, installs-retarget), with its in-app events")
    func retargeting() async throws {
        try await Self.withServer { server in
            let idfa = "AAAAAAAA-1111-2222-3333-444444444444"
            await server.install("first-install", ip: "198.51.100.30", advertisingID: idfa)
            await server.clock.advance(by: .seconds(10 * 86_400))
            await server.click(
                "pid=Email&c=winback&is_retargeting=true&af_reengagement_window=7d", ip: "198.51.100.31",
                advertisingID: idfa)
            await server.clock.advance(by: .seconds(60))
            let answer = await server.install("second-install", ip: "198.51.100.31", advertisingID: idfa)
            #expect(answer["retargeting_conversion_type"] == "re-attribution")
            await server.sdkEvent("second-install", "af_purchase", values: #"{"af_revenue":"3"}"#)
            let range = "from=2020-08-22&to=2020-08-22"
            for target in [
                Self.raw + "/installs_report/v5?\(range)&reattr=true",
                Self.raw + "/installs-retarget/v5?\(range)",
            ] {
                let report = await server.report(target)
                #expect(report.rows.count == 1, "\(target)")
                let row = try #require(report.rows.first)
                #expect(row["AppsFlyer ID"] == "second-install")
                #expect(row["Event Name"] == "re-attribution")
                #expect(row["Media Source"] == "Email")
                #expect(row["Campaign"] == "winback")
                #expect(row["Is Retargeting"] == "true")
                #expect(row["Retargeting Conversion Type"] == "re-attribution")
                #expect(row["Reengagement Window"] == "7d")
            }
            #expect(await server.report(Self.raw + "/installs_report/v5?\(range)").rows.isEmpty)
            let events = await server.report(Self.raw + "/in-app-events-retarget/v5?\(range)")
            #expect(events.rows.map { $0["Event Name"] } == ["af_purchase"])
            #expect(events.rows.first?["Is Retargeting"] == "true")
            #expect(await server.report(Self.raw + "/in_app_events_report/v5?\(range)").rows.isEmpty)
            let partners = await server.report(Self.aggregate + "/partners_report/v5?\(range)&reattr=true")
            #expect(partners.rows.count == 1)
            #expect(partners.rows.first?["Media Source (pid)"] == "Email")
            #expect(partners.rows.first?["Clicks"] == "1")
            #expect(partners.rows.first?["Installs"] == "1")
            #expect(partners.rows.first?["Total Revenue"] == "3.00")
        }
    }

    /// The rows of RFC 4180 `text`: quoted fields may hold commas, doubled quotes and line breaks.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
        }
        return rows
    }
}
