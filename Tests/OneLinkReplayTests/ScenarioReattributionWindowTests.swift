import Foundation
import OneLinkClicks
import OneLinkReplay
import Testing

/// `$.backend.server.reattributionWindow` sets the click service's re-attribution window.
@Suite(.timeLimit(.minutes(5))) struct ScenarioReattributionWindowTests {
    private static func scenario(window: String) -> String {
        #"{"name": "x", "backend": {"server": {"appStoreURL": "https://apps.apple.com/app/id1", "oneLinkDomains": ["a.onelink.me"], "templates": ["H5hv"], "interstitialDomain": "open.example.net", "reattributionWindow": ""#
            + window + #""}}, "steps": []}"#
    }

    @Test func windowIsRead() throws {
        let scenario = try decode(Self.scenario(window: "180d"))
        #expect(scenario.backend.matcher.reattributionWindow == .seconds(180 * 86_400))
        let plain = try decode(#"{"name": "x", "steps": []}"#)
        #expect(plain.backend.matcher == .standard)
    }

    @Test(arguments: ["29d", "721d", "0s"])
    func outOfRangeIsRefused(window: String) {
        #expect(
            decodingError(Self.scenario(window: window))
                == "test.json: $.backend.server.reattributionWindow: invalid click configuration: "
                + "the re-attribution window must be 1 to 24 months (30 to 720 days)")
    }
}
