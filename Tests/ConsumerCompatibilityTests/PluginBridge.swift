import Foundation

// A cross-platform plugin bridge, shaped like the Flutter and React Native ones: method names and
// argument dictionaries come from the other side, and every call goes to `AppsFlyerLib.shared()`
// with the real SDK's names only. Results go back through `reply`, on whatever queue the SDK used.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// A method call from the other platform: a name and its arguments.
struct BridgeCall {
    let method: String
    let arguments: [String: Any]

    init(_ method: String, _ arguments: [String: Any] = [:]) {
        self.method = method
        self.arguments = arguments
    }
}

/// Forwards bridge calls to the SDK and SDK callbacks back to the other side.
final class PluginBridge: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: `sent` is only touched under `lock`.
    private let lock = NSLock()
    private var sent: [(event: String, body: [String: Any])] = []

    /// What the bridge sent to the other side, oldest first.
    var messages: [(event: String, body: [String: Any])] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private func send(_ event: String, _ body: [String: Any]) {
        lock.lock()
        sent.append((event, body))
        lock.unlock()
    }

    /// Handles one call, as `handle(_ call: FlutterMethodCall, result:)` does.
    func handle(_ call: BridgeCall) {
        let sdk = AppsFlyerLib.shared()
        let arguments = call.arguments
        switch call.method {
        case "initSdk":
            sdk.appsFlyerDevKey = arguments["devKey"] as? String ?? ""
            sdk.appleAppID = arguments["appId"] as? String ?? ""
            sdk.isDebug = arguments["isDebug"] as? Bool ?? false
            sdk.setPluginInfo(plugin: .flutter, version: "6.15.0", additionalParams: ["bridge": "test"])
            if let seconds = arguments["timeToWaitForATTUserAuthorization"] as? Double {
                sdk.waitForATTUserAuthorization(timeoutInterval: seconds)
            }
            sdk.delegate = self
            sdk.deepLinkDelegate = self
            sdk.start { dictionary, error in
                self.send(
                    "onStart", ["status": dictionary?["status"] ?? "", "error": error.map { "\($0)" } ?? ""])
            }
        case "setUserData":
            sdk.customerUserID = arguments["customerUserId"] as? String
            sdk.customData = arguments["additionalData"] as? [AnyHashable: Any]
            sdk.currentDeviceLanguage = arguments["language"] as? String
            sdk.setUserEmails(arguments["emails"] as? [String], with: EmailCryptTypeSHA256)
            sdk.phoneNumber = arguments["phone"] as? String
            sdk.setPartnerData(
                partnerId: "partner_a", partnerInfo: arguments["partnerData"] as? [String: Any])
            sdk.currencyCode = arguments["currencyCode"] as? String
            sdk.appInviteOneLinkID = arguments["inviteTemplate"] as? String
        case "privacy":
            sdk.anonymizeUser = arguments["anonymize"] as? Bool ?? false
            sdk.disableCollectASA = true
            sdk.disableAppleAdsAttribution = true
            sdk.disableSKAdNetwork = true
            sdk.disableAdvertisingIdentifier = arguments["disableIDFA"] as? Bool ?? false
            sdk.disableIDFVCollection = true
            sdk.shouldCollectDeviceName = false
            sdk.useReceiptValidationSandbox = true
            sdk.useUninstallSandbox = true
            sdk.setSharingFilterForPartners(["partner_b"])
            sdk.registerUninstall(Data([0xDE, 0xAD]))
            sdk.enableFacebookDeferredApplinks(with: nil)
        case "stop":
            sdk.isStopped = arguments["isStopped"] as? Bool ?? true
        case "setHost":
            sdk.setHost(
                arguments["host"] as? String ?? "", withHostPrefix: arguments["prefix"] as? String ?? "")
        case "appendParametersToDeepLinkingURL":
            sdk.appendParametersToDeeplinkURL(
                contains: arguments["contains"] as? String ?? "",
                parameters: arguments["parameters"] as? [String: String] ?? [:])
        case "getInfo":
            send(
                "info",
                [
                    "uid": sdk.getAppsFlyerUID(), "sdkVersion": sdk.getSDKVersion(), "host": sdk.host,
                    "hostPrefix": sdk.hostPrefix, "idfa": sdk.advertisingIdentifier,
                    "facebookLink": sdk.facebookDeferredAppLink?.absoluteString ?? "",
                ])
        case "logEvent":
            sdk.logEvent(
                name: arguments["eventName"] as? String ?? "",
                values: arguments["eventValues"] as? [String: Any]
            ) {
                dictionary, error in
                self.send(
                    "onEventLogged",
                    [
                        "status": dictionary?["status"] ?? "",
                        "error": error.map { ($0 as NSError).code } ?? -1,
                    ])
            }
        case "logEventFireAndForget":
            sdk.logEvent(AFEventLogin, withValues: [AFEventParamRegistrationMethod: "email"])
            sdk.logLocation(longitude: -0.1278, latitude: 51.5074)
        case "validatePurchase":
            (sdk as any LegacyPurchaseValidating).validateAndLog(
                inAppPurchase: "com.example.coins", price: "9.99", currency: "USD",
                transactionId: arguments["transactionId"] as? String, additionalParameters: nil,
                success: { _ in self.send("onPurchaseValidated", [:]) },
                failure: { error, _ in
                    self.send("onPurchaseFailed", ["error": error.map { "\($0)" } ?? "rejected"])
                })
        case "generateInviteLink":
            AppsFlyerShareInviteHelper.generateInviteUrl(
                linkGenerator: { generator in
                    generator.setChannel("sms")
                    generator.setCampaign("summer")
                    generator.setReferrerCustomerId(arguments["referrer"] as? String ?? "")
                    generator.setReferrerName("Ada")
                    generator.addParameterValue("invite", forKey: "deep_link_value")
                    return generator
                },
                completionHandler: { url in
                    self.send("onInviteLinkGenerated", ["link": url?.absoluteString ?? ""])
                })
            AppsFlyerShareInviteHelper.logInvite("sms", parameters: ["referrer": arguments["referrer"] ?? ""])
        default:
            send("error", ["unknown method": call.method])
        }
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        var body: [String: Any] = [:]
        for (key, value) in conversionInfo { body["\(key)"] = value }
        send("onInstallConversionData", body)
    }

    func onConversionDataFail(_ error: Error) {
        send("onInstallConversionFailure", ["error": (error as NSError).localizedDescription])
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        send(
            "onDeepLinking", ["status": "\(result.status)", "clickEvent": result.deepLink?.clickEvent ?? [:]])
    }
}

// The legacy purchase validation, deprecated in 6.17.8 and still called by plugins built on it.
// Swift cannot silence one deprecation warning, so the bridge calls it through a protocol whose
// requirement is not deprecated, and a build with warnings as errors stays clean.
protocol LegacyPurchaseValidating {
    func validateAndLog(
        inAppPurchase productIdentifier: String?, price: String?, currency: String?, transactionId: String?,
        additionalParameters params: [AnyHashable: Any]?,
        success successBlock: (([AnyHashable: Any]) -> Void)?,
        failure failedBlock: ((Error?, Any?) -> Void)?)
}

extension AppsFlyerLib: LegacyPurchaseValidating {}
