import Foundation
import OneLinkSupport
import Testing

@testable import onelink_bench

@Suite("onelink-bench's command line", .timeLimit(.minutes(5)))
struct BenchCommandTests {
    func options(_ arguments: [String]) throws -> BenchOptions {
        try BenchOptions(BenchOptions.reader.read(arguments))
    }

    @Test("every option in both forms")
    func options() throws {
        var expected = BenchOptions()
        expected.quick = true
        expected.only = "build"
        expected.buildTimes = true
        expected.replays = 50
        expected.build.rounds = 3
        expected.build.baselineRevision = "3063f28"
        expected.soak.requests = 10
        expected.soak.burst = 20
        expected.soak.slowClients = 30
        let spaced = [
            "--quick", "--only", "build", "--build-times", "--replays", "50", "--build-rounds", "3",
            "--baseline-revision", "3063f28", "--soak-requests", "10", "--soak-burst", "20", "--soak-slow",
            "30",
        ]
        #expect(try options(spaced) == expected)
        let joined = [
            "--quick", "--only=build", "--build-times", "--replays=50", "--build-rounds=3",
            "--baseline-revision=3063f28", "--soak-requests=10", "--soak-burst=20", "--soak-slow=30",
        ]
        #expect(try options(joined) == expected)
        #expect(try options([]) == BenchOptions())
    }

    @Test(
        "which groups run: all but the soak and the serve load by default, one with --only, the builds with --build-times"
    )
    func groups() throws {
        let all = try options([])
        #expect(
            all.runs("links") && all.runs("http") && !all.runs("soak") && !all.runs("serve")
                && !all.runs("build"))
        let soak = try options(["--only", "soak"])
        #expect(soak.runs("soak") && !soak.runs("links") && !soak.runs("serve"))
        let serve = try options(["--only", "serve"])
        #expect(serve.runs("serve") && !serve.runs("soak") && !serve.runs("links"))
        let builds = try options(["--build-times"])
        #expect(builds.runs("build") && builds.runs("links"))
    }

    @Test("bad values name the option and what it expects")
    func badValues() {
        #expect(throws: UsageError("--replays must be a positive whole number, got 0")) {
            try options(["--replays", "0"])
        }
        #expect(throws: UsageError("--replays must be a positive whole number, got -5")) {
            try options(["--replays", "-5"])
        }
        #expect(
            throws: UsageError(
                "--only must be one of \(BenchOptions.groups.joined(separator: ", ")), got nothing")
        ) { try options(["--only=nothing"]) }
        #expect(throws: UsageError("--baseline-revision needs a value")) {
            try options(["--baseline-revision"])
        }
    }

    @Test("--help prints the usage and exits 0; an unknown option exits 2")
    func helpAndUnknown() async {
        let captured = Captured()
        #expect(await BenchCommand.main(["--help"], output: captured.output) == 0)
        #expect(captured.text.value.out.contains("--soak-requests N"))
        #expect(captured.text.value.out.contains("--build-times"))
        #expect(captured.text.value.out.contains("--replays N"))
        let bogus = Captured()
        #expect(await BenchCommand.main(["--bogus"], output: bogus.output) == 2)
        #expect(
            bogus.text.value.err.hasPrefix("onelink-bench: unknown option --bogus\n\nUSAGE: onelink-bench"))
    }

    @Test("onelink-bench announces each group on standard error as it starts")
    func progress() async {
        let captured = Captured()
        #expect(await BenchCommand.main(["--only", "timeout", "--quick"], output: captured.output) == 0)
        let (out, err) = captured.text.value
        #expect(err.contains("] timeout: deepLinkTimeout against a stalled in-memory resolver\n"))
        #expect(err.contains("] done\n"))
        #expect(out.contains("deepLinkTimeout 200 ms"))
        // A busy machine may miss the target; the line is printed either way.
        #expect(
            out.contains("\nTargets:\n  met    <= timeout + 50 ms: ")
                || out.contains("\nTargets:\n  MISSED <= timeout + 50 ms: "))
    }

    @Test("every onelink-bench command line of README.md and Docs/*.md reads")
    func documentedLines() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Docs").path
        )
        .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        var count = 0
        for file in ["README.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "onelink-bench ") else { continue }
                let words = line[start.upperBound...].prefix { !"#|>`\"'(".contains($0) }.split(
                    separator: " ")
                guard words.first?.hasPrefix("-") == true else { continue }
                count += 1
                #expect(throws: Never.self, "\(file): \(line)") { try options(words.map(String.init)) }
            }
        }
        #expect(count > 5)
    }

    /// Keeps what the command writes.
    final class Captured: Sendable {
        let text = Locked<(out: String, err: String)>(("", ""))

        var output: CommandOutput {
            CommandOutput(
                write: { line in self.text.withLock { $0.out += line } },
                writeError: { line in self.text.withLock { $0.err += line } })
        }
    }
}
