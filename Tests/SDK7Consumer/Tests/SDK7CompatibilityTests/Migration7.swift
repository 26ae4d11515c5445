import Foundation

// The SDK 7 side of Docs/migrating-to-sdk7.md: each `// SDK 7` example in the guide is copied from
// this file, verbatim, and MigrationGuide7DocTests checks it.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// SDK 7: initialize once, hand over the launch options, and start from the session-ready listener.
@MainActor
final class MigrationApp7: NSObject, @preconcurrency AppsFlyerLibDelegate,
    @preconcurrency AppsFlyerDeepLinkDelegate
{
    private(set) var fruits: [String] = []

    func didFinishLaunching(launchOptions: [AnyHashable: Any]?) {
        AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().handleLaunchOptions(launchOptions)
        AppsFlyerLib.shared().registerSessionReadyListener {
            // Ask for ATT (or CMP consent) here when start() must wait for it.
            AppsFlyerLib.shared().start()
        }
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: Error) {}

    func didResolveDeepLink(_ result: DeepLinkResult) {
        if let fruit = result.deepLink?.deeplinkValue { fruits.append(fruit) }
    }
}

// SDK 7: start only when both the SDK and the app's consent flow are ready.
@MainActor
final class ConsentGate7 {
    private var consentGranted = false
    private var sdkReady = false

    func register() {
        AppsFlyerLib.shared().registerSessionReadyListener { [weak self] in
            MainActor.assumeIsolated {
                self?.sdkReady = true
                self?.startIfReady()
            }
        }
    }

    func consentFlowFinished() {
        consentGranted = true
        startIfReady()
    }

    private func startIfReady() {
        guard consentGranted, sdkReady else { return }
        AppsFlyerLib.shared().start()
        sdkReady = false
    }
}

// SDK 7: the renamed and replacing calls.
@MainActor
enum MigrationCalls7 {
    static func configure() {
        let sdk = AppsFlyerLib.shared()
        sdk.setHost("custom", hostName: "example.com")
        sdk.appendParametersToDeepLinkingURL(contains: "example.com", parameters: ["pid": "Email"])
        sdk.setPartnerData(partnerId: "partner_int", data: ["key": "val"])
        sdk.setSharingFilterForPartners(["all"])
        sdk.setUserEmail("jane@example.com")
        sdk.setUserPhone(countryCode: "44", phoneNumber: "7700900123")
        _ = sdk.getSdkVersion()
    }

    static func validatePurchase() {
        let details = AFSDKPurchaseDetails(
            productId: "product_id", transactionId: "txn_123", purchaseType: .oneTimePurchase)
        AppsFlyerLib.shared().validateAndLogInAppPurchase(
            purchaseDetails: details, purchaseAdditionalDetails: nil
        ) { response, error in }
    }

    static func invite(_ done: @escaping (URL?, Error?) -> Void) {
        AppsFlyerShareInviteHelper.generateInviteLink(
            linkGenerator: { generator in
                generator.setChannel("email")
                generator.setReferrerImageUrl("https://example.com/avatar.png")
                generator.setBaseDeepLink("myapp://home")
                generator.addUserParams(["af_sub1": "val"])
                return generator
            }, completionHandler: done)
        AppsFlyerShareInviteHelper.logInvite("email", eventParameters: ["af_sub1": "val"])
    }
}
