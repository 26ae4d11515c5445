import Foundation
import OneLinkSupport

@testable import onelink_replay

/// Paths of the package's bundled fixtures, found from this file's location.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = packageRoot.appendingPathComponent("Payloads/scenarios")
    static let payloads = packageRoot.appendingPathComponent("Payloads")
    static let samples = payloads.appendingPathComponent("samples")

    /// Every bundled scenario's file name, sorted.
    static var scenarioNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A ``CommandOutput`` that keeps everything written.
final class CapturedOutput: Sendable {
    private let written = Locked<(out: String, err: String)>(("", ""))

    var standardOutput: String { written.value.out }

    var standardError: String { written.value.err }

    func output(isTerminal: Bool = false) -> CommandOutput {
        CommandOutput(
            isTerminal: isTerminal,
            write: { text in self.written.withLock { $0.out += text } },
            writeError: { text in self.written.withLock { $0.err += text } })
    }
}

/// What a command line of `onelink-replay` gave, run in process.
struct ToolOutcome {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `onelink-replay` with `arguments` in this process, as `main.swift` does.
func tool(_ arguments: [String]) async -> ToolOutcome {
    let captured = CapturedOutput()
    let status = await ReplayTool.main(arguments, output: captured.output())
    return ToolOutcome(status: status, output: captured.standardOutput, errors: captured.standardError)
}
