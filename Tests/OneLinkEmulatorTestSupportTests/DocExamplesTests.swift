import Foundation
import Testing

/// `Docs/testing.md` shows the example files verbatim; each block follows a comment naming its file.
@Suite("Docs/testing.md examples", .timeLimit(.minutes(5)))
struct DocExamplesTests {
    /// Every `<!-- path.swift -->` comment followed by a Swift code block, as (path, block) pairs.
    static func blocks() throws -> [(path: String, code: String)] {
        let doc = try String(
            decoding: Data(contentsOf: KitFixtures.packageRoot.appendingPathComponent("Docs/testing.md")),
            as: UTF8.self)
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(String, String)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- "), line.hasSuffix(".swift -->"), index + 1 < lines.count,
                lines[index + 1] == "```swift"
            {
                let path = String(line.dropFirst(5).dropLast(4))
                var end = index + 2
                while end < lines.count, lines[end] != "```" { end += 1 }
                blocks.append((path, lines[(index + 2)..<end].joined(separator: "\n")))
                index = end
            }
            index += 1
        }
        return blocks
    }

    @Test func everyExampleFileIsShownVerbatim() throws {
        let blocks = try Self.blocks()
        #expect(
            blocks.map(\.path) == [
                "Tests/OneLinkEmulatorTestSupportTests/DocExamples/LinkRouter.swift",
                "Tests/OneLinkEmulatorTestSupportTests/DocExamples/SwiftTestingExample.swift",
                "Tests/OneLinkEmulatorTestSupportTests/DocExamples/XCTestExample.swift",
                "Tests/OneLinkEmulatorTestSupportTests/DocExamples/BackendBehaviourExamples.swift",
                "Tests/OneLinkEmulatorTestSupportTests/DocExamples/ExplorerExamples.swift",
            ])
        for (path, code) in blocks {
            let file = try String(
                decoding: Data(contentsOf: KitFixtures.packageRoot.appendingPathComponent(path)),
                as: UTF8.self)
            var expected = file
            while expected.hasSuffix("\n") { expected.removeLast() }
            #expect(code == expected, "Docs/testing.md differs from \(path)")
        }
    }
}
