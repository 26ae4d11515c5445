import Foundation
import Testing

@Suite("Docs/getting-started.md", .timeLimit(.minutes(5)))
struct GettingStartedDocTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Every Swift example in the guide is compiled here, verbatim")
    func examplesAreCompiled() throws {
        let guide = try String(
            contentsOf: Self.root.appendingPathComponent("Docs/getting-started.md"), encoding: .utf8)
        var compiled = ""
        for file in [
            "GettingStartedRouter.swift", "GettingStartedTest.swift", "GettingStartedMainActorRouters.swift",
        ] {
            compiled += try String(
                contentsOf: Self.root.appendingPathComponent("Tests/ConsumerCompatibilityTests/\(file)"),
                encoding: .utf8)
        }
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map {
            String($0.prefix { _ in true }.components(separatedBy: "```").first ?? "")
        }
        #expect(blocks.count == 4)
        for block in blocks { #expect(compiled.contains(block), "not compiled:\n\(block)") }
    }
}
