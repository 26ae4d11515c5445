import Foundation
import OneLinkEmulator
import Testing

/// The one click model the SDK's deferred lookup answers from.
@Suite(.timeLimit(.minutes(5))) struct DeferredClickTests {
    @Test func aFoundClickKeepsOnlyThePrivacyKeysAndItsTypedMatchType() {
        let click = DeferredClick(
            time: Date(timeIntervalSince1970: 0),
            parameters: [
                "deep_link_value": "peaches", "pid": "Email", "match_type": "stale", "af_sub1": "x",
            ],
            matchType: .idMatching)
        #expect(
            DeferredDeepLinkResponse.found(click)
                == DeferredDeepLinkResponse(
                    found: true,
                    clickEvent: [
                        "deep_link_value": "peaches", "match_type": "id_matching", "media_source": "",
                        "campaign": "",
                        "campaign_id": "", "af_sub1": "", "af_sub2": "", "af_sub3": "", "af_sub4": "",
                        "af_sub5": "",
                        "click_http_referrer": "",
                    ]))
    }

    /// Item 2 of issue 25: UDL does not serve installs a self-reporting network claimed.
    @Test func aSelfReportingNetworksClickIsNotFound() {
        let click = DeferredClick(
            time: Date(timeIntervalSince1970: 0), parameters: ["deep_link_value": "peaches"], matchType: .srn)
        #expect(DeferredDeepLinkResponse.found(click) == .notFound)
    }

    @Test func theInMemorySourceAnswersWithTheClicksMatchType() async throws {
        let install = Date(timeIntervalSince1970: 1000)
        let source = InMemoryDeferredDeepLinkSource(clicks: [
            DeferredClick(
                time: install.addingTimeInterval(-60), parameters: ["deep_link_value": "a"],
                matchType: .idMatching, deviceID: "d1")
        ])
        let answer = try await source.deferredDeepLink(
            for: InstallAttributionRequest(appID: "1", devKey: "k", deviceID: "d1", installTime: install))
        #expect(answer.clickEvent["match_type"] == .string(MatchType.idMatching.rawValue))
    }
}
