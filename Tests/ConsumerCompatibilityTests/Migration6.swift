import Foundation

// The SDK 6 side of Docs/migrating-to-sdk7.md: each `// SDK 6` example in the guide is copied from
// this file, verbatim, and MigrationGuideDocTests checks it. The SDK 7 side is compiled by
// Tests/SDK7Consumer (Migration7.swift), with the package's SDK7 trait.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// SDK 6: set the keys, start on every didBecomeActive, and read direct links from onAppOpenAttribution.
@MainActor
final class MigrationApp6: NSObject, @preconcurrency AppsFlyerLibDelegate {
    private(set) var fruits: [String] = []

    func didFinishLaunching() {
        AppsFlyerLib.shared().appsFlyerDevKey = "sQ84wpdxRTR4RMCaE9YqS4"
        AppsFlyerLib.shared().appleAppID = "1512793879"
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().waitForATTUserAuthorization(timeoutInterval: 60)
    }

    func didBecomeActive() {
        AppsFlyerLib.shared().start()
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: Error) {}

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        if let fruit = attributionData["deep_link_value"] as? String { fruits.append(fruit) }
    }
}

// SDK 6: the calls SDK 7 renames or replaces.
@MainActor
enum MigrationCalls6 {
    static func configure() {
        let sdk = AppsFlyerLib.shared()
        sdk.setHost("example.com", withHostPrefix: "custom")
        sdk.appendParametersToDeeplinkURL(contains: "example.com", parameters: ["pid": "Email"])
        sdk.setPartnerData(partnerId: "partner_int", partnerInfo: ["key": "val"])
        sdk.setUserEmails(["jane@example.com"], with: EmailCryptTypeSHA256)
        sdk.phoneNumber = "+447700900123"
        _ = sdk.getSDKVersion()
    }

    @available(*, deprecated, message: "the legacy purchase validation is deprecated in 6.17.8")
    static func validatePurchase() {
        AppsFlyerLib.shared().validateAndLog(
            inAppPurchase: "product_id", price: "9.99", currency: "USD", transactionId: "txn_123",
            additionalParameters: nil, success: { _ in }, failure: { _, _ in })
    }

    static func invite(_ done: @escaping (URL?) -> Void) {
        AppsFlyerShareInviteHelper.generateInviteUrl(
            linkGenerator: { generator in
                generator.setChannel("email")
                generator.setReferrerImageURL("https://example.com/avatar.png")
                generator.setBaseDeeplink("myapp://home")
                generator.addParameters(["af_sub1": "val"])
                return generator
            }, completionHandler: done)
        AppsFlyerShareInviteHelper.logInvite("email", parameters: ["af_sub1": "val"])
    }
}
