public import Foundation
import OneLinkEmulator

extension ScenarioDiagram {
    /// The line that opens a generated diagram block in a Markdown guide; the scenario path follows it.
    public static let blockStart = "<!-- diagram: "
    /// The line that closes a generated diagram block.
    public static let blockEnd = "<!-- /diagram -->"

    /// A Markdown text with every diagram block regenerated from its scenario.
    ///
    /// A block is the lines between `<!-- diagram: Payloads/scenarios/X.json -->` and
    /// `<!-- /diagram -->`; its content becomes ``markdown`` of that scenario, replayed
    /// in the `ios` profile. Text outside blocks is kept as it is.
    ///
    /// - Parameters:
    ///   - text: The Markdown text.
    ///   - root: The folder scenario paths are relative to (the package root).
    /// - Returns: The text, and the scenario paths of its blocks in order.
    /// - Throws: ``ScenarioError`` for a block without its end marker (path `$`, file the block's
    ///   scenario) or a scenario that cannot be replayed.
    public static func updatingBlocks(
        in text: String, root: URL
    ) async throws(ScenarioError) -> (
        text: String, scenarios: [String]
    ) {
        var output: [Substring] = []
        var scenarios: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            output.append(line)
            guard line.hasPrefix(blockStart), line.hasSuffix("-->") else { continue }
            let path = line.dropFirst(blockStart.count).dropLast(3).trimmingCharacters(in: .whitespaces)
            guard let end = lines.firstIndex(where: { $0 == blockEnd }) else {
                throw ScenarioError(
                    file: path, path: "$", reason: .invalidValue("the diagram block has no \(blockEnd) line"))
            }
            lines = lines[end...]
            let diagram = try await replaying(contentsOf: root.appendingPathComponent(path), file: path)
            output += diagram.markdown.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
            scenarios.append(path)
        }
        return (output.joined(separator: "\n"), scenarios)
    }
}
