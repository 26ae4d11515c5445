import Foundation
import OneLinkEmulator
import Testing

/// The one click model the SDK's deferred lookup answers from.
@Suite struct DeferredClickTests {
    @Test func aFoundClickKeepsOnlyThePrivacyKeysAndItsTypedMatchType() {
        let click = DeferredClick(
            time: Date(timeIntervalSince1970: 0),
            parameters: ["deep_link_value": "peaches", "pid": "Email", "match_type": "stale"],
            matchType: .srn)
        #expect(
            DeferredDeepLinkResponse.found(click)
                == DeferredDeepLinkResponse(
                    found: true, clickEvent: ["deep_link_value": "peaches", "match_type": "srn"]))
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
