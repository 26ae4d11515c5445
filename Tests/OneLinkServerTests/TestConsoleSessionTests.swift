import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// The Test Console's `Session` rows: each launch the server accepted, at its time on the server's
/// clock; the install's own row gives way to its first launch (the SDK's first launch is the install).
@Suite("Server: launches as Test Console sessions", .timeLimit(.minutes(5)))
struct TestConsoleSessionTests {
    static let idfa = TestConsoleTests.idfa
    static let base = TestConsoleTests.base

    static func withServer(
        maximumLaunches: Int = 100_000, _ body: (DeviceAdminTests.DeviceServer) async throws -> Void
    ) async throws {
        try await TestConsoleTests.withConsoleServer(
            configure: {
                $0.launchRecorder = InMemoryLaunchRecorder(validDevKeys: ["key"])
                $0.maximumRememberedLaunches = maximumLaunches
            }, body)
    }

    /// Posts the SDK's launch request for `deviceID` with session count `counter`.
    static func launch(
        _ deviceID: String, counter: Int, user: String? = nil, key: String = "key",
        server: DeviceAdminTests.DeviceServer
    ) async throws -> Int {
        var body = #"{"appsflyer_id":"\#(deviceID)","counter":\#(counter)"#
        if let user { body += #","customer_user_id":"\#(user)""# }
        let response = try await DeviceAdminTests.send(
            "POST", "/api/v6/iosevent/id1234567890", on: server,
            headers: ["Content-Type: application/json", "authentication: \(key)"], body: body + "}")
        return response.status
    }

    /// The device's rows since `start` as (event_type, sdk_timestamp, appsflyer_id, customer_user_id).
    static func rows(
        since start: String, server: DeviceAdminTests.DeviceServer
    ) async throws -> [(type: String, time: String, id: String, user: AttributionValue?)] {
        try await TestConsoleTests.rows(since: start, server: server).map {
            (
                $0["event_type"]?.stringValue ?? "", $0["sdk_timestamp"]?.stringValue ?? "",
                $0["appsflyer_id"]?.stringValue ?? "", $0["customer_user_id"]
            )
        }
    }

    @Test("the install's first launch and two later launches are Session rows at their clock times")
    func laterLaunches() async throws {
        try await Self.withServer { server in
            let start = try await TestConsoleTests.registerAndInstall(server)
            let installed = TestConsoleTests.iso(server.clock.now)
            let before = try await Self.rows(since: start, server: server)
            #expect(before.map(\.type) == ["Session"])
            #expect(before.first?.time == installed)

            await server.clock.advance(by: .seconds(5))
            #expect(try await Self.launch("af-1", counter: 1, server: server) == 200)
            let first = TestConsoleTests.iso(server.clock.now)
            await server.clock.advance(by: .seconds(600))
            #expect(try await Self.launch("af-1", counter: 2, user: "user-42", server: server) == 200)
            let second = TestConsoleTests.iso(server.clock.now)
            await server.clock.advance(by: .seconds(1200))
            #expect(try await Self.launch("af-1", counter: 3, server: server) == 200)
            let third = TestConsoleTests.iso(server.clock.now)
            // A refused launch (wrong dev key) is no session; another device's launch is not this one's.
            #expect(try await Self.launch("af-1", counter: 4, key: "wrong", server: server) == 400)
            #expect(try await Self.launch("af-other", counter: 2, server: server) == 200)

            let rows = try await Self.rows(since: start, server: server)
            #expect(rows.map(\.type) == ["Session", "Session", "Session"])
            #expect(rows.map(\.time) == [first, second, third])
            #expect(Set(rows.map(\.id)) == ["af-1"])
            #expect(rows.map(\.user) == [.null, .string("user-42"), .null])
            #expect(Set([first, second, third]).count == 3, "the clock moved between launches")

            let window = try await TestConsoleTests.api(
                "GET", Self.base + "/events?device_id=\(Self.idfa)&start_time=\(start)&end_time=\(second)",
                server: server)
            #expect(window.json["total"] == 2)
        }
    }

    @Test("without a remembered first launch the install keeps its row, and later launches follow it")
    func installRowStays() async throws {
        try await Self.withServer { server in
            let start = try await TestConsoleTests.registerAndInstall(server)
            let installed = TestConsoleTests.iso(server.clock.now)
            await server.clock.advance(by: .seconds(90))
            #expect(try await Self.launch("af-1", counter: 2, server: server) == 200)
            let later = TestConsoleTests.iso(server.clock.now)
            let rows = try await Self.rows(since: start, server: server)
            #expect(rows.map(\.time) == [installed, later])
            #expect(rows.map(\.type) == ["Session", "Session"])
        }
    }

    @Test("the launch memory keeps the newest launches only; forgetting the device or a reset clears them")
    func boundedAndCleared() async throws {
        try await Self.withServer(maximumLaunches: 2) { server in
            let start = try await TestConsoleTests.registerAndInstall(server)
            let installed = TestConsoleTests.iso(server.clock.now)
            var times: [String] = []
            for counter in 1...4 {
                await server.clock.advance(by: .seconds(60))
                #expect(try await Self.launch("af-1", counter: counter, server: server) == 200)
                times.append(TestConsoleTests.iso(server.clock.now))
            }
            // Launches 1 and 2 are forgotten, so the install's own row stands for the first session.
            let bounded = try await Self.rows(since: start, server: server)
            #expect(bounded.map(\.time) == [installed] + times.suffix(2))

            let forgotten = try await DeviceAdminTests.send(
                "DELETE", "/onelink-emulator/devices/af-1", on: server)
            #expect(forgotten.status == 200)
            #expect(try await Self.rows(since: start, server: server).isEmpty)
            // The same AppsFlyer ID installs again: only the new install's row, no old launch.
            _ = try await RawAttributionLinkTests.install(
                "af-1", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
            #expect(try await Self.rows(since: start, server: server).count == 1)

            await server.clock.advance(by: .seconds(60))
            #expect(try await Self.launch("af-1", counter: 5, server: server) == 200)
            #expect(try await Self.rows(since: start, server: server).count == 2)
            let reset = try await DeviceAdminTests.send("POST", "/onelink-emulator/reset", on: server)
            #expect(reset.status == 200)
            // The reset forgets the test devices and installs too: register and install again.
            _ = try await TestConsoleTests.api(
                "POST", Self.base + "/devices", server: server, body: TestConsoleTests.register)
            _ = try await RawAttributionLinkTests.install(
                "af-1", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
            let afterReset = try await Self.rows(since: start, server: server)
            #expect(afterReset.map(\.time) == [TestConsoleTests.iso(server.clock.now)])
        }
    }
}
