import Foundation
import Testing

/// Every ```swift block of `Docs/*.md` and `README.md` is compiled: it appears, verbatim, in a Swift file the builds compile.
///
/// A block counts as compiled when its lines are a run of lines of a Swift
/// file under `Tests/`, `Sources/`, `Plugins/` or `Fuzz/` (the package's
/// targets, and the consumer packages and fuzz targets CI builds), each
/// indented alike (a block may be the body of a function there). A block that
/// cannot be compiled (a manifest fragment, an import switch shown
/// unformatted) says so on the line before its fence, with the reason:
/// `<!-- not compiled: a Package.swift fragment -->`. A block whose line
/// before names a file (`<!-- Tests/…/File.swift -->`) must be in that file.
/// New blocks are found by the scan, so one that is neither compiled nor
/// marked fails here with its guide and line.
@Suite("Every Swift block in the guides is compiled", .timeLimit(.minutes(5)))
struct GuideCodeBlocksTests {
    /// What the line before a block's fence says about it.
    enum Marker: Equatable {
        /// Nothing: the block must be compiled somewhere.
        case none
        /// `<!-- not compiled: reason -->`.
        case notCompiled(reason: String)
        /// `<!-- path/to/File.swift -->`: the block must be in that file.
        case file(String)
    }

    /// One ```swift block of a guide.
    struct Block {
        let guide: String
        /// The 1-based line of the opening fence.
        let line: Int
        /// The block's lines, without the fence's indentation or trailing spaces.
        let lines: [String]
        let marker: Marker
    }

    static let root = KitFixtures.packageRoot

