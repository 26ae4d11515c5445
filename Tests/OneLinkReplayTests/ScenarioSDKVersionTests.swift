import Foundation
import OneLinkReplay
import Testing

@Suite("Scenario sdk.version: SDK 6 or SDK 7 per scenario", .timeLimit(.minutes(5)))
struct ScenarioSDKVersionTests {
    @Test("version defaults to 6 and reads 7")
    func decodes() throws {
        #expect(try decode(#"{"name": "x", "steps": []}"#).sdk.version == .v6)
        #expect(try decode(#"{"name": "x", "sdk": {"version": 7}, "steps": []}"#).sdk.version == .v7)
        #expect(try decode(#"{"name": "x", "sdk": {"version": 6}, "steps": []}"#).sdk.version == .v6)
    }

    @Test("another version is refused with its path")
    func refusesOthers() {
        #expect(
            decodingError(#"{"name": "x", "sdk": {"version": 8}, "steps": []}"#)
                == "test.json: $.sdk.version: expected 6 or 7, found 8")
        #expect(
            decodingError(#"{"name": "x", "sdk": {"version": "7"}, "steps": []}"#)
                == "test.json: $.sdk.version: expected an integer, found string")
    }

    @Test("the same links: onAppOpenAttribution with version 6, didResolveDeepLink with version 7")
    func sameStepsBothVersions() async throws {
        func outputs(version: Int) async throws -> [String] {
            let scenario = try decode(
                """
                {"name": "x", "sdk": {"version": \(version), "mode": "legacy"},
                 "steps": [{"do": "start"},
                           {"do": "handleOpen", "url": "afbasicapp://mainactivity?deep_link_value=pears"}]}
                """)
            return try await ScenarioRunner().run(scenario).observations.map(\.output)
        }
        #expect(try await outputs(version: 6) == ["onConversionDataSuccess", "onAppOpenAttribution"])
        #expect(
            try await outputs(version: 7) == [
                "sessionReady", "onConversionDataSuccess", "didResolveDeepLink",
            ])
    }
}
