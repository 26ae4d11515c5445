import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// AppsFlyer's Test Console API (https://dev.appsflyer.com/hc/reference/allowed-devices,
/// https://dev.appsflyer.com/hc/reference/test-console-api-get): register and remove test devices,
/// list a device's events; registered devices skip the re-attribution window (help center 207031996);
/// `GET /onelink-emulator/installs/{device-id}` shows how an install was attributed.
@Suite("Server: test devices and the Test Console API", .timeLimit(.minutes(5)))
struct TestConsoleTests {
    static let idfa = "09ad6f30-a39c-4c6c-8862-636eabd54709"
    static let base = "/api/test-console/v1.0/app/id1234567890"

    /// Runs `body` against a server with a click handler, a click store, the OneLink API and the
    /// Test Console, after `configure` adjusted its configuration.
    static func withConsoleServer(
        configure: (inout OneLinkServer.Configuration) -> Void = { _ in },
        _ body: (DeviceAdminTests.DeviceServer) async throws -> Void
    ) async throws {
        let links = InMemoryShortLinkResolver()
        try await body(
            try DeviceAdminTests.DeviceServer(appIDs: ["id1234567890"], shortLinks: links) {
                $0.eventRecorder = InMemoryEventRecorder()
                $0.dashboard = ServerDashboard(shortLinks: [:])
                $0.oneLinkAPI = OneLinkAPISettings(links: links, tokens: ["TOKEN"])
                configure(&$0)
            })
    }

    /// Registers the test device ``idfa``, then installs `af-1` with it from 198.51.100.1; returns the
    /// clock's time before the install, as the Test Console writes it.
    static func registerAndInstall(_ server: DeviceAdminTests.DeviceServer) async throws -> String {
        _ = try await api("POST", base + "/devices", server: server, body: register)
        let start = iso(server.clock.now)
        _ = try await RawAttributionLinkTests.install(
            "af-1", advertisingID: idfa, ip: "198.51.100.1", server: server)
        return start
    }

    static func api(
        _ method: String, _ target: String, server: DeviceAdminTests.DeviceServer, body: String = "",
        token: String? = "TOKEN"
    ) async throws -> (status: Int, json: AttributionPayload) {
        var headers = ["Content-Type: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        let response = try await DeviceAdminTests.send(
            method, target, on: server, headers: headers, body: body)
        return (response.status, try AttributionPayload(jsonString: response.body))
    }

    /// The rows of the device's events since `start`, checking the answer's status and `total`.
    static func rows(
        since start: String, server: DeviceAdminTests.DeviceServer
    ) async throws -> [AttributionPayload] {
        let answer = try await api(
            "GET", base + "/events?device_id=\(idfa)&start_time=\(start)", server: server)
        #expect(answer.status == 200)
        guard case .array(let rows)? = answer.json["data"] else {
            Issue.record("no data: \(answer.json)")
            return []
        }
        #expect(answer.json["total"] == .int(rows.count))
        return rows.compactMap { $0.objectValue.map(AttributionPayload.init) }
    }

    static let register = #"{"device_id":"\#(idfa)","device_id_type":"IDFA","device_name":"QA iPhone"}"#

