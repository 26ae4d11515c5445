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

    @Test(
        "sdkVersion is the release the SDK reports; a 7.x one runs SDK 7 unless version says 6, which is refused"
    )
    func release() throws {
        let six = try Self.decode(#"{"sdkVersion": "6.18.1"}"#).sdk
        #expect(six.release == SDKRelease(6, 18, 1))
        #expect(six.version == .v6)
        let seven = try Self.decode(#"{"sdkVersion": "7.0.2"}"#).sdk
        #expect(seven.release == SDKRelease(7, 0, 2))
        #expect(seven.version == .v7)
        #expect(try Self.decode(#"{"version": 7, "sdkVersion": "7.0.2"}"#).sdk.version == .v7)
        #expect(try Self.decode(#"{"mode": "udl"}"#).sdk.release == nil)
        for (sdk, message) in [
            (#"{"version": 6, "sdkVersion": "7.0.2"}"#, "7.0.2 is an SDK 7 release, but $.sdk.version is 6"),
            (
                #"{"version": 7, "sdkVersion": "6.18.0"}"#,
                "6.18.0 is an SDK 6 release, but $.sdk.version is 7"
            ),
            (
                #"{"sdkVersion": "6.19.0"}"#,
                "6.19.0 is not a release the emulator knows (6.0.0 to 6.18.1, 7.0.0 to 7.0.2)"
            ),
            (#"{"sdkVersion": "5.4.1"}"#, "5.4.1 is not a release the emulator knows"),
        ] {
            do {
                _ = try Self.decode(sdk)
                Issue.record("\(sdk) decoded")
            } catch {
                #expect(error.description.contains(message), "\(sdk): \(error.description)")
                #expect(error.description.contains("$.sdk.sdkVersion"), "\(error.description)")
            }
        }
    }

    @Test("a replay with sdkVersion reports that release in the device log's version line")
    func replayReportsTheRelease() async throws {
        let scenario = try Scenario(
            json: Array(
                #"{"name": "x", "sdk": {"sdkVersion": "6.18.1"}, "steps": [{"do": "start"}]}"#.utf8),
            file: "x.json")
        let result = try await ScenarioRunner(recordsDeviceLog: true).run(scenario)
        #expect(result.deviceLog.contains { $0.text == "AppsFlyer SDK version 6.18.1 started build (1)" })
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
