import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// The SDK 7.0.1 calls beyond the session model, as the SDK 7 header, the migration guide and the
// dev hub reference name them, and the plugin way of calling the optional delegate method.

/// A plugin's wrapper on SDK 7: forwards through the optional calls.
final class PluginWrapper7: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: the weak references are set before the SDK starts.
    weak var appDelegate: AppsFlyerLibDelegate?
    weak var appDeepLinkDelegate: AppsFlyerDeepLinkDelegate?

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        appDelegate?.onConversionDataSuccess(conversionInfo)
    }
    func onConversionDataFail(_ error: Error) { appDelegate?.onConversionDataFail(error) }
    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? {
        appDelegate?.allHTTPHeaderFieldsForResolveDeepLinkURL?(URL)
    }
    func didResolveDeepLink(_ result: DeepLinkResult) {
        appDeepLinkDelegate?.didResolveDeepLink?(result)
    }
}

/// An app delegate with every SDK 7 optional method, counting calls.
final class FullApp7: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: its only state is the log, which locks.
    private let log = SharedLog<String>()

    var calls: [String] { log.entries }

    private func note(_ call: String) { log.append(call) }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) { note("onConversionDataSuccess") }
    func onConversionDataFail(_ error: Error) { note("onConversionDataFail") }
    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? {
        note("allHTTPHeaderFields")
        return nil
    }
    func didResolveDeepLink(_ result: DeepLinkResult) {
        note("didResolveDeepLink:\(result.deepLink?.deeplinkValue ?? "")")
    }
}

enum Surface701 {
    /// Consent, TCF, the install ID and ad revenue under their SDK 7 names.
    static func privacyAndRevenue(_ sdk: AppsFlyerLib) {
        sdk.setInstallId("custom-install-1")
        sdk.setConsentData(
            AppsFlyerConsent(
                isUserSubjectToGDPR: false, hasConsentForDataUsage: nil, hasConsentForAdsPersonalization: nil,
                hasConsentForAdStorage: nil))
        sdk.enableTCFDataCollection(false)
        sdk.logAdRevenue(
            AFAdRevenueData(
                monetizationNetwork: "applovin", mediationNetwork: .applovinMax, currencyIso4217Code: "EUR",
                eventRevenue: 2),
            additionalParameters: nil)
        sdk.remoteDebuggingCallV2(withData: "{}")
    }

    /// Cross-promotion with SDK 7's `userParams:` labels.
    static func crossPromote(opened: @escaping (URL) -> Void) {
        AppsFlyerCrossPromotionHelper.logCrossPromoteImpression("id1", campaign: nil, userParams: ["k": "v"])
        AppsFlyerCrossPromotionHelper.logAndOpenStore("id1", campaign: "c", userParams: nil) { _, url in
            opened(url)
        }
    }

    /// The calls the 7.0.1 reference and header deprecate, still there in SDK 7: compiled here, in a
    /// deprecated function so that using them does not warn, and never called.
    @available(*, deprecated, message: "uses the calls SDK 7 deprecates")
    static func deprecatedCalls(_ sdk: AppsFlyerLib) {
        sdk.setUserEmails(["jane@example.com"], with: EmailCryptTypeSHA256)
        sdk.phoneNumber = "+447700900123"
        sdk.waitForATTUserAuthorization(timeoutInterval: 60)
    }

    /// The `async` forms Swift generates for SDK 7's completion-handler calls.
    static func asyncForms(_ sdk: AppsFlyerLib) async throws -> (URL, [AnyHashable: Any]) {
        let link = try await AppsFlyerShareInviteHelper.generateInviteLink { generator in
            generator.setCampaign("winter")
            return generator
        }
        let details = AFSDKPurchaseDetails(productId: "p", transactionId: "t-1", purchaseType: .subscription)
        let response = try await sdk.validateAndLogInAppPurchase(
            purchaseDetails: details, purchaseAdditionalDetails: nil)
        return (link, response)
    }
}
