import Foundation
import OneLinkEmulator
import Testing

/// Keeps `Docs/behaviour.md` honest: every test it names exists, and every rule names at least one.
@Suite(.timeLimit(.minutes(5))) struct BehaviourDocTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Suite.function` names from the Tests column, by rule number.
    static func namedTests() throws -> [Int: [String]] {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Docs/behaviour.md"), encoding: .utf8)
        var named: [Int: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.components(separatedBy: " | ")
            guard cells.count >= 4, let rule = Int(cells[0].dropFirst(2)) else { continue }
            named[rule] = cells[2].components(separatedBy: ", ").map { $0.trimmingCharacters(in: ["`"]) }
        }
        return named
    }

    /// Every test file's text, concatenated per suite type name that it declares.
    static func suiteSources() throws -> [String: String] {
        var sources: [String: String] = [:]
        let tests = packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(where: { $0 == "struct" || $0 == "class" }),
                    index + 1 < words.count
                else { continue }
                let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
                sources[name, default: ""] += text
            }
        }
        return sources
    }

    @Test("Every rule 1-27 names tests, and every named Suite.function exists")
    func namedTestsExist() throws {
        let named = try Self.namedTests()
        #expect(Set(named.keys) == Set(1...27))
        let sources = try Self.suiteSources()
        for (rule, tests) in named.sorted(by: { $0.key < $1.key }) {
            #expect(!tests.isEmpty, "rule \(rule) names no test")
            for test in tests {
                let parts = test.split(separator: ".")
                #expect(parts.count == 2, "rule \(rule): \(test) is not Suite.function")
                guard parts.count == 2 else { continue }
                let source = sources[String(parts[0])] ?? ""
                #expect(source.contains("func \(parts[1])("), "rule \(rule): \(test) does not exist")
            }
        }
    }
}

@Suite("Docs/behaviour.md: the debug log rules table", .timeLimit(.minutes(5)))
struct DebugRuleDocTests {
    /// The rules named in the table's first column.
    static func documentedRules() throws -> [String] {
        let text = try String(
            contentsOf: BehaviourDocTests.packageRoot.appendingPathComponent("Docs/behaviour.md"),
            encoding: .utf8)
        guard let start = text.range(of: "## Debug log rules") else { return [] }
        var rules: [String] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let firstCell = line.dropFirst(2).prefix { $0 != "|" }
            let pieces = String(firstCell).components(separatedBy: "`")
            rules += pieces.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        return rules
    }

    @Test("Every rule the SDK logs is in the table, and the table names no other")
    func tableIsComplete() throws {
        let documented = try Self.documentedRules()
        let known = DebugRule.allKnown.map(\.rawValue)
        #expect(
            Set(documented) == Set(known),
            "missing: \(Set(known).subtracting(documented)), extra: \(Set(documented).subtracting(known))")
        #expect(documented.count == Set(documented).count, "a rule is listed twice")
        #expect(known.count == Set(known).count)
    }

    @Test("The SDK logs only typed rules: no debug call site spells a rule as a string")
    func callSitesAreTyped() throws {
        let sources = BehaviourDocTests.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var untyped: [String] = []
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for pattern in [#"debug\(\s*""#, #"rule:\s*""#]
            where text.range(of: pattern, options: .regularExpression) != nil {
                untyped.append(file.lastPathComponent)
            }
        }
        #expect(untyped.isEmpty, "\(untyped)")
    }
}
