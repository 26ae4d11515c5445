import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import Testing

/// The Test Console answers the dev hub documents (https://dev.appsflyer.com/hc/reference/test-console-api-get,
/// https://dev.appsflyer.com/hc/reference/allowed-devices): `In-App` rows are the events the SDK sent,
/// not S2S events; an unregistered device has an empty list and its removal is the same 200 (the only
/// documented 404 is `app_id not found`); a device ID that is not a UUID is a 400.
@Suite("Server: the Test Console's documented answers", .timeLimit(.minutes(5)))
struct TestConsoleDocumentedAnswersTests {
    static let idfa = TestConsoleTests.idfa
    static let base = TestConsoleTests.base

    static func sdkEvent(
        _ name: String, value: String = "{}", server: DeviceAdminTests.DeviceServer
    ) async throws -> Int {
        let response = try await DeviceAdminTests.send(
            "POST", "/api/v6/iosevent/id1234567890", on: server,
            headers: ["Content-Type: application/json", "authentication: key"],
            body: #"{"appsflyer_id":"af-1","eventName":"\#(name)","eventValue":\#(value)}"#)
        return response.status
    }

    @Test("In-App rows are the SDK's accepted events; S2S and refused events are not listed")
    func sdkEventsOnly() async throws {
        try await TestConsoleTests.withConsoleServer { server in
            let start = try await TestConsoleTests.registerAndInstall(server)
            await server.clock.advance(by: .seconds(60))
            #expect(try await Self.sdkEvent("af_purchase", server: server) == 200)
            let sdkTime = TestConsoleTests.iso(server.clock.now)
            await server.clock.advance(by: .seconds(60))
            let s2s = try await S2SEventTests.post(
                "/inappevent/id1234567890",
                #"{"appsflyer_id":"af-1","eventName":"af_subscribe","eventValue":""}"#, on: server.server)
            #expect(s2s.status == 200 && s2s.body == "OK")
            #expect(try await Self.sdkEvent("af_refused", value: "[1]", server: server) == 400)

            let rows = try await TestConsoleTests.rows(since: start, server: server)
            #expect(rows.map { $0["event_type"] } == ["Session", "In-App"])
            #expect(rows.map { $0["event_name"] } == [.null, "af_purchase"])
            #expect(rows.last?["sdk_timestamp"] == .string(sdkTime))

            // Forgetting the AppsFlyer ID forgets its SDK events: a new install of it starts empty.
            let forgotten = try await DeviceAdminTests.send(
                "DELETE", "/onelink-emulator/devices/af-1", on: server)
            #expect(forgotten.status == 200)
            _ = try await RawAttributionLinkTests.install(
                "af-1", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
            #expect(
                try await TestConsoleTests.rows(since: start, server: server).map { $0["event_type"] } == [
                    "Session"
                ])
        }
    }

    @Test("an unregistered device lists 200 with no rows; a device ID that is not a UUID is 400")
    func unregisteredList() async throws {
        try await TestConsoleTests.withConsoleServer { server in
            let start = TestConsoleTests.iso(server.clock.now)
            _ = try await RawAttributionLinkTests.install(
                "af-1", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
            #expect(try await Self.sdkEvent("af_purchase", server: server) == 200)
            let answer = try await TestConsoleTests.api(
                "GET", Self.base + "/events?device_id=\(Self.idfa)&start_time=\(start)", server: server)
            #expect(answer.status == 200)
            #expect(answer.json["data"] == [])
            #expect(answer.json["total"] == 0)
            #expect(answer.json["device_id"] == .string(Self.idfa))
            #expect(answer.json["app_id"] == "id1234567890")

            // Registering it shows what the server saw from it.
            _ = try await TestConsoleTests.api(
                "POST", Self.base + "/devices", server: server, body: TestConsoleTests.register)
            #expect(try await TestConsoleTests.rows(since: start, server: server).count == 2)

            let notUUID = try await TestConsoleTests.api(
                "GET", Self.base + "/events?device_id=af-1&start_time=\(start)", server: server)
            #expect(notUUID.status == 400)
            #expect(notUUID.json["error"]?.stringValue?.contains("UUID") == true)
            let otherApp = try await TestConsoleTests.api(
                "GET", "/api/test-console/v1.0/app/id42/events?device_id=\(Self.idfa)&start_time=\(start)",
                server: server)
            #expect(otherApp.status == 404)
            #expect(otherApp.json == ["error": "app_id not found"])
        }
    }

    @Test("removing an unregistered device is the same 200, with a warning header; a non-UUID is 400")
    func unregisteredDelete() async throws {
        try await TestConsoleTests.withConsoleServer { server in
            let headers = ["Authorization: Bearer TOKEN"]
            let target = Self.base + "/devices/" + Self.idfa
            let unknown = try await DeviceAdminTests.send(
                "DELETE", target, on: server, headers: headers)
            #expect(unknown.status == 200)
            #expect(
                try AttributionPayload(jsonString: unknown.body)
                    == ["app_id": "id1234567890", "device_id": .string(Self.idfa)])
            #expect(unknown.header("X-OneLink-Warning")?.contains("not registered") == true)

            _ = try await TestConsoleTests.api(
                "POST", Self.base + "/devices", server: server, body: TestConsoleTests.register)
            let known = try await DeviceAdminTests.send("DELETE", target, on: server, headers: headers)
            #expect(known.status == 200)
            #expect(known.body == unknown.body)
            #expect(known.header("X-OneLink-Warning") == nil)
            #expect(
                try await TestConsoleTests.api("GET", "/onelink-emulator/test-devices", server: server).json
                    == ["devices": []])

            let notUUID = try await TestConsoleTests.api(
                "DELETE", Self.base + "/devices/phone-1", server: server)
            #expect(notUUID.status == 400)
            #expect(notUUID.json["error"]?.stringValue?.contains("UUID") == true)
            let noToken = try await DeviceAdminTests.send("DELETE", target, on: server)
            #expect(noToken.status == 401)
        }
    }
}
