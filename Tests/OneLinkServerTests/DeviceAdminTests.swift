import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// `DELETE /onelink-emulator/devices/{device-id}` forgets a device, so its next install is matched
/// afresh, and `POST /onelink-emulator/reset` forgets every click, install, device and fault.
@Suite("Server: forgetting devices and resetting state", .timeLimit(.minutes(5)))
struct DeviceAdminTests {
    static let safari = ServerClickTests.safari

    /// A server whose click handler, conversion data and device memory share one store.
    typealias DeviceServer = ClickStoreServer

    static func withDeviceServer(_ body: (DeviceServer) async throws -> Void) async throws {
        try await body(try DeviceServer())
    }

    static func send(
        _ method: String, _ target: String, on server: DeviceServer, headers: [String] = [], body: String = ""
    ) async throws -> RouteAnswer {
        try await server.send(method, target, headers: headers, body: body)
    }

    /// A click on the long OneLink that names `deviceID` for ID matching.
    static func click(deviceID: String, server: DeviceServer) async throws {
        let response = try await send(
            "GET", "/H5hv?pid=Email&c=spring", on: server,
            headers: [
                "User-Agent: \(safari)", "X-Forwarded-For: 203.0.113.7", "X-OneLink-Device-ID: \(deviceID)",
            ])
        #expect(response.status == 302)
    }

    /// The SDK's install request for `deviceID`, one minute after the clock's now.
    static func install(_ deviceID: String, server: DeviceServer) async throws -> AttributionPayload {
        try await server.install(deviceID)
    }

    @Test("an install is answered once; after DELETE /onelink-emulator/devices/{id} it is matched afresh")
    func forgetDevice() async throws {
        try await Self.withDeviceServer { server in
            #expect(try await Self.install("phone-1", server: server)["af_status"] == "Organic")
            try await Self.click(deviceID: "phone-1", server: server)
            // The service attributes an install once, so the click comes too late for this device ID.
            #expect(try await Self.install("phone-1", server: server)["af_status"] == "Organic")

            let forgotten = try await Self.send(
                "DELETE", "/onelink-emulator/devices/phone-1", on: server)
            #expect(forgotten.status == 200)
            #expect(
                try AttributionPayload(jsonString: forgotten.body) == [
                    "device_id": "phone-1", "forgotten": true,
                ])
            let gcd = try await Self.send(
                "GET", "/install_data/v4.0/id1234567890?devkey=key&device_id=phone-1", on: server)
            #expect(gcd.status == 404)

            let fresh = try await Self.install("phone-1", server: server)
            #expect(fresh["af_status"] == "Non-organic")
            #expect(fresh["match_type"] == "id_matching")
            #expect(server.store.count == 1)

            let unknown = try await Self.send("DELETE", "/onelink-emulator/devices/nobody", on: server)
            #expect(
                try AttributionPayload(jsonString: unknown.body) == [
                    "device_id": "nobody", "forgotten": false,
                ])
        }
    }

    @Test("POST /onelink-emulator/reset forgets clicks, installs, devices and faults")
    func reset() async throws {
        try await Self.withDeviceServer { server in
            try await Self.click(deviceID: "phone-2", server: server)
            #expect(try await Self.install("phone-2", server: server)["af_status"] == "Non-organic")
            server.server.faultPlan = FaultPlan([.route(.gcd): [.status(503)]])

            let reset = try await Self.send("POST", "/onelink-emulator/reset", on: server)
            #expect(reset.status == 200)
            #expect(
                try AttributionPayload(jsonString: reset.body)
                    == ["reset": ["clicks", "devices", "installs", "faults", "test_devices"]])
            #expect(server.store.count == 0)
            #expect(server.server.faultPlan.rules.isEmpty)
            let gcd = try await Self.send(
                "GET", "/install_data/v4.0/id1234567890?devkey=key&device_id=phone-2", on: server)
            #expect(gcd.status == 404)
            #expect(try await Self.install("phone-2", server: server)["af_status"] == "Organic")
        }
    }

    @Test("the device routes take no faults, so a plan on every route cannot lock them out")
    func noFaults() async throws {
        try await Self.withDeviceServer { server in
            server.server.faultPlan = FaultPlan([.route(.wrapper): [.status(503)]])
            let forgotten = try await Self.send("DELETE", "/onelink-emulator/devices/x", on: server)
            #expect(forgotten.status == 200)
            server.server.faultPlan = .none
            let wrong = try await Self.send("GET", "/onelink-emulator/reset", on: server)
            #expect(wrong.status == 405)
            #expect(wrong.header("Allow") == "POST")
        }
    }
}
