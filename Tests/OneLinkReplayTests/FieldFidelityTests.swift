import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// The field observations of issue 25's second half (`Payloads/field/`), each replayed in its own scenario.
///
/// Every observation names what the real SDK was seen to deliver; the test
/// replays the scenario that puts the emulator in the same situation and
/// checks that the observed callbacks come, in order, in the last step's
/// outputs, with the same error domain, code and description.
@Suite(
    "Field fidelity: minTimeBetweenSessions, HTTP status and SDK 7 readiness observations",
    .timeLimit(.minutes(5)))
struct FieldFidelityTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Payloads/field")

    static let ids = [
        "appsflyer-capacitor-plugin-152-start-inside-min-time",
        "appsflyerframework-231-status-code-403",
        "appsflyer-flutter-plugin-328-status-code-400",
        "galean-coreintegrations-v7-listener-refires-after-alert",
        "galean-coreintegrations-v7-listener-refires-after-long-alert",
        "galean-coreintegrations-v7-quick-return-skipped",
        "galean-coreintegrations-v7-warm-start-after-background",
    ]

    static let callbacks: Set<String> = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
        "onAppOpenAttributionFailure", "didResolveDeepLink", "startCompletion",
    ]

    static func load(_ id: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(id).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("Seven observations from at least four public sources, each file named by its id")
    func corpusShape() throws {
        var sources: Set<String> = []
        for id in Self.ids {
            let document = try Self.load(id)
            #expect(document["id"] as? String == id)
            let source = try #require(document["source"] as? [String: Any])
            sources.insert(try #require(source["repository"] as? String))
            #expect((source["url"] as? String)?.hasPrefix("https://github.com/") == true)
            #expect(document["rule"] is Int)
            #expect(!((document["observed"] as? [Any]) ?? []).isEmpty)
        }
        #expect(Self.ids.count >= 7)
        #expect(sources.count >= 4)
    }

    @Test(
        "Each observation's scenario passes and delivers the observed callbacks, errors included",
        arguments: ids)
    func replays(id: String) async throws {
        let document = try Self.load(id)
        let scenarioData = try JSONSerialization.data(withJSONObject: try #require(document["scenario"]))
        let scenario = try Scenario(json: [UInt8](scenarioData), file: "\(id).json")
        let result = try await ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureReport)")

        let last = try #require(result.steps.last)
        var outputs = last.observations.filter { Self.callbacks.contains($0.output) }[...]
        let observed = try #require(document["observed"] as? [[String: Any]])
        for expected in observed {
            let callback = try #require(expected["callback"] as? String)
            guard let index = outputs.firstIndex(where: { $0.output == callback }) else {
                Issue.record("\(id): \(callback) was observed but not delivered in order")
                return
            }
            let output = outputs[index]
            outputs = outputs[(index + 1)...]
            if let error = expected["error"] as? [String: Any] {
                #expect(output.fields["domain"] == .string(try #require(error["domain"] as? String)), "\(id)")
                #expect(output.fields["code"] == .int(try #require(error["code"] as? Int)), "\(id)")
                if let text = error["description"] as? String {
                    #expect(output.fields["description"] == .string(text), "\(id)")
                }
            } else {
                #expect(output.fields["domain"] == nil, "\(id): \(callback) should succeed")
            }
        }
    }
}
