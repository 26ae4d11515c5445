import Foundation
import OneLinkEmulator
import OneLinkSupport
import Testing

@testable import onelink_replay

@Suite("onelink-replay run: structured differences", .timeLimit(.minutes(5)))
struct RunDifferencesTests {
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

    @Test("--format json gives each verdict's mismatches next to the text differences")
    func jsonMismatches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("differences-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("differences.json")
        try Data(Self.failing.utf8).write(to: file)
        let captured = CapturedOutput()
        let exit = await RunCommand.main(
            ["--format", "json", file.path], output: captured.output(isTerminal: false))
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
