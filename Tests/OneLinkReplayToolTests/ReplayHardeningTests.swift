import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

@testable import onelink_replay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 18: `run` names unreadable inputs precisely, bounds what it quotes, and `--record` is predictable.
@Suite("onelink-replay run hardening", .timeLimit(.minutes(5)))
struct ReplayHardeningTests {
    static func run(_ arguments: [String]) async -> (Int32, CapturedOutput) {
        await RunCommandTests.run(arguments)
    }

    @Test("a device, a FIFO, a folder named x.json and a symbolic-link loop are named for what they are")
    func unreadableInputs() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let inner = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: inner) }
        try FileManager.default.createDirectory(
            at: inner.appendingPathComponent("x.json"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["/dev/null"], "/dev/null: is a character device, not a regular file\n"),
            (["/dev/zero"], "/dev/zero: is a character device, not a regular file\n"),
            ([fifo], "\(fifo): is a FIFO (named pipe), not a regular file\n"),
            ([inner.path], "\(inner.path)/x.json: is a folder, not a file\n"),
            (
                [loop],
                "onelink-replay run: \(loop) is a symbolic-link loop (too many levels of symbolic links)\n"
            ),
        ]
        for (arguments, expected) in cases {
            let (status, output) = await Self.run(arguments)
            #expect(status == 2)
            #expect(output.standardError == expected)
            #expect(!output.standardError.contains("permission"))
            #expect(!output.standardError.contains("NSCocoaErrorDomain"))
        }
    }

    @Test("a 1 MB step name, key or number is quoted as a bounded prefix with the length of the rest")
    func boundedQuotes() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = String(repeating: "x", count: 1_000_000)
        let digits = String(repeating: "9", count: 1_000_000)
        let documents = [
            #"{"name": "n", "steps": [{"do": "\#(huge)"}]}"#,
            #"{"name": "n", "\#(huge)": 1, "steps": []}"#,
            #"{"name": "n", "steps": [{"do": "advance", "by": \#(digits)}]}"#,
        ]
        for (index, document) in documents.enumerated() {
            let file = try RunCommandTests.write(document, named: "big-\(index).json", in: folder)
            let (status, output) = await Self.run([file])
            #expect(status == 2)
            #expect(output.standardError.utf8.count < 1024, "document \(index)")
            #expect(output.standardError.contains("more bytes)"), "document \(index)")
        }
    }

    @Test("--record without a file or folder refuses instead of rewriting the bundled scenarios")
    func recordNeedsPaths() async {
        let (status, output) = await Self.run(["--record"])
        #expect(status == 2)
        #expect(
            output.standardError.hasPrefix(
                "onelink-replay run: --record rewrites the files it is given; name the scenario files or folders"
            ))
    }

    @Test("--record creates a missing file as a starter scenario and records it; the file then passes")
    func recordCreatesTheFile() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("my-scenario.json").path
        let (status, output) = await Self.run(["--record", file])
        #expect(status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("CREATED \(file): a starter scenario to record into\n"))
        #expect(output.standardOutput.contains("RECORDED my-scenario (\(file)): 1 output\n"))
        #expect(output.standardOutput.hasSuffix("1 scenario: 1 recorded, 0 invalid\n"))
        let (again, againOutput) = await Self.run([file])
        #expect(again == 0, "\(againOutput.standardOutput)")
        let missingFolder = folder.appendingPathComponent("nowhere/x.json").path
        let (refused, refusedOutput) = await Self.run(["--record", missingFolder])
        #expect(refused == 2)
        #expect(refusedOutput.standardError.contains("cannot be created: its folder does not exist"))
    }

    @Test("--record keeps match and types, and a subset payload keeps only the keys it named")
    func recordKeepsModes() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try RunCommandTests.write(
            """
            {"name": "modes", "backend": {"install": "organic"}, "steps": [
              {"do": "start", "expect": [{"output": "onConversionDataSuccess", "match": "subset", "types": "loose",
                "payload": {"af_status": "Non-organic"}}]}
            ]}
            """, named: "modes.json", in: folder)
        let (status, output) = await Self.run(["--record", file])
        #expect(status == 0, "\(output.standardError)")
        let recorded = try AttributionValue(json: Data(contentsOf: URL(fileURLWithPath: file)))
        let expectation = recorded["steps"]?.arrayValue?.first?["expect"]?.arrayValue?.first
        #expect(expectation?["match"] == "subset")
        #expect(expectation?["types"] == "loose")
        #expect(expectation?["payload"] == ["af_status": "Organic"])
    }

    @Test("one scenario is counted in the singular")
    func singular() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try RunCommandTests.write(
            #"{"name": "quiet", "steps": [{"do": "advance", "by": "1s"}]}"#, named: "quiet.json", in: folder)
        let (status, output) = await Self.run([file])
        #expect(status == 0, "\(output.standardOutput)")
        #expect(output.standardOutput.hasSuffix("1 scenario: 1 passed, 0 failed, 0 invalid (profile ios)\n"))
    }
}
