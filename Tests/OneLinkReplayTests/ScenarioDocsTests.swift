import Foundation
import OneLinkReplay
import Testing

@Suite("Docs/scenarios.md", .timeLimit(.minutes(5)))
struct ScenarioDocsTests {
    static func doc() throws -> String {
        try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/scenarios.md"), encoding: .utf8)
    }

    @Test("the examples are the bundled files, verbatim")
    func examplesAreBundledFiles() throws {
        let doc = try Self.doc()
        for name in ["rule-03-organic.json", "server-last-click-wins.json"] {
            let text = try String(
                contentsOf: Fixtures.scenarios.appendingPathComponent(name), encoding: .utf8)
            #expect(doc.contains("`Payloads/scenarios/\(name)`"))
            #expect(doc.contains("```json\n" + text + "```"), "\(name) differs from the copy in the doc")
        }
    }

    @Test("every step kind, output, option and error message shown is the code's")
    func namesMatchCode() throws {
        let doc = try Self.doc()
        for kind in ScenarioStep.kindNames { #expect(doc.contains("`\(kind)`"), "step \(kind)") }
        for output in ScenarioExpectation.outputNames {
            #expect(doc.contains("`\(output)`"), "output \(output)")
        }
        for option in [
            "--format human\\|json\\|junit\\|github", "--profile ios\\|documented\\|android\\|strings",
            "--record",
            "--shard i/n",
        ] {
            #expect(doc.contains("`\(option)`"), "option \(option)")
        }
        for field in Scenario.topLevelFields { #expect(doc.contains("| `\(field)` |"), "field \(field)") }
        for text in [
            #"{"name": "x", "steps": [{"do": "start"}, {"do": "start"}, {"do": "start"}, {"do": "universalLink", "url": 3}]}"#,
            #"{"name": "x", "steps": [{"do": "universalLink", "url": "u", "ur": 1}]}"#,
            #"{"name": "x", "steps": [{"do": "handleOpen"}]}"#,
            #"{"name": "x", "steps": [{"do": "advance", "by": "3 s"}]}"#,
        ] {
            do {
                _ = try Scenario(json: Array(text.utf8), file: "Payloads/scenarios/x.json")
                Issue.record("\(text) decoded")
            } catch {
                #expect(doc.contains(error.description + "\n"), "\(error.description)")
            }
        }
    }
}
