import Foundation
import OneLinkSupport
import Testing

@testable import onelink_replay

/// Every `onelink-replay` command line that README.md, Docs/*.md and .ci/run show still reads: the
/// reader of its subcommand accepts it (it is read, not run).
@Suite("The documented command lines", .timeLimit(.minutes(5)))
struct DocumentedCommandLinesTests {
    /// The command lines in the documents: what follows `onelink-replay SUBCOMMAND` on a line, up to
    /// a comment, a pipe, a redirection or the end of a code span.
    static func commandLines() throws -> [(source: String, subcommand: String, arguments: [String])] {
        let root = Fixtures.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Docs").path
        )
        .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        var found: [(String, String, [String])] = []
        for file in ["README.md", ".ci/run"] + docs.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "onelink-replay ") else { continue }
                let rest = line[start.upperBound...].prefix { !"#|>`\"'(".contains($0) }
                let words = rest.split(separator: " ").map(String.init)
                guard let subcommand = words.first, ReplayTool.command(named: subcommand) != nil else {
                    continue
                }
                found.append(
                    (
                        "\(file): \(line.trimmingCharacters(in: .whitespaces))", subcommand,
                        Array(words.dropFirst())
                    ))
            }
        }
        return found
    }

    @Test("the documents show command lines of every subcommand, and each one reads")
    func documentedLinesRead() throws {
        let lines = try Self.commandLines()
        #expect(
            Set(lines.map(\.subcommand)).isSuperset(of: ["run", "diagram", "serve", "payloads", "import-log"])
        )
        for (source, subcommand, arguments) in lines {
            guard let command = ReplayTool.command(named: subcommand) else { continue }
            // Placeholders in usage lines ("[--profile P]", "GUIDE.md...") are not command lines.
            guard !arguments.contains(where: { $0.hasPrefix("[") || $0.hasPrefix("<") }) else { continue }
            #expect(throws: Never.self, "\(source)") { try command.arguments.read(arguments) }
        }
    }
}