    @Test("register, list and remove a test device; documented 400, 401 and 404 errors")
    func devices() async throws {
        try await Self.withConsoleServer { server in
            let added = try await Self.api(
                "POST", Self.base + "/devices", server: server, body: Self.register)
            #expect(added.status == 200)
            #expect(added.json["device_name"] == "QA iPhone")
            let listed = try await Self.api("GET", "/onelink-emulator/test-devices", server: server)
            #expect(
                listed.json
                    == [
                        "devices": [
                            [
                                "app_id": "id1234567890", "device_id": .string(Self.idfa),
                                "device_id_type": "IDFA",
                                "device_name": "QA iPhone",
                            ]
                        ]
                    ])
            let page = try await DeviceAdminTests.send("GET", "/", on: server)
            let devicesSection = try #require(
                page.body.components(separatedBy: "<section id=\"test-devices\">").dropFirst().first?
                    .components(separatedBy: "</section>").first)
            #expect(devicesSection.contains("<td>QA iPhone</td>"))
            #expect(devicesSection.contains("<code>\(Self.idfa)</code>"))
            let noToken = try await Self.api(
                "POST", Self.base + "/devices", server: server, body: Self.register, token: nil)
            #expect(noToken.status == 401)
            #expect(noToken.json == ["error": "authentication error"])
            let wrongToken = try await Self.api(
                "POST", Self.base + "/devices", server: server, body: Self.register, token: "OTHER")
            #expect(wrongToken.status == 401)
            let garbage = try await Self.api("POST", Self.base + "/devices", server: server, body: "{")
            #expect(garbage.status == 400)
            #expect(garbage.json == ["error": "cannot parse body"])
            let badType = try await Self.api(
                "POST", Self.base + "/devices", server: server,
                body: #"{"device_id":"\#(Self.idfa)","device_id_type":"PHONE","device_name":"x"}"#)
            #expect(badType.status == 400)
            let otherApp = try await Self.api(
                "POST", "/api/test-console/v1.0/app/id42/devices", server: server, body: Self.register)
            #expect(otherApp.status == 404)
            #expect(otherApp.json == ["error": "app_id not found"])

            let removed = try await Self.api("DELETE", Self.base + "/devices/" + Self.idfa, server: server)
            #expect(removed.status == 200)
            // Not registered any more: the page documents no answer for it, so the same 200 (see
            // TestConsoleDocumentedAnswersTests).
            let again = try await Self.api("DELETE", Self.base + "/devices/" + Self.idfa, server: server)
            #expect(again.status == 200)
            #expect(
                try await Self.api("GET", "/onelink-emulator/test-devices", server: server).json == [
                    "devices": []
                ])
        }
    }

    @Test("the account's 40 devices are the limit: the 41st is 409 device limit reached")
    func limit() async throws {
        try await Self.withConsoleServer { server in
            for index in 0..<40 {
                let id = String(format: "09ad6f30-a39c-4c6c-8862-%012d", index)
                let body = #"{"device_id":"\#(id)","device_id_type":"IDFA","device_name":"d\#(index)"}"#
                #expect(
                    try await Self.api("POST", Self.base + "/devices", server: server, body: body).status
                        == 200)
            }
            let full = try await Self.api("POST", Self.base + "/devices", server: server, body: Self.register)
            #expect(full.status == 409)
            #expect(full.json == ["error": "device limit reached"])
        }
    }

    /// A retargeting click carrying the IDFA, then an install with a new AppsFlyer ID.
    static func retargetingReinstall(
        _ server: DeviceAdminTests.DeviceServer
    ) async throws -> AttributionPayload {
        _ = try await RawAttributionLinkTests.install(
            "af-first", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
        await server.clock.advance(by: .seconds(3600))
        let click = try await RawAttributionLinkTests.click(
            "/id1234567890?pid=retarget_source&c=winback&is_retargeting=true&idfa=\(Self.idfa)",
            server: server)
        #expect(click.status == 302)
        return try await RawAttributionLinkTests.install(
            "af-second", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
    }

    @Test("a reinstall after a retargeting click is a re-attribution, but a new install on a test device")
    func reattributionWindow() async throws {
        try await Self.withConsoleServer { server in
            let plain = try await Self.retargetingReinstall(server)
            #expect(plain["retargeting_conversion_type"] == "re-attribution")
        }
        try await Self.withConsoleServer { server in
            _ = try await Self.api("POST", Self.base + "/devices", server: server, body: Self.register)
            let test = try await Self.retargetingReinstall(server)
            #expect(test["af_status"] == "Non-organic")
            #expect(test["retargeting_conversion_type"] == "none")
            let inspected = try await Self.api("GET", "/onelink-emulator/installs/af-second", server: server)
            #expect(inspected.status == 200)
            #expect(inspected.json["test_device"] == true)
            #expect(inspected.json["match_type"] == "id_matching")
            #expect(inspected.json["media_source"] == "retarget_source")
            #expect(inspected.json["advertising_id"] == .string(Self.idfa))
            #expect(inspected.json["conversion_data"] == .object(test.values))
            let missing = try await Self.api("GET", "/onelink-emulator/installs/nobody", server: server)
            #expect(missing.status == 404)
        }
    }

    @Test("a test device's events: its installs as Session and its in-app events as In-App, in time order")
    func events() async throws {
        try await Self.withConsoleServer { server in
            let start = try await TestConsoleTests.registerAndInstall(server)
            await server.clock.advance(by: .seconds(60))
            let event = try await DeviceAdminTests.send(
                "POST", "/api/v6/iosevent/id1234567890", on: server,
                headers: ["Content-Type: application/json", "authentication: key"],
                body: #"{"appsflyer_id":"af-1","eventName":"af_purchase","eventValue":{"af_revenue":"9.99"}}"#
            )
            #expect(event.status == 200)
            let answer = try await Self.api(
                "GET", Self.base + "/events?device_id=\(Self.idfa)&start_time=\(start)", server: server)
            #expect(answer.status == 200)
            #expect(answer.json["total"] == 2)
            guard case .array(let rows)? = answer.json["data"], rows.count == 2 else {
                Issue.record("no data: \(answer.json)")
                return
            }
            #expect(rows[0]["event_type"] == "Session")
            #expect(rows[0]["appsflyer_id"] == "af-1")
            #expect(rows[0]["event_name"] == .null)
            #expect(rows[1]["event_type"] == "In-App")
            #expect(rows[1]["event_name"] == "af_purchase")
            #expect(rows[1]["event_value"] == #"{"af_revenue":"9.99"}"#)
            #expect(rows[1]["idfa"] == .string(Self.idfa))

            await server.clock.advance(by: .seconds(3 * 3600))
            let old = try await Self.api(
                "GET", Self.base + "/events?device_id=\(Self.idfa)&start_time=\(start)", server: server)
            #expect(old.status == 400)
            #expect(old.json == ["error": "start_time must be within the past 2 hours"])
            let notUUID = try await Self.api(
                "GET", Self.base + "/events?device_id=someone&start_time=\(Self.iso(server.clock.now))",
                server: server)
            #expect(notUUID.status == 400)
        }
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
