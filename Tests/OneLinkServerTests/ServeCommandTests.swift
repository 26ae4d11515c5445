import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `onelink-replay serve` as a child process: first line, a documented request, signals, options.
@Suite struct ServeCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `onelink-replay` executable next to the test bundle (`swift build --build-tests` builds it
    /// with the tests), or in `.build/debug`.
    static func executable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("onelink-replay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/onelink-replay")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }

    /// A running `serve` child with its standard output as lines.
    final class Child: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        private var buffer = Data()
        private let watchdog: DispatchWorkItem

        init(_ arguments: [String]) throws {
            let executable = try #require(
                ServeCommandTests.executable(),
                "onelink-replay is not built; run `swift build --build-tests` (or `swift build`) first")
            process.executableURL = executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = ServeCommandTests.packageRoot
            process.standardOutput = output
            process.standardError = errors
            watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            try process.run()
            // A hung child is terminated after 30 seconds, so reads from its pipes end.
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        }

        /// Reads one line from standard output; `nil` at end of stream.
        func readLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }

        /// The rest of standard output after the process ended.
        func remainingOutput() -> String {
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            return String(decoding: buffer + rest, as: UTF8.self)
        }

        func errorText() -> String {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        /// Waits for exit; the watchdog bounds the wait to 30 seconds from launch.
        func waitForExit() -> (status: Int32, reason: Process.TerminationReason) {
            process.waitUntilExit()
            watchdog.cancel()
            return (process.terminationStatus, process.terminationReason)
        }
    }

    func run(signal number: Int32, name: String) async throws {
        let child = try Child(["--port", "0", "--payloads", "Payloads"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let base = String(line.dropFirst("listening on ".count))
        let port = try #require(UInt16(base.split(separator: ":").last ?? ""))

        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        let stored = try AttributionPayload(
            json: Data(contentsOf: Self.packageRoot.appendingPathComponent("Payloads/shortlinks.json")))
        #expect(
            try AttributionPayload(jsonString: response.body)
                == stored["H5hv/6d66214a"]?["parameters"]?.objectValue.map(AttributionPayload.init))

        let logLine = try await onThread { child.readLine() }
        #expect(logLine?.contains(#" "GET /shortlink-sdk/v2/H5hv?id=6d66214a" 200 458B "#) == true)

        kill(child.process.processIdentifier, number)
        let (status, reason) = try await onThread { child.waitForExit() }
        #expect(status == 0)
        #expect(reason == .exit)
        #expect(child.errorText().hasSuffix("stopped by \(name)\n"))
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test("serve --port 0 prints its URL first, answers the documented request, and exits 0 on SIGINT")
    func sigint() async throws {
        try await run(signal: SIGINT, name: "SIGINT")
    }

    @Test("serve exits 0 on SIGTERM too")
    func sigterm() async throws {
        try await run(signal: SIGTERM, name: "SIGTERM")
    }

    func outcome(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let child = try Child(arguments)
        return try await onThread {
            let (status, _) = child.waitForExit()
            return (status, child.remainingOutput(), child.errorText())
        }
    }

    @Test("--help prints the usage and exits 0")
    func help() async throws {
        let result = try await outcome(["--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("USAGE: onelink-replay serve [options]\n"))
        #expect(result.errors.isEmpty)
    }

    @Test("bad options and a non-loopback host exit 2 with a message")
    func badOptions() async throws {
        let unknown = try await outcome(["--bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasPrefix("onelink-replay serve: unknown option --bogus\n"))
        let port = try await outcome(["--port", "70000"])
        #expect(port.status == 2)
        #expect(
            port.errors.hasPrefix(
                "onelink-replay serve: --port must be a number from 0 to 65535, got 70000\n"))
        let host = try await outcome(["--host", "0.0.0.0"])
        #expect(host.status == 2)
        #expect(
            host.errors.hasPrefix(
                "onelink-replay serve: host 0.0.0.0 is not a loopback address; the server serves only 127.0.0.0/8 and ::1\n"
            ))
        let folder = try await outcome(["--payloads", "/nonexistent"])
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
        let result = try await outcome(["--port", String(server.port)])
        await server.stop()
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("onelink-replay serve: bind failed: Address already in use"))
    }

    @Test("serve --scenario seeds the server from a scenario's backend: a click there gets its decision")
    func scenarioSeed() async throws {
        let child = try Child(["--scenario", "Payloads/scenarios/server-click-install-first-launch.json"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        let port = try #require(UInt16(line.split(separator: ":").last ?? ""))
        let userAgent =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /H5hv?pid=Email&deep_link_value=apples HTTP/1.1\r\nHost: onelink-basic-app.onelink.me\r\n"
                    + "User-Agent: \(userAgent)\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 302)
        #expect(response.header("Location") == "https://apps.apple.com/app/id123456789")
        kill(child.process.processIdentifier, SIGINT)
        let (status, _) = try await onThread { child.waitForExit() }
        #expect(status == 0)
        #expect(
            child.errorText().contains(
                "seeded from scenario Payloads/scenarios/server-click-install-first-launch.json"))
    }

    @Test("serve --scenario with an invalid scenario exits 2 with the file and JSON path")
    func invalidScenarioSeed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-\(UUID().uuidString).json")
        try Data(#"{"name": "x", "steps": [], "backend": {"shortLinks": 3}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await outcome(["--scenario", file.path])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("onelink-replay serve: \(file.path): $.backend.shortLinks: "))
        #expect(result.output.isEmpty)
    }
}
