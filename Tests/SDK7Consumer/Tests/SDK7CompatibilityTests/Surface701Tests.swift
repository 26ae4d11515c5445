import Foundation
import OneLinkEmulator
import Testing

/// SDK 7.0.1's optional calls and the calls beyond the session model.
@Suite("The SDK 7.0.1 additions", .timeLimit(.minutes(5)))
struct Surface701Tests {
    @Test("didResolveDeepLink? and allHTTPHeaderFields…? reach the app's implementation once each")
    func optionalCalls() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock),
            clock: clock)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        let wrapper = PluginWrapper7()
        let app = FullApp7()
        wrapper.appDelegate = app
        wrapper.appDeepLinkDelegate = app
        sdk.delegate = wrapper
        sdk.deepLinkDelegate = wrapper
        sdk.handleUniversalLink(URL(string: "https://app.onelink.me/H5hv/6d66214a"))
        await sdk.waitUntilIdle()
        #expect(app.calls == ["allHTTPHeaderFields", "didResolveDeepLink:apples"])
    }

    @Test("setInstallId, consent, TCF, ad revenue and cross-promotion are recorded or sent")
    func privacyAndRevenue() async {
        let clock = ManualClock()
        let events = InMemoryEventRecorder.inMemory(clock: clock)
        let sdk = AppsFlyerLib(clock: clock, eventRecorder: events)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        Surface701.privacyAndRevenue(sdk)
        let opened = OpenedURLs()
        await AppsFlyerLib.withShared(sdk) {
            Surface701.crossPromote { opened.append($0) }
            await sdk.waitUntilIdle()
        }
        #expect(sdk.customInstallID == "custom-install-1")
        #expect(sdk.identity.consentData == ["manual": ["gdpr_applies": false]])
        #expect(events.events.map(\.name) == ["af_ad_revenue"])
        #expect(events.events.first?.values["mediation_network"] == "applovinMax")
        #expect(
            sdk.recordedCalls.map(\.name) == [
                "setInstallId(_:)", "setConsentData(_:)", "enableTCFDataCollection(_:)",
                "logAdRevenue(_:additionalParameters:)", "remoteDebuggingCallV2(withData:)",
                "logCrossPromoteImpression", "logAndOpenStore",
            ])
        #expect(
            opened.entries.map(\.absoluteString) == [
                "https://app.appsflyer.com/id1?pid=af_cross_promotion&c=c&af_siteid=123456789"
            ])
    }

    @Test("generateInviteLink and validateAndLogInAppPurchase have their async forms")
    func asyncForms() async throws {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(clock: clock)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        sdk.appInviteOneLinkID = "H5hv"
        let (link, response) = try await AppsFlyerLib.withShared(sdk) { try await Surface701.asyncForms(sdk) }
        #expect(link.absoluteString.contains("c=winter"))
        #expect(!response.isEmpty)
        sdk.appInviteOneLinkID = nil
        await #expect(throws: (any Error).self) {
            try await AppsFlyerLib.withShared(sdk) { try await Surface701.asyncForms(sdk) }
        }
    }
}

/// URLs handed to `openStore`, from any thread.
typealias OpenedURLs = SharedLog<URL>
