import Foundation
import OneLinkEmulator
import Testing

/// A cross-platform bridge uses the whole SDK 6 surface through `shared()`, as public plugins do.
@Suite("A plugin bridge over the SDK 6 surface", .timeLimit(.minutes(5)))
struct PluginBridgeTests {
    let clock = ManualClock()
    let resolver: InMemoryShortLinkResolver
    let events: InMemoryEventRecorder

    init() {
        resolver = .inMemory(clock: clock)
        events = .inMemory(clock: clock)
    }

    func makeSDK() -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), clock: clock, logSink: .recording(),
            eventRecorder: events,
            purchaseValidator: .inMemory(invalidTransactionIDs: ["t-bad"], clock: clock),
            shortLinkCreator: .inMemory(storingIn: resolver, clock: clock))
        sdk.deviceInfo.advertisingID = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
        return sdk
    }

    func names(_ bridge: PluginBridge) -> [String] { bridge.messages.map(\.event) }

    @Test("ATT wait, identity, events, purchases, invites, info and stop, end to end")
    func wholeSurface() async throws {
        let sdk = makeSDK()
        let bridge = PluginBridge()
        try await AppsFlyerLib.withShared(sdk) {
            bridge.handle(
                BridgeCall(
                    "setUserData",
                    [
                        "customerUserId": "user-7", "additionalData": ["tier": "gold"], "language": "fr-FR",
                        "emails": ["ada@example.com"], "phone": "+441234567890", "partnerData": ["k": "v"],
                        "currencyCode": "EUR", "inviteTemplate": "H5hv",
                    ]))
            bridge.handle(BridgeCall("privacy", ["anonymize": false]))
            bridge.handle(
                BridgeCall(
                    "initSdk",
                    ["devKey": "DEV_KEY", "appId": "123456789", "timeToWaitForATTUserAuthorization": 30.0]))
            await sdk.settle()
            #expect(bridge.messages.isEmpty, "the launch waits for the ATT answer")
            sdk.trackingAuthorizationStatus = .authorized
            await sdk.waitUntilIdle()
            #expect(names(bridge) == ["onStart", "onDeepLinking", "onInstallConversionData"])
            #expect(bridge.messages[0].body["status"] as? String == "ok")
            #expect(bridge.messages[2].body["is_first_launch"] as? Bool == true)

            bridge.handle(BridgeCall("getInfo"))
            let info = try #require(bridge.messages.last?.body)
            #expect(info["uid"] as? String == sdk.deviceID)
            #expect(info["sdkVersion"] as? String == AppsFlyerLib.emulatedSDKVersion)
            #expect(info["idfa"] as? String == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
            #expect(info["host"] as? String == "appsflyersdk.com")

            bridge.handle(
                BridgeCall(
                    "logEvent", ["eventName": AFEventPurchase, "eventValues": [AFEventParamRevenue: "9.99"]]))
            bridge.handle(BridgeCall("logEventFireAndForget"))
            bridge.handle(BridgeCall("validatePurchase", ["transactionId": "t-good"]))
            bridge.handle(BridgeCall("validatePurchase", ["transactionId": "t-bad"]))
            bridge.handle(BridgeCall("generateInviteLink", ["referrer": "user-7"]))
            await sdk.waitUntilIdle()
        }
        #expect(
            names(bridge).suffix(5) == [
                "info", "onEventLogged", "onPurchaseValidated", "onPurchaseFailed", "onInviteLinkGenerated",
            ])
        #expect(
            events.events.map(\.name) == [
                AFEventPurchase, AFEventLogin, AFEventLocation, AFEventPurchase, AFEventInvite,
            ])
        #expect(events.events.allSatisfy { $0.customerUserID == "user-7" && $0.currencyCode == "EUR" })
        #expect(
            Set(sdk.recordedCalls.map(\.name)).isSuperset(of: [
                "setPluginInfo(plugin:version:additionalParams:)", "registerUninstall(_:)",
                "setSharingFilterForPartners(_:)", "enableFacebookDeferredApplinks(with:)",
            ]))
        #expect(sdk.identity.customerUserID == "user-7")
        #expect(sdk.identity.emails == [SHA256.hexDigest(of: Array("ada@example.com".utf8))])

        // The invite link opens on a second install and carries the referrer.
        let link = try #require(bridge.messages.last?.body["link"] as? String)
        #expect(
            link.hasPrefix("https://app.onelink.me/H5hv/"), "a short link, from the link-creation backend")
        let friend = makeSDK()
        let friendBridge = PluginBridge()
        await AppsFlyerLib.withShared(friend) {
            friendBridge.handle(BridgeCall("initSdk", ["devKey": "DEV_KEY", "appId": "123456789"]))
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: link)
            AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
            await friend.waitUntilIdle()
        }
        let opened = try #require(
            friendBridge.messages.first {
                $0.event == "onDeepLinking" && $0.body["status"] as? String == "FOUND"
            })
        let clickEvent = opened.body["clickEvent"] as? [String: Any] ?? [:]
        #expect(clickEvent["af_referrer_customer_id"] as? String == "user-7")
        #expect(clickEvent["pid"] as? String == "af_app_invites")
        #expect(clickEvent["deep_link_value"] as? String == "invite")

        // Stopped: the event's completion reports why nothing was sent.
        await AppsFlyerLib.withShared(sdk) {
            bridge.handle(BridgeCall("stop"))
            bridge.handle(BridgeCall("logEvent", ["eventName": AFEventLogin]))
            await sdk.waitUntilIdle()
        }
        #expect(bridge.messages.last?.event == "onEventLogged")
        #expect(bridge.messages.last?.body["error"] as? Int == 21)
    }

    @Test("setHost and appendParametersToDeeplinkURL through the bridge")
    func hostAndAppendedParameters() async throws {
        let sdk = makeSDK()
        let bridge = PluginBridge()
        await AppsFlyerLib.withShared(sdk) {
            bridge.handle(BridgeCall("setHost", ["host": "127.0.0.1:8080", "prefix": ""]))
            bridge.handle(
                BridgeCall(
                    "appendParametersToDeepLinkingURL",
                    ["contains": "go.example.com", "parameters": ["pid": "email", "is_retargeting": "true"]]))
            sdk.oneLinkCustomDomains = ["go.example.com"]
            bridge.handle(BridgeCall("initSdk", ["devKey": "DEV_KEY", "appId": "123456789"]))
            AppsFlyerLib.shared().handleOpen(
                URL(string: "https://go.example.com/sale?deep_link_value=shoes"), options: nil)
            await sdk.waitUntilIdle()
            bridge.handle(BridgeCall("getInfo"))
        }
        #expect(bridge.messages.last?.body["host"] as? String == "127.0.0.1:8080")
        let deepLink = try #require(
            bridge.messages.first { $0.event == "onDeepLinking" && $0.body["status"] as? String == "FOUND" })
        let clickEvent = deepLink.body["clickEvent"] as? [String: Any] ?? [:]
        #expect(clickEvent["pid"] as? String == "email")
        #expect(clickEvent["is_retargeting"] as? String == "true")
    }
}