    /// The guides: every Markdown file of `Docs/`, and the README.
    static func guides() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Docs").path)
        return docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 } + ["README.md"]
    }

    /// The ```swift blocks of `text`; a fence left open is an error naming its line.
    static func blocks(in text: String, guide: String) throws -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            let indent = fence.prefix { $0 == " " }.count
            let info = fence.dropFirst(indent)
            guard info.hasPrefix("```") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !lines[end].drop(while: { $0 == " " }).hasPrefix("```") { end += 1 }
            guard end < lines.count else {
                throw GuideError(message: "\(guide):\(index + 1): a code fence is never closed")
            }
            let language = info.dropFirst(3).split(separator: " ").first.map { $0.lowercased() }
            if language == "swift" {
                let body = lines[(index + 1)..<end].map { line -> String in
                    let dropped =
                        line.prefix(indent).allSatisfy { $0 == " " } ? String(line.dropFirst(indent)) : line
                    return dropped.trimmingTrailingSpaces
                }
                let before = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                blocks.append(
                    Block(
                        guide: guide, line: index + 1, lines: body, marker: try marker(before, guide, index)))
            }
            index = end + 1
        }
        return blocks
    }

    /// The marker a block's preceding line gives it.
    static func marker(_ line: String, _ guide: String, _ index: Int) throws -> Marker {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return .none }
        let content = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if content.hasPrefix("not compiled") {
            let reason = content.dropFirst("not compiled".count).drop { $0 == ":" || $0 == " " }
            guard !reason.isEmpty else {
                throw GuideError(message: "\(guide):\(index + 1): say why the block is not compiled")
            }
            return .notCompiled(reason: String(reason))
        }
        if content.hasSuffix(".swift"), !content.contains(" ") { return .file(content) }
        return .none
    }

    /// Every Swift file the package's builds compile, by path relative to the root, as lines without trailing spaces.
    ///
    /// Hidden folders (a consumer package's own `.build`, say) are skipped.
    static func compiledSources() throws -> [String: [String]] {
        var sources: [String: [String]] = [:]
        let rootPath = root.standardizedFileURL.path + "/"
        for folder in ["Tests", "Sources", "Plugins", "Fuzz"] {
            guard
                let walker = FileManager.default.enumerator(
                    at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil,
                    options: [.skipsHiddenFiles])
            else { continue }
            while let url = walker.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let path = url.standardizedFileURL.path
                let relative = path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
                let text = try String(contentsOf: url, encoding: .utf8)
                sources[relative] = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { String($0).trimmingTrailingSpaces }
            }
        }
        return sources
    }

    /// Whether `block` is a run of `file`'s lines, every non-empty one under the same extra indentation.
    static func contains(_ file: [String], _ block: [String]) -> Bool {
        guard let first = block.first(where: { !$0.isEmpty }), let offset = block.firstIndex(of: first) else {
            return true
        }
        for (index, line) in file.enumerated() where line.hasSuffix(first) {
            let indent = line.dropLast(first.count)
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let start = index - offset
            guard start >= 0, start + block.count <= file.count else { continue }
            let matches = block.indices.allSatisfy { row in
                block[row].isEmpty ? file[start + row].isEmpty : file[start + row] == indent + block[row]
            }
            if matches { return true }
        }
        return false
    }

    @Test("every unmarked block is compiled, verbatim, in a Swift file of the package")
    func everyBlockIsCompiled() throws {
        let sources = try Self.compiledSources()
        var all: [Block] = []
        for guide in try Self.guides() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8)
            all += try Self.blocks(in: text, guide: guide)
        }
        #expect(all.count >= 30, "the scan found only \(all.count) Swift blocks")
        for block in all {
            let place = "\(block.guide):\(block.line)"
            switch block.marker {
            case .notCompiled:
                continue
            case .file(let path):
                let file = try #require(
                    sources[path], "\(place) names \(path), which is not a compiled Swift file")
                #expect(Self.contains(file, block.lines), "\(place): the block differs from \(path)")
            case .none:
                let found = sources.contains { Self.contains($0.value, block.lines) }
                #expect(
                    found,
                    """
                    \(place): this Swift block is compiled nowhere. Copy it verbatim into a test source \
                    (a function body may hold it), or mark it on the line before its fence with \
                    <!-- not compiled: why -->. The block:
                    \(block.lines.joined(separator: "\n"))
                    """)
            }
        }
    }

    @Test("no guide has a double-backtick span outside its fences: DocC would read it as a symbol link")
    func noDoubleBacktickSpans() throws {
        for guide in try Self.guides() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8)
            var fenced = false
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.drop(while: { $0 == " " }).hasPrefix("```") {
                    fenced.toggle()
                    continue
                }
                #expect(
                    fenced || !line.contains("``"),
                    "\(guide):\(index + 1): a ``…`` span fails Scripts/docs.sh unless it names a symbol")
            }
        }
    }

    @Test("the scan finds indented and marked blocks, and a changed line is not compiled")
    func scanner() throws {
        let guide = """
            Text.

            <!-- not compiled: a Package.swift fragment -->
            ```swift
            .package(url: "x", branch: "main"),
            ```

            - A list item:

              ```swift
              let a = 1

              print(a)
              ```

            ```sh
            swift test
            ```

            <!-- Tests/Example.swift -->
            ```Swift title
            let b = 2
            ```
            """
        let blocks = try Self.blocks(in: guide, guide: "guide.md")
        #expect(blocks.map(\.line) == [4, 10, 21])
        #expect(
            blocks.map(\.marker) == [
                .notCompiled(reason: "a Package.swift fragment"), .none, .file("Tests/Example.swift"),
            ])
        #expect(blocks[1].lines == ["let a = 1", "", "print(a)"])
        let file = ["func f() {", "    let a = 1", "", "    print(a)", "}"]
        #expect(Self.contains(file, blocks[1].lines))
        #expect(!Self.contains(file, ["let a = 1", "", "print(b)"]))
        #expect(!Self.contains(["let a = 1", "  print(a)"], ["let a = 1", "print(a)"]), "indented alike")
        #expect(throws: GuideError.self) { try Self.blocks(in: "```swift\nlet c = 3\n", guide: "open.md") }
        #expect(throws: GuideError.self) {
            try Self.blocks(in: "<!-- not compiled -->\n```swift\nx\n```", guide: "why.md")
        }
    }
}

/// A guide the scan cannot read: an unclosed fence, a marker without a reason.
struct GuideError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension String {
    /// The string without trailing spaces and tabs.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
