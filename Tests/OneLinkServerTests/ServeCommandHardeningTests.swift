import Foundation
import OneLinkServer
import OneLinkTestThreads
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 18 for the executables: precise option messages, SIGHUP, `localhost`, the memory bounds
/// in `serve --help`, unknown subcommands and `onelink-bench --help`.
@Suite struct ServeCommandHardeningTests {
    /// Runs an executable next to `onelink-replay` with `arguments` and collects its outcome.
    func outcome(
        _ arguments: [String], executable name: String = "onelink-replay"
    ) async throws -> (status: Int32, output: String, errors: String) {
        let replay = try #require(ServeCommandTests.executable(), "onelink-replay is not built")
        let executable = replay.deletingLastPathComponent().appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "\(name) is not built")
        return try await onThread {
            let process = Process()
            let output = Pipe()
            let errors = Pipe()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = ServeCommandTests.packageRoot
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.cancel()
            return (
                process.terminationStatus, String(decoding: out, as: UTF8.self),
                String(decoding: err, as: UTF8.self)
            )
        }
    }

    @Test("--request-timeout 0 says it must be more than 0, and the bounds say which end was crossed")
    func requestTimeoutMessages() async throws {
        let zero = try await outcome(["serve", "--request-timeout", "0"])
        #expect(zero.status == 2)
        #expect(
            zero.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be more than 0 seconds, got 0\n"))
        let large = try await outcome(["serve", "--request-timeout", "3601"])
        #expect(
            large.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be at most 3600 seconds, got 3601\n"))
        let text = try await outcome(["serve", "--request-timeout", "soon"])
        #expect(
            text.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be a number of seconds, got soon\n"))
    }

    @Test("a long unknown option is quoted as a bounded prefix")
    func boundedOption() async throws {
        let long = "--" + String(repeating: "x", count: 100_000)
        let result = try await outcome(["serve", long])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay serve: unknown option --" + String(repeating: "x", count: 62)))
        #expect(result.errors.contains("… (99938 more bytes)\n"))
        #expect(result.errors.utf8.count < 6000)
    }

    @Test("serve --scenario with a missing file names the file without a JSON path")
    func missingScenario() async throws {
        let result = try await outcome(["serve", "--scenario", "/missing-\(UUID().uuidString).json"])
        #expect(result.status == 2)
        #expect(result.errors.contains(".json: does not exist\n"))
        #expect(!result.errors.contains("$"))
    }

    @Test("--help lists the connection limit and every memory bound")
    func helpListsBounds() async throws {
        let result = try await outcome(["serve", "--help"])
        #expect(result.status == 0)
        for flag in [
            "--max-connections N", "--request-history N", "--max-clicks N", "--click-overflow MODE",
            "--max-devices N",
        ] {
            #expect(result.output.contains(flag), "\(flag)")
        }
    }

    @Test("bad bound values exit 2 with the accepted range")
    func badBounds() async throws {
        let result = try await outcome(["serve", "--max-clicks", "0"])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay serve: --max-clicks must be a whole number from 1 to 100000000, got 0\n"))
        let overflow = try await outcome(["serve", "--click-overflow", "evict"])
        #expect(
            overflow.errors.hasPrefix(
                "onelink-replay serve: --click-overflow must be refuse or drop-oldest, got evict\n"))
    }

    @Test("an unknown subcommand is named")
    func unknownSubcommand() async throws {
        let result = try await outcome(["bogus"])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay: unknown subcommand bogus (expected run, diagram, serve, payloads, import-log or device-log)\n"
            ))
        let none = try await outcome([])
        #expect(none.errors.hasPrefix("onelink-replay: expected a subcommand\n"))
    }

    @Test("onelink-bench --help prints the usage and exits 0; an unknown option exits 2")
    func benchHelp() async throws {
        let help = try await outcome(["--help"], executable: "onelink-bench")
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("USAGE: onelink-bench"))
        #expect(help.output.contains("--soak-requests N"))
        #expect(help.output.contains("--build-times"))
        #expect(help.output.contains("--replays N"))
        let bogus = try await outcome(["--bogus"], executable: "onelink-bench")
        #expect(bogus.status == 2)
        #expect(bogus.errors.hasPrefix("onelink-bench: unknown option --bogus\n"))
    }

    @Test("onelink-bench announces each group on standard error as it starts")
    func benchProgress() async throws {
        let run = try await outcome(["--only", "timeout", "--quick"], executable: "onelink-bench")
        #expect(run.status == 0)
        #expect(run.errors.contains("] timeout: deepLinkTimeout against a stalled in-memory resolver\n"))
        #expect(run.errors.contains("] done\n"))
        #expect(run.output.contains("deepLinkTimeout 200 ms"))
        // Whether the target is met depends on the machine's load; the report names it either way.
        #expect(
            run.output.contains("\nTargets:\n  met    <= timeout + 50 ms: ")
                || run.output.contains("\nTargets:\n  MISSED <= timeout + 50 ms: "))
    }

    @Test("serve --host localhost binds 127.0.0.1, and SIGHUP stops it cleanly with exit 0")
    func localhostAndSIGHUP() async throws {
        let child = try ServeCommandTests.Child(["--host", "localhost", "--port", "0", "--quiet"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(UInt16(line.split(separator: ":").last ?? ""))
        let response = try await onThread {
            try RawHTTPConnection.exchange(
                "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                port: port)
        }
        #expect(response.status == 200)
        kill(child.process.processIdentifier, SIGHUP)
        let (status, reason) = try await onThread { child.waitForExit() }
        #expect(status == 0)
        #expect(reason == .exit)
        #expect(child.errorText().hasSuffix("stopped by SIGHUP\n"))
    }

    @Test("serve --dev-key makes the launch endpoint accept only the keys it names")
    func devKeyFlag() async throws {
        let child = try ServeCommandTests.Child(["--port", "0", "--quiet", "--dev-key", "GOOD_KEY"])
        let first = try await onThread { child.readLine() }
        let line = try #require(first)
        let port = try #require(UInt16(line.split(separator: ":").last ?? ""))
        func launch(_ key: String) async throws -> Int {
            let body = #"{"appsflyer_id":"1600000000000-1234","counter":1}"#
            return try await onThread {
                try RawHTTPConnection.exchange(
                    "POST /api/v6/iosevent/123456789 HTTP/1.1\r\nHost: 127.0.0.1\r\nauthentication: \(key)\r\n"
                        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                    port: port)
            }.status
        }
        let accepted = try await launch("GOOD_KEY")
        let rejected = try await launch("OTHER_KEY")
        kill(child.process.processIdentifier, SIGTERM)
        _ = try await onThread { child.waitForExit() }
        #expect(accepted == 200)
        #expect(rejected == 400)
        let help = try await outcome(["serve", "--help"])
        #expect(help.output.contains("--dev-key KEY"))
    }
}
