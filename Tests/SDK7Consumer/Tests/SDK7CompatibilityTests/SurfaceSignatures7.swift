import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// Pins the SDK 7 names and shapes (AppsFlyerLib.h, LinkGenerator.h, AFSDKPurchaseDetails.h 7.0):
// each line stops compiling if a renamed or new call's signature drifts from the real SDK's.
enum SurfaceSignatures7 {
    /// The session calls, with their exact types.
    static func session(_ sdk: AppsFlyerLib, launchOptions: [AnyHashable: Any]?) -> Bool {
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        let key: String = sdk.appsFlyerDevKey
        let appID: String = sdk.appleAppID
        sdk.handleLaunchOptions(launchOptions)
        sdk.registerSessionReadyListener { sdk.start() }
        sdk.unregisterSessionReadyListener()
        let link: URL? = nil
        sdk.handleUniversalLink(link)
        sdk.performOnAppAttribution(with: link)
        let ready: Bool = sdk.isSessionReady()
        return ready && !key.isEmpty && !appID.isEmpty
    }

    /// The renamed calls.
    static func renamed(_ sdk: AppsFlyerLib) -> String {
        sdk.appendParametersToDeepLinkingURL(contains: "example.com", parameters: ["pid": "Email"])
        sdk.setPartnerData(partnerId: "partner_int", data: ["key": "val"])
        sdk.setHost("custom", hostName: "example.com")
        sdk.setSharingFilterForPartners(["all"])
        let version: String = sdk.getSdkVersion()
        return version
    }

    /// The hashed-PII setters.
    static func pii(_ sdk: AppsFlyerLib) {
        sdk.setUserEmail("jane@example.com")
        sdk.setUserPhone(countryCode: "44", phoneNumber: "7700900123")
        sdk.setUserFirstName("Jane")
        sdk.setUserLastName("Doe")
        let fbLoginId: Int64 = 1_234_567
        sdk.setUserFbLoginId(fbLoginId)
        sdk.clearUserPii()
    }

    /// Purchase validation with the details object.
    static func purchase(_ sdk: AppsFlyerLib, completion: @escaping ([AnyHashable: Any]?, Error?) -> Void) {
        let details = AFSDKPurchaseDetails(
            productId: "product_id", transactionId: "txn_123", purchaseType: .oneTimePurchase)
        let type: AFSDKPurchaseType = details.purchaseType
        _ = type == .subscription
        sdk.validateAndLogInAppPurchase(
            purchaseDetails: details, purchaseAdditionalDetails: nil, completion: completion)
    }
}

/// A deep-link handler under SDK 7's Swift name, implementing only the optional method.
final class DeepLinkHandler7: NSObject, AppsFlyerDeepLinkDelegate {
    func didResolveDeepLink(_ result: DeepLinkResult) {}
}
