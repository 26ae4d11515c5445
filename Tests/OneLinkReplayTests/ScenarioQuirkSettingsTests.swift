import OneLinkEmulator
import OneLinkReplay
import Testing

/// `$.sdk.sdkVersion` and `$.sdk.quirks`: a scenario opts in to the quirks of an older release.
@Suite(.timeLimit(.minutes(5)))
struct ScenarioQuirkSettingsTests {
    static func decode(_ sdk: String) throws(ScenarioError) -> Scenario {
        try Scenario(json: Array(#"{"name": "x", "sdk": \#(sdk), "steps": []}"#.utf8), file: "x.json")
    }

    @Test("sdkVersion turns on the release's documented quirks, and quirks adds named ones")
    func decodes() throws {
        #expect(try Self.decode(#"{"mode": "udl"}"#).sdk.quirks.isEmpty, "the newest SDK has none")
        #expect(try Self.decode(#"{"sdkVersion": "6.8.1"}"#).sdk.quirks == [.duplicateURISchemeDeepLink])
        #expect(try Self.decode(#"{"sdkVersion": "6.17.9"}"#).sdk.quirks == [])
        #expect(
            try Self.decode(#"{"sdkVersion": "6.0.5", "quirks": ["shortOpenAttribution"]}"#).sdk.quirks
                == [.linksSuppressedInsideMinTimeBetweenSessions, .shortOpenAttribution])
    }

    @Test("a version that is no release number, or an unknown quirk, is a descriptive error")
    func refusesBadInput() {
        for (sdk, message) in [
            (#"{"sdkVersion": "latest"}"#, #"expected a release number such as "6.9.0", found "latest""#),
            (#"{"sdkVersion": 6}"#, "sdkVersion"),
            (#"{"quirks": ["doubleEverything"]}"#, #"found "doubleEverything""#),
            (#"{"quirks": "shortOpenAttribution"}"#, "quirks"),
        ] {
            do {
                _ = try Self.decode(sdk)
                Issue.record("\(sdk) decoded")
            } catch {
                #expect(error.description.contains(message), "\(sdk): \(error.description)")
            }
        }
    }
}
