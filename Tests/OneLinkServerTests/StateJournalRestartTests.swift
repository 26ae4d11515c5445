import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// `serve --state`: a server configured with a ``ServerStateJournal`` keeps its OneLink API links
/// (with their expiry, TTL and record), test devices and in-app events across a restart from the same
/// folder, in process on ``EmbeddedServer``.
@Suite("Server: state journal across restarts", .timeLimit(.minutes(2)))
struct StateJournalRestartTests {
    static let token = "API_TOKEN"
    static let idfa = "09ad6f30-a39c-4c6c-8862-636eabd54709"
    static let other = "19ad6f30-a39c-4c6c-8862-636eabd54709"
    static let console = "/api/test-console/v1.0/app/id1234567890"

    /// One run of the server on the journal in `folder`, its resolver and event recorder fresh.
    struct Run {
        let server: EmbeddedServer
        let journal: ServerStateJournal
        let links: InMemoryShortLinkResolver
        let events: InMemoryEventRecorder

        init(folder: String, clock: ManualClock, maximumLinks: Int = 100) async throws {
            journal = try ServerStateJournal(directory: folder)
            links = InMemoryShortLinkResolver()
            events = InMemoryEventRecorder()
            var configuration = OneLinkServer.Configuration(
                shortLinkResolver: links, clock: clock, eventRecorder: events,
                oneLinkAPI: OneLinkAPISettings(
                    links: links, tokens: [StateJournalRestartTests.token], maximumLinks: maximumLinks),
                s2sKeys: ["S2S"])
            configuration.stateJournal = journal
            server = EmbeddedServer(configuration: configuration)
            _ = await journal.restoreEvents(into: events)
        }

        func api(_ method: HTTPMethod, _ path: String, _ body: String = "") async -> EmbeddedResponse {
            await server.respond(
                method, path,
                headers: [
                    (.authorization, StateJournalRestartTests.token), (.contentType, "application/json"),
                ],
                body: body)
        }

        func console(_ method: HTTPMethod, _ path: String, _ body: String = "") async -> EmbeddedResponse {
            await server.respond(
                method, StateJournalRestartTests.console + path,
                headers: [
                    (.authorization, "Bearer \(StateJournalRestartTests.token)"),
                    (.contentType, "application/json"),
                ],
                body: body)
        }

        /// Creates each link `(id, ttl)` through v2.0; expects 200.
        func create(_ links: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) async {
            for (id, ttl) in links {
                let status = await api(
                    .post, "/api/v2.0/shortlinks/A1b3", StateJournalRestartTests.create(id, ttl: ttl)
                ).status
                #expect(status == 200, sourceLocation: sourceLocation)
            }
        }

        func stop() {
            server.stop()
            journal.close()
        }
    }

