import Foundation
import OneLinkEmulator
import Testing

/// The SDK 6.12–6.17 calls, made as app code makes them, and what each sends.
@Suite("The SDK 6.17 additions", .timeLimit(.minutes(5)))
struct Surface617Tests {
    let clock = ManualClock()
    let launches: InMemoryLaunchRecorder
    let events: InMemoryEventRecorder
    let sdk: AppsFlyerLib

    init() {
        launches = .inMemory(clock: clock)
        events = .inMemory(clock: clock)
        sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.organic, clock: clock), launchRecorder: launches, clock: clock,
            eventRecorder: events,
            purchaseValidator: .inMemory(invalidTransactionIDs: ["t-bad"], clock: clock))
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
    }

    @Test("setConsentData and TCF collection change what every launch carries")
    func consent() async throws {
        sdk.tcfStoredValues = [
            "IABTCF_TCString": "<tc-string>", "IABTCF_gdprApplies": 1, "IABTCF_CmpSdkID": 300,
        ]
        Surface617.sendConsent(sdk, subjectToGDPR: true)
        try await sdk.start()
        let consent = try #require(launches.requests.first?.identity.consentData)
        #expect(
            consent
                == [
                    "manual": [
                        "gdpr_applies": true, "ad_user_data_enabled": true,
                        "ad_personalization_enabled": false,
                    ],
                    "tcf": ["tcstring": "<tc-string>", "gdpr_applies": 1, "cmp_sdk_id": 300],
                ])
        sdk.enableTCFDataCollection(false)
        #expect(sdk.identity.consentData == ["manual": consent["manual"] ?? .null])
        #expect(
            sdk.recordedCalls.map(\.name).suffix(3) == [
                "setConsentData(_:)", "enableTCFDataCollection(_:)", "enableTCFDataCollection(_:)",
            ])
    }

    @Test("logAdRevenue sends an af_ad_revenue event with the documented values")
    func adRevenue() async {
        Surface617.logImpression(sdk)
        await sdk.waitUntilIdle()
        #expect(events.events.map(\.name) == ["af_ad_revenue"])
        let values = events.events.first?.values
        #expect(values?["monetization_network"] == "facebook")
        #expect(values?["mediation_network"] == "googleAdMob")
        #expect(values?["event_revenue"] == .double(0.0125))
        #expect(values?["event_revenue_currency"] == "USD")
        #expect(
            values?["custom_parameters"]
                == .object(["country": "us", "ad_unit": "unit-1", "ad_type": "banner", "placement": "home"]))
    }

    @Test("Cross-promotion records the impression and hands the click URL to openStore once")
    func crossPromotion() async throws {
        let opened = Collected<URL>()
        await AppsFlyerLib.withShared(sdk) {
            Surface617.crossPromote { url in opened.append(url) }
            await sdk.waitUntilIdle()
        }
        let calls = sdk.recordedCalls.filter { $0.name.hasPrefix("log") }
        #expect(calls.map(\.name) == ["logCrossPromoteImpression", "logAndOpenStore"])
        #expect(
            calls.first?.arguments["url"]
                == "https://impression.appsflyer.com/id987654321?pid=af_cross_promotion&c=spring&af_siteid=123456789&af_sub1=banner"
        )
        let url = try #require(opened.values.first)
        #expect(opened.values.count == 1)
        #expect(
            url.absoluteString
                == "https://app.appsflyer.com/id987654321?pid=af_cross_promotion&c=spring&af_siteid=123456789"
        )
    }

    @Test("The 6.17 purchase connector validates, logs af_purchase, and reports failures; async form too")
    func purchase() async throws {
        let replies = Collected<String>()
        Surface617.validate(sdk, transactionID: "t-1") { response, error in
            replies.append(error == nil && response != nil ? "ok" : "error")
        }
        Surface617.validate(sdk, transactionID: "t-bad") { _, error in
            replies.append(error == nil ? "ok" : "error")
        }
        await sdk.waitUntilIdle()
        #expect(replies.values == ["ok", "error"])
        #expect(events.events.map(\.name) == ["af_purchase"])
        #expect(events.events.first?.values["af_purchase_type"] == "subscription")
        let response = try await Surface617.validate(sdk, transactionID: "t-2")
        #expect(!response.isEmpty)
        await #expect(throws: (any Error).self) { try await Surface617.validate(sdk, transactionID: "") }
    }

    @Test("getSDKVersion reports 6.17; remoteDebuggingCallV2 is recorded")
    func misc() {
        #expect(Surface617.misc(sdk) == "6.17.9")
        #expect(sdk.recordedCalls.first?.name == "remoteDebuggingCallV2(withData:)")
        #expect(sdk.recordedCalls.first?.arguments["data"] == "{\"debug\":true}")
    }

    @Test("generateInviteUrl has its async form")
    func inviteAsync() async {
        sdk.appInviteOneLinkID = "H5hv"
        let url = await AppsFlyerLib.withShared(sdk) { await Surface617.inviteLink() }
        #expect(url?.absoluteString.contains("af_channel=sms") == true)
    }
}

/// What callbacks hand back, kept under an `NSLock` as an app's test would.
final class Collected<Element>: @unchecked Sendable {
    // @unchecked: `items` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var items: [Element] = []

    /// Appends `element`.
    func append(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        items.append(element)
    }

    /// Everything appended so far, in order.
    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
