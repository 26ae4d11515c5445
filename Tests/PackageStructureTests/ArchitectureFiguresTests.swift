import Foundation
import Testing

/// The source figures in `Docs/architecture.md` are computed, not kept by hand.
@Suite("Architecture figures", .timeLimit(.minutes(2)))
struct ArchitectureFiguresTests {
    static let marker =
        "<!-- figures: computed by Tests/PackageStructureTests/ArchitectureFiguresTests.swift -->"

    /// The fenced block after the marker in `Docs/architecture.md`.
    static func documentedBlock() throws -> String? {
        let url = ModuleGraph.packageRoot.appendingPathComponent("Docs/architecture.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let marker = text.range(of: marker) else { return nil }
        let rest = text[marker.upperBound...]
        guard let open = rest.range(of: "```\n"), let close = rest[open.upperBound...].range(of: "\n```")
        else {
            return nil
        }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test("Docs/architecture.md shows the figures Sources/ has (the failure prints the block to paste)")
    func documentedFigures() throws {
        let figures = try ArchitectureFigures(
            sources: ModuleGraph.packageRoot.appendingPathComponent("Sources"))
        let documented = try Self.documentedBlock()
        #expect(documented == figures.block, "\n\(Self.marker)\n```\n\(figures.block)\n```")
    }

    @Test(
        "no cast to an in-memory backend and no capability asked by cast; @unchecked Sendable within its goal"
    )
    func goals() throws {
        let figures = try ArchitectureFigures(
            sources: ModuleGraph.packageRoot.appendingPathComponent("Sources"))
        let forbidden = figures.concreteCasts.filter {
            $0.contains("InMemory") || $0.contains("DeviceMemory")
        }
        #expect(forbidden.isEmpty, "\(forbidden)")
        #expect(!figures.concreteCasts.contains { $0.contains("EngineEventReceiver") })
        // Issue 50's goal, met: each that remains says beside it why it is safe.
        #expect(figures.uncheckedSendable.count <= 8, "\(figures.uncheckedSendable)")
    }
}
