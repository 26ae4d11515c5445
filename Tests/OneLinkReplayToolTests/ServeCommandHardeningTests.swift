import Foundation
import OneLinkTestThreads
import Testing

@testable import onelink_replay

/// Issue 18 for the executables: precise option messages, the memory bounds in `serve --help`,
/// unknown subcommands and `--dev-key`.
@Suite(.timeLimit(.minutes(5))) struct ServeCommandHardeningTests {
    func outcome(_ arguments: [String]) async -> ToolOutcome {
        await tool(arguments)
    }

    @Test("--request-timeout 0 says it must be more than 0, and the bounds say which end was crossed")
    func requestTimeoutMessages() async throws {
        let zero = await outcome(["serve", "--request-timeout", "0"])
        #expect(zero.status == 2)
        #expect(
            zero.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be more than 0 seconds, got 0\n"))
        let large = await outcome(["serve", "--request-timeout", "3601"])
        #expect(
            large.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be at most 3600 seconds, got 3601\n"))
        let text = await outcome(["serve", "--request-timeout", "soon"])
        #expect(
            text.errors.hasPrefix(
                "onelink-replay serve: --request-timeout must be a number of seconds, got soon\n"))
    }

    @Test("a long unknown option is quoted as a bounded prefix")
    func boundedOption() async throws {
        let long = "--" + String(repeating: "x", count: 100_000)
        let result = await outcome(["serve", long])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay serve: unknown option --" + String(repeating: "x", count: 62)))
        #expect(result.errors.contains("… (99938 more bytes)\n"))
        // The line and the usage text, not the 100,000-byte option.
        #expect(result.errors.utf8.count < ServeCommand.usage.utf8.count + 300)
    }

    @Test("serve --scenario with a missing file names the file without a JSON path")
    func missingScenario() async throws {
        let result = await outcome(["serve", "--scenario", "/missing-\(UUID().uuidString).json"])
        #expect(result.status == 2)
        #expect(result.errors.contains(".json: does not exist\n"))
        #expect(!result.errors.contains("$"))
    }

    @Test("--help lists the connection limit and every memory bound")
    func helpListsBounds() async throws {
        let result = await outcome(["serve", "--help"])
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
        let result = await outcome(["serve", "--max-clicks", "0"])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay serve: --max-clicks must be a whole number from 1 to 100000000, got 0\n"))
        let overflow = await outcome(["serve", "--click-overflow", "evict"])
        #expect(
            overflow.errors.hasPrefix(
                "onelink-replay serve: --click-overflow must be refuse or drop-oldest, got evict\n"))
    }

    @Test("an unknown subcommand is named")
    func unknownSubcommand() async throws {
        let result = await outcome(["bogus"])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "onelink-replay: unknown subcommand bogus (expected run, diagram, explore, serve, payloads, import-log or device-log)\n"
            ))
        let none = await outcome([])
        #expect(none.errors.hasPrefix("onelink-replay: expected a subcommand\n"))
    }

    @Test("serve --dev-key makes the launch endpoint accept only the keys it names")
    func devKeyFlag() async throws {
        @Sendable func launch(_ key: String, port: UInt16) async throws -> Int {
            let body = #"{"appsflyer_id":"1600000000000-1234","counter":1}"#
            return try await onThread {
                try RawHTTPConnection.exchange(
                    "POST /api/v6/iosevent/123456789 HTTP/1.1\r\nHost: 127.0.0.1\r\nauthentication: \(key)\r\n"
                        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                    port: port)
            }.status
        }
        let arguments = [
            "--port", "0", "--quiet", "--payloads", Fixtures.payloads.path, "--dev-key", "GOOD_KEY",
        ]
        _ = try await ServeCommandTests.serving(arguments) { port in
            let accepted = try await launch("GOOD_KEY", port: port)
            let rejected = try await launch("OTHER_KEY", port: port)
            #expect(accepted == 200)
            #expect(rejected == 400)
        }
        let help = await outcome(["serve", "--help"])
        #expect(help.output.contains("--dev-key KEY"))
    }
}
