import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

@testable import onelink_replay

/// `onelink-replay serve` in process: its options, its messages, and a server it starts and stops.
@Suite(.timeLimit(.minutes(5))) struct ServeCommandTests {
    func outcome(_ arguments: [String]) async -> ToolOutcome {
        await tool(["serve"] + arguments)
    }

    /// Runs `serve` with `arguments` in process: `body` gets the port once the server listens, and
    /// the server stops when it returns.
    static func serving(
        _ arguments: [String], _ body: @escaping @Sendable (UInt16) async throws -> Void
    ) async throws -> ToolOutcome {
        let options = try ServeOptions(ServeCommand.arguments.read(arguments))
        let backends = try ServeBackends.make(from: options.seed, options: options)
        let server = try ServeCommand.makeServer(options, backends: backends)
        let captured = CapturedOutput()
        let failure = Locked<(any Error)?>(nil)
        let status = await ServeCommand.serve(server, summary: backends.summary, output: captured.output()) {
            url in
            do {
                try await body(UInt16(url.port ?? 0))
            } catch {
                failure.withLock { $0 = error }
            }
            return "the test"
        }
        if let error = failure.value { throw error }
        return ToolOutcome(status: status, output: captured.standardOutput, errors: captured.standardError)
    }

    @Test("--help prints the usage and exits 0")
    func help() async throws {
        let result = await outcome(["--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("USAGE: onelink-replay serve [options]\n"))
        #expect(result.errors.isEmpty)
    }

    @Test("bad options and a non-loopback host exit 2 with a message")
    func badOptions() async throws {
        let unknown = await outcome(["--bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasPrefix("onelink-replay serve: unknown option --bogus\n"))
        let port = await outcome(["--port", "70000"])
        #expect(port.status == 2)
        #expect(
            port.errors.hasPrefix(
                "onelink-replay serve: --port must be a number from 0 to 65535, got 70000\n"))
        let host = await outcome(["--host", "0.0.0.0", "--payloads", Fixtures.payloads.path])
        #expect(host.status == 2)
        #expect(
            host.errors.hasPrefix(
                "onelink-replay serve: --host 0.0.0.0 is not a loopback address: serve binds only 127.0.0.0/8, ::1 or localhost unless --allow-remote is given"
            ))
        let folder = await outcome(["--payloads", "/nonexistent"])
        #expect(folder.status == 2)
        #expect(
            folder.errors.hasPrefix(
                "onelink-replay serve: /nonexistent/shortlinks.json does not exist; pass --payloads with the Payloads folder\n"
            ))
        #expect(unknown.output.isEmpty)
    }

    @Test("a port in use exits 1")
    func portInUse() async throws {
        let server = try OneLinkServer(configuration: .init())
        try await server.start()
        let arguments = ["--port", String(server.port), "--quiet", "--payloads", Fixtures.payloads.path]
        let result = try await Self.serving(arguments) { _ in Issue.record("serve started on a port in use") }
        await server.stop()
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("onelink-replay serve: bind failed: Address already in use"))
    }

    @Test("serve --port 0 prints its URL first, answers the documented request, and says what stopped it")
    func documentedRequest() async throws {
        let outcome = try await Self.serving(["--port", "0", "--quiet", "--payloads", Fixtures.payloads.path])
        { port in
            try await ServeTestHelpers.expectDocumentedShortLink(port: port)
        }
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("listening on http://127.0.0.1:"))
        #expect(outcome.errors.hasSuffix("stopped by the test\n"))
    }

    @Test("serve --scenario seeds the server from a scenario's backend: a click there gets its decision")
    func scenarioSeed() async throws {
        let scenario = Fixtures.scenarios.appendingPathComponent("server-click-install-first-launch.json")
            .path
        let userAgent =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
        let outcome = try await Self.serving(["--quiet", "--scenario=\(scenario)"]) { port in
            let response = try await onThread {
                try RawHTTPConnection.exchange(
                    "GET /H5hv?pid=Email&deep_link_value=apples HTTP/1.1\r\nHost: onelink-basic-app.onelink.me\r\n"
                        + "User-Agent: \(userAgent)\r\nConnection: close\r\n\r\n",
                    port: port)
            }
            #expect(response.status == 302)
            #expect(response.header("Location") == "https://apps.apple.com/app/id123456789")
        }
        #expect(outcome.status == 0)
        #expect(outcome.errors.contains("seeded from scenario \(scenario)"))
    }

    @Test("serve --scenario with an invalid scenario exits 2 with the file and JSON path")
    func invalidScenarioSeed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-\(UUID().uuidString).json")
        try Data(#"{"name": "x", "steps": [], "backend": {"shortLinks": 3}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await outcome(["--scenario", file.path])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("onelink-replay serve: \(file.path): $.backend.shortLinks: "))
        #expect(result.output.isEmpty)
    }
}

/// `serve` with no seed option: the package's own `Payloads`, else the plugin's bundled folder (issue 48).
@Suite(.timeLimit(.minutes(5))) struct ServeDefaultSeedTests {
    @Test("a package with Payloads/shortlinks.json is seeded from it, and the line says so")
    func ownPayloads() {
        let chosen = ServeOptions.defaultSeed(bundled: "/bundled/Payloads") {
            $0 == "Payloads/shortlinks.json"
        }
        #expect(chosen.seed == .payloads(folder: "Payloads"))
        #expect(chosen.note == "seeding from this package's Payloads folder")
    }

    @Test("a package without one is seeded from the bundled folder the plugin named, and the line names it")
    func bundledPayloads() {
        let chosen = ServeOptions.defaultSeed(bundled: "/bundled/Payloads") {
            $0 == "/bundled/Payloads/shortlinks.json"
        }
        #expect(chosen.seed == .payloads(folder: "/bundled/Payloads"))
        #expect(
            chosen.note
                == "no Payloads/shortlinks.json in this package; seeding from OneLinkEmulator's bundled payloads at /bundled/Payloads"
        )
    }

    @Test(
        "with neither (no plugin, or a bundled folder without shortlinks.json), Payloads is kept and its error reported"
    )
    func neither() throws {
        #expect(ServeOptions.defaultSeed(bundled: nil) { _ in false }.seed == .payloads(folder: "Payloads"))
        #expect(ServeOptions.defaultSeed(bundled: "/x") { _ in false }.note == nil)
        let options = try ServeOptions(ServeCommand.arguments.read([]))
        #expect(!options.seedGiven)
        #expect(try ServeOptions(ServeCommand.arguments.read(["--payloads", "P"])).seedGiven)
        #expect(try ServeOptions(ServeCommand.arguments.read(["--scenario", "s.json"])).seedGiven)
    }

    @Test("the real bundled folder seeds a server, as the plugin hands it over")
    func realBundledFolder() async throws {
        let bundled = Fixtures.payloads.path
        let chosen = ServeOptions.defaultSeed(bundled: bundled) {
            $0.hasPrefix(bundled) && FileManager.default.fileExists(atPath: $0)
        }
        #expect(chosen.seed == .payloads(folder: bundled))
        var options = try ServeOptions(ServeCommand.arguments.read(["--quiet"]))
        options.seed = chosen.seed
        let backends = try ServeBackends.make(from: options.seed, options: options)
        #expect(backends.shortLinks["H5hv/6d66214a"] != nil)
    }
}
