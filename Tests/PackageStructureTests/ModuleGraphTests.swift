import Foundation
import OneLinkTestThreads
import Testing

/// Figures that cannot drift: `Package.swift` declares exactly the modules each target imports, and
/// the graph in `Docs/architecture.md` is the one `Package.swift` declares.
@Suite("The module graph", .timeLimit(.minutes(5)))
struct ModuleGraphTests {
    /// Executables a test target depends on to have them built, and starts as child processes.
    static let startedNotImported: [String: Set<String>] = [
        "OneLinkEmulatorTests": ["onelink-store-writer", "onelink-runloop-client"]
    ]

    @Test("every target declares exactly the package's modules its files import")
    func dependenciesAreImports() async throws {
        let declared = try await onThread { try ModuleGraph.declared() }
        let imported = try declared.imported()
        var problems: [String] = []
        for name in declared.targets.keys.sorted() {
            guard let wanted = declared.targets[name]?.dependencies,
                let used = imported.targets[name]?.dependencies
            else { continue }
            let unused = wanted.subtracting(used).subtracting(Self.startedNotImported[name] ?? [])
            let undeclared = used.subtracting(wanted)
            if !unused.isEmpty {
                problems.append("\(name) declares \(unused.sorted()) but imports none of them")
            }
            if !undeclared.isEmpty {
                problems.append("\(name) imports \(undeclared.sorted()) without declaring them")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Docs/architecture.md shows the graph Package.swift declares")
    func documentedGraph() async throws {
        #if canImport(Darwin)
            // The stand-in modules exist only on hosts without Darwin, and the document shows them.
            return
        #else
            let declared = try await onThread { try ModuleGraph.declared() }
            let document = try String(
                contentsOf: ModuleGraph.packageRoot.appendingPathComponent("Docs/architecture.md"),
                encoding: .utf8)
            let start = "<!-- module-graph: checked by Tests/PackageStructureTests -->\n```\n"
            guard let open = document.range(of: start),
                let close = document.range(of: "\n```", range: open.upperBound..<document.endIndex)
            else {
                Issue.record("Docs/architecture.md has no block starting \(start)")
                return
            }
            let shown = String(document[open.upperBound..<close.lowerBound])
            #expect(shown == declared.figure, "the block should read:\n\(declared.figure)")
        #endif
    }

    @Test("imports are read with attributes and access levels, in #if blocks, and not in strings")
    func importReading() {
        let text = """
            @testable import A
            @_spi(SDK7) public import B
            #if canImport(C)
                import C
            #endif
            let generated = \"\"\"
                import D
                \"\"\"
            import E // why
            // import F
            """
        #expect(ModuleGraph.imports(in: text) == ["A", "B", "C", "E"])
    }

    @Test("module aliases are read from a target's unsafe flags")
    func moduleAliasReading() {
        let settings: [Any] = [
            ["kind": ["unsafeFlags": ["_0": ["-warnings-as-errors"]]], "tool": "swift"],
            [
                "kind": ["unsafeFlags": ["_0": ["-module-alias", "AppsFlyerLib=AppsFlyerLibStandIn"]]],
                "tool": "swift",
            ],
        ]
        #expect(ModuleGraph.moduleAliases(in: settings) == ["AppsFlyerLib": "AppsFlyerLibStandIn"])
        #expect(ModuleGraph.moduleAliases(in: nil).isEmpty)
    }
}
