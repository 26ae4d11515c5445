import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("Structured differences")
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

    @Test("--format json gives each verdict's mismatches next to the text differences")
    func jsonMismatches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("differences-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("differences.json")
        try Data(Self.failing.utf8).write(to: file)
        let captured = CapturedOutput()
        let exit = await ReplayCommand.run(
            arguments: ["--format", "json", file.path], output: captured.output(isTerminal: false))
        #expect(exit == 1)
        let verdict = try #require(
            captured.standardOutput.split(separator: "\n").map { try AttributionValue(json: Data($0.utf8)) }
                .first { $0["type"] == .string("verdict") })
        guard case .array(let mismatches)? = verdict["mismatches"],
            case .array(let lines)? = verdict["differences"]
        else {
            Issue.record("no mismatches in \(verdict.jsonText())")
            return
        }
        #expect(mismatches.count >= 5)
        let status = try #require(mismatches.first { $0["path"] == .string("payload.af_status") })
        #expect(status["kind"] == .string("changed"))
        #expect(status["step"] == .int(0))
        #expect(status["output"] == .int(1))
        #expect(status["expected"] == .string("Non-organic"))
        #expect(status["found"] == .string("Organic"))
        let text = try #require(status["text"]?.textValue)
        #expect(lines.contains(.string("step 0:   " + text)))
        #expect(mismatches.allSatisfy { $0["kind"] != nil && $0["text"] != nil && $0["path"] != nil })
    }
}
