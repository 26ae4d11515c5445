import Foundation
import OneLinkBadInputCorpus
import OneLinkEmulator
import OneLinkReplay
import Testing

/// Runs every hostile scenario file of `Payloads/bad-input/scenarios.json` through the replay decoder.
@Suite(.timeLimit(.minutes(5))) struct BadScenarioTests {
    static let cases = BadInputCorpus.cases("scenarios.json")

    @Test("The scenario corpus loads with at least 25 cases")
    func corpusLoads() throws {
        _ = try BadInputCorpus.document("scenarios.json")
        #expect(Self.cases.count >= 25)
    }

    @Test("Hostile scenario: the exact ScenarioError", arguments: cases)
    func hostileScenario(_ entry: BadInputCorpus.Case) throws {
        let bytes: [UInt8]
        if let document = entry["document"] {
            bytes = Array(document.jsonText().utf8)
        } else {
            bytes = Array(try entry.text("text").utf8)
        }
        let expected = try entry.text("error")
        do {
            let scenario = try Scenario(json: bytes, file: "bad.json")
            Issue.record("accepted: \(scenario.name)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
