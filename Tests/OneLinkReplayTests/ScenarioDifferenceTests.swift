import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("Structured differences", .timeLimit(.minutes(5)))
struct ScenarioDifferenceTests {
    /// One start of an organic install, expected wrongly in four ways.
    static let failing = """
        {"name": "differences", "steps": [
          {"do": "start", "expect": [
            {"output": "onConversionDataSuccess", "payload": {"af_status": "Non-organic", "campaign": "spring", "is_first_launch": true}},
            {"output": "onConversionDataFail"}
          ]},
          {"do": "universalLink", "url": "https://onelink-basic-app.onelink.me/H5hv?deep_link_value=apples", "expect": [
            {"output": "onConversionDataSuccess"}
          ]},
          {"do": "advance", "by": "1s", "expect": [{"output": "onAppOpenAttribution"}]}
        ]}
        """

    @Test("Each difference has a kind, output, path, expected and found, and its text is the human line")
    func structured() async throws {
        let scenario = try Scenario(json: Data(Self.failing.utf8), file: "differences.json")
        let result = try await ScenarioRunner().run(scenario)
        let first = result.steps[0].mismatches
        let status = try #require(first.first { $0.path == "payload.af_status" })
        #expect(status.kind == .changed)
        #expect(status.output == 1)
        #expect(status.expected == .string("Non-organic"))
        #expect(status.found == .string("Organic"))
        #expect(status.text == #"~ payload.af_status: expected string "Non-organic", found string "Organic""#)
        let campaign = try #require(first.first { $0.path == "payload.campaign" })
        #expect(campaign.kind == .missing)
        #expect(campaign.found == nil)
        let unexpected = try #require(first.first { $0.path == "payload.af_message" })
        #expect(unexpected.kind == .unexpected)
        #expect(unexpected.expected == nil)
        let missingOutput = try #require(first.first { $0.output == 2 })
        #expect(missingOutput.kind == .missing)
        #expect(missingOutput.path.isEmpty)
        #expect(missingOutput.expected == .string("onConversionDataFail"))
        let wrong = try #require(result.steps[1].mismatches.first)
        #expect(wrong.kind == .wrongOutput)
        #expect(wrong.expected == .string("onConversionDataSuccess"))
        #expect(wrong.found == .string("onAppOpenAttribution"))
        // The text lines are the structured ones, under a header per output.
        #expect(result.steps[0].differences.first == "output 1 (onConversionDataSuccess):")
        #expect(result.steps[0].differences.contains("  " + status.text))
        #expect(result.steps[0].differences.contains(missingOutput.text))
    }
}
