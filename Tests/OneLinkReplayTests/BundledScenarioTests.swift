import Foundation
import OneLinkReplay
import Testing

@Suite("Bundled scenarios", .timeLimit(.minutes(10)))
struct BundledScenarioTests {
    static let cases: [(String, ValueProfile)] = Fixtures.scenarioNames.flatMap { name in
        ValueProfile.allCases.map { (name, $0) }
    }

    @Test("every bundled scenario passes in every profile", arguments: cases)
    func passes(name: String, profile: ValueProfile) async throws {
        let result = try await ScenarioRunner().run(
            contentsOf: Fixtures.scenarios.appendingPathComponent(name), profile: profile)
        #expect(result.passed, "\(name) [\(profile)]:\n\(result.failureReport)")
        #expect(!result.steps.isEmpty)
    }

    @Test("there is a scenario for every rule, seed flow and server flow that Docs/behaviour.md promises")
    func coverage() {
        let names = Set(Fixtures.scenarioNames)
        for rule in 1...13 {
            let prefix = String(format: "rule-%02d-", rule)
            #expect(names.contains { $0.hasPrefix(prefix) }, "no scenario named \(prefix)*.json")
        }
        for required in [
            "flow-direct-universal-link.json", "flow-direct-uri-scheme.json", "flow-short-link.json",
            "flow-deferred-first-launch.json", "server-click-install-first-launch.json",
            "server-click-outside-window-organic.json", "server-last-click-wins.json",
            "server-in-app-browser-interstitial.json", "server-bypassed-universal-link-fallback.json",
            "app-launch-sources.json", "app-lifecycle-debounce.json", "app-passive-launch.json",
            "app-pending-routing.json", "app-routing-malformed.json", "app-pasteboard-deferred-link.json",
            "app-open-url-other-app.json",
        ] {
            #expect(names.contains(required), "missing \(required)")
        }
    }

    @Test("Docs/behaviour.md names only scenario files that exist")
    func behaviourDocLinks() throws {
        let text = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/behaviour.md"), encoding: .utf8)
        let names = Set(Fixtures.scenarioNames)
        var mentioned: [String] = []
        for word in text.split(whereSeparator: { "` |()[],".contains($0) }) where word.hasSuffix(".json") {
            mentioned.append(String(word.split(separator: "/").last ?? word))
        }
        let concrete = mentioned.filter { !$0.contains("*") && !$0.contains("NN") }
        #expect(concrete.count >= 13)
        for name in concrete { #expect(names.contains(name), "Docs/behaviour.md names \(name)") }
    }

    @Test("Payloads/scenarios/README.md lists every scenario with its name")
    func readmeListsEveryScenario() throws {
        let readme = try String(
            contentsOf: Fixtures.scenarios.appendingPathComponent("README.md"), encoding: .utf8)
        for name in Fixtures.scenarioNames {
            let scenario = try Scenario(contentsOf: Fixtures.scenarios.appendingPathComponent(name))
            #expect(readme.contains("| `\(name)` | \(scenario.name) |"), "\(name) is not listed")
        }
    }
}
