import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// The calls AppsFlyerLib.h 6.12 to 6.17 added, written as the dev hub's iOS guides and the 6.16 and
// 6.17 plugins write them. Each line stops compiling if a name, label or type drifts.

enum Surface617 {
    /// "Send consent for DMA compliance": the manual consent and the CMP's TCF data.
    static func sendConsent(_ sdk: AppsFlyerLib, subjectToGDPR: Bool) {
        let consent = AppsFlyerConsent(
            isUserSubjectToGDPR: NSNumber(value: subjectToGDPR), hasConsentForDataUsage: true,
            hasConsentForAdsPersonalization: false, hasConsentForAdStorage: nil)
        sdk.setConsentData(consent)
        sdk.enableTCFDataCollection(true)
    }

    /// "Ad revenue": one impression with the predefined additional parameters.
    static func logImpression(_ sdk: AppsFlyerLib) {
        let revenue = AFAdRevenueData(
            monetizationNetwork: "facebook", mediationNetwork: .googleAdMob, currencyIso4217Code: "USD",
            eventRevenue: 0.0125)
        sdk.logAdRevenue(
            revenue,
            additionalParameters: [
                kAppsFlyerAdRevenueCountry: "us", kAppsFlyerAdRevenueAdUnit: "unit-1",
                kAppsFlyerAdRevenueAdType: "banner", kAppsFlyerAdRevenuePlacement: "home",
            ])
    }

    /// "Cross-promotion": an impression, then a click that opens the store.
    static func crossPromote(opened: @escaping (URL) -> Void) {
        AppsFlyerCrossPromotionHelper.logCrossPromoteImpression(
            "id987654321", campaign: "spring", parameters: ["af_sub1": "banner"])
        AppsFlyerCrossPromotionHelper.logAndOpenStore("id987654321", campaign: "spring", parameters: nil) {
            _, clickURL in opened(clickURL)
        }
    }

    /// The purchase connector's validation, in its 6.17.2 shape (generally available in 6.17.8).
    static func validate(
        _ sdk: AppsFlyerLib, transactionID: String, reply: @escaping ([AnyHashable: Any]?, Error?) -> Void
    ) {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.gold", transactionId: transactionID, purchaseType: .subscription)
        sdk.validateAndLogInAppPurchase(purchaseDetails: details, purchaseAdditionalDetails: ["tier": "gold"])
        {
            response, error in reply(response, error)
        }
    }

    /// The same validation in the `async` form Swift generates for it.
    static func validate(_ sdk: AppsFlyerLib, transactionID: String) async throws -> [AnyHashable: Any] {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.gold", transactionId: transactionID, purchaseType: .oneTimePurchase)
        return try await sdk.validateAndLogInAppPurchase(
            purchaseDetails: details, purchaseAdditionalDetails: nil)
    }

    /// The invite link in the `async` form Swift generates for `generateInviteUrl`.
    static func inviteLink() async -> URL? {
        await AppsFlyerShareInviteHelper.generateInviteUrl { generator in
            generator.setChannel("sms")
            return generator
        }
    }

    /// The remaining 6.17 calls.
    static func misc(_ sdk: AppsFlyerLib) -> String {
        sdk.remoteDebuggingCallV2(withData: "{\"debug\":true}")
        sdk.disableIDFVCollection = true
        sdk.disableAppleAdsAttribution = true
        sdk.shouldCollectDeviceName = false
        sdk.setUpInteroperabilityObject(NSObject())
        return sdk.getSDKVersion()
    }
}