    /// Runs `body` with a first run on the journal in a fresh folder, removed afterwards; `body` gets
    /// the run, the folder and the clock the next runs share.
    static func withFirstRun(
        maximumLinks: Int = 100, _ body: (Run, String, ManualClock) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("state-restart-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ManualClock()
        try await body(try await Run(folder: folder, clock: clock, maximumLinks: maximumLinks), folder, clock)
    }

    static func create(_ id: String, ttl: String, extra: String = "") -> String {
        #"{"shortlink_id":"\#(id)","ttl":"\#(ttl)","data":{"pid":"qr","deep_link_value":"\#(id)"\#(extra)}}"#
    }

    @Test(
        "links (created, updated, deleted, renewal off), test devices and S2S and SDK events survive a restart"
    )
    func restart() async throws {
        try await Self.withFirstRun { first, folder, clock in
            #expect(first.journal.restoredRecordCount == 0)
            #expect(
                await first.api(.post, "/api/v2.0/shortlinks/A1b3", Self.create("kept", ttl: "10d")).status
                    == 200)
            #expect(
                await first.api(
                    .post, "/api/v2.0/shortlinks/A1b3",
                    Self.create("fixed", ttl: "2h", extra: #","renew_ttl":false"#)
                ).status == 200)
            #expect(
                await first.api(.post, "/api/v2.0/shortlinks/A1b3", Self.create("gone", ttl: "1d")).status
                    == 200)
            #expect(await first.api(.delete, "/api/v2.0/shortlinks/A1b3/gone").status == 200)
            await clock.advance(by: .seconds(60))
            #expect(
                await first.api(
                    .put, "/api/v2.0/shortlinks/A1b3/kept",
                    #"{"ttl":"20d","data":{"pid":"qr","c":"updated"}}"#
                )
                .status == 200)
            let keptBefore = await first.api(.get, "/api/v2.0/shortlinks/A1b3/kept")
            let fixedBefore = await first.api(.get, "/api/v2.0/shortlinks/A1b3/fixed")
            #expect(keptBefore.status == 200)
            let register = #"{"device_id":"\#(Self.idfa)","device_id_type":"IDFA","device_name":"QA iPhone"}"#
            let second = #"{"device_id":"\#(Self.other)","device_id_type":"IDFV","device_name":"Old"}"#
            #expect(await first.console(.post, "/devices", register).status == 200)
            #expect(await first.console(.post, "/devices", second).status == 200)
            #expect(await first.console(.delete, "/devices/\(Self.other)").status == 200)
            let s2s = await first.server.respond(
                .post, "/inappevent/id1234567890", headers: [(.authentication, "S2S")],
                body:
                    #"{"appsflyer_id":"d1","eventName":"af_purchase","eventValue":"{\"af_revenue\":\"6\"}"}"#)
            #expect(s2s.status == 200)
            let sdk = await first.server.respond(
                .post, "/api/v6/iosevent/id1234567890",
                body: #"{"appsflyer_id":"d2","eventName":"af_login","eventTime":"2020-08-12 15:08:00.000"}"#)
            #expect(sdk.status == 200)
            let eventsBefore = first.events.events
            #expect(eventsBefore.count == 2)
            let install = await first.server.respond(
                .get,
                "/install_data/v5.0/id1234567890?devkey=DEV&device_id=d3&install_time=2026-11-20%2010:00:00.000"
            )
            #expect(install.status == 200)
            let launch = await first.server.respond(
                .post, "/api/v6/iosevent/id1234567890", body: #"{"appsflyer_id":"d3","counter":1}"#)
            #expect(launch.status == 200)
            let gcdBefore = await first.server.respond(
                .get, "/install_data/v4.0/id1234567890?devkey=DEV&device_id=d3")
            #expect(gcdBefore.status == 200)
            first.stop()

            let restarted = try await Run(folder: folder, clock: clock)
            #expect(restarted.journal.tornTail == nil)
            #expect(restarted.journal.restoredRecordCount == 12)
            let kept = await restarted.api(.get, "/api/v2.0/shortlinks/A1b3/kept")
            #expect(kept.status == 200)
            #expect(kept.json == keptBefore.json)
            #expect(kept.json?["ttl"] != nil)
            #expect(await restarted.api(.get, "/api/v2.0/shortlinks/A1b3/fixed").json == fixedBefore.json)
            #expect(await restarted.api(.get, "/api/v2.0/shortlinks/A1b3/gone").status == 404)
            #expect(restarted.links[template: "A1b3", shortID: "kept"]?["c"] == "updated")
            #expect(restarted.links[template: "A1b3", shortID: "gone"] == nil)
            let devices = await restarted.server.respond(.get, "/onelink-emulator/test-devices")
            #expect(devices.text.contains(Self.idfa))
            #expect(!devices.text.contains(Self.other))
            #expect(restarted.events.events == eventsBefore)
            // The GCD API reads the install back as before the restart.
            let gcd = await restarted.server.respond(
                .get, "/install_data/v4.0/id1234567890?devkey=DEV&device_id=d3")
            #expect(gcd.status == 200)
            #expect(gcd.json == gcdBefore.json)

            // The restored link expires when it did: 20 days after the update.
            await clock.advance(by: .seconds(20 * 86_400))
            #expect(await restarted.api(.get, "/api/v2.0/shortlinks/A1b3/kept").status == 404)
            restarted.stop()
        }
    }

    @Test("a reset is kept: test devices registered before it do not come back")
    func resetIsKept() async throws {
        try await Self.withFirstRun { first, folder, clock in
            let register = #"{"device_id":"\#(Self.idfa)","device_id_type":"IDFA","device_name":"QA iPhone"}"#
            #expect(await first.console(.post, "/devices", register).status == 200)
            #expect(await first.server.respond(.post, "/onelink-emulator/reset").status == 200)
            first.stop()
            let restarted = try await Run(folder: folder, clock: clock)
            #expect(
                !(await restarted.server.respond(.get, "/onelink-emulator/test-devices").text.contains(
                    Self.idfa)))
            restarted.stop()
        }
    }

    @Test("restored links are trimmed by the link bound: the ones expiring first go")
    func restoredLinksAreBounded() async throws {
        try await Self.withFirstRun(maximumLinks: 3) { first, folder, clock in
            await first.create([("a", "1d"), ("b", "2d"), ("c", "3d")])
            first.stop()
            let smaller = try await Run(folder: folder, clock: clock, maximumLinks: 2)
            #expect(await smaller.api(.get, "/api/v2.0/shortlinks/A1b3/a").status == 404)
            #expect(await smaller.api(.get, "/api/v2.0/shortlinks/A1b3/b").status == 200)
            #expect(await smaller.api(.get, "/api/v2.0/shortlinks/A1b3/c").status == 200)
            smaller.stop()
        }
    }

    @Test("a journal damaged before its last record refuses to open, naming the file and the offset")
    func damagedJournal() async throws {
        try await Self.withFirstRun { first, folder, clock in
            await first.create([("a", "1d"), ("b", "1d")])
            first.stop()
            let path = folder + "/journal"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[AppendOnlyJournal.signature.count + AppendOnlyJournal.headerBytes + 2] ^= 1
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(throws: JournalError.self) { try ServerStateJournal(directory: folder) }
            do throws(JournalError) {
                _ = try ServerStateJournal(directory: folder)
            } catch {
                #expect(error.description.contains(path))
                #expect(error.description.contains("byte offset \(AppendOnlyJournal.signature.count)"))
            }
        }
    }
}
