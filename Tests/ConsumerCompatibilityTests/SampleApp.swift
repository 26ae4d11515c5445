import Foundation

// An app shaped like AppsFlyer's OneLink sample (AppDelegate + SceneDelegate), in Swift 6 mode.
// It uses only the real SDK's names and reaches the SDK only through `AppsFlyerLib.shared()`, so
// this file compiles unchanged against the real SDK. UIKit's types are left out (Linux has none);
// each method is named after the UIKit entry point that would call it.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// What the sample app did in response to the SDK, recorded so tests can check it.
enum SampleAppEffect: Equatable {
    /// Navigated to a fruit's scene; `referrer` is `deep_link_sub2` read with the sample's `as! String`.
    case walkToScene(fruit: String, referrer: String?, deferred: Bool)
    /// A legacy deferred deep link read from conversion data on the first launch.
    case legacyDeferred(fruit: String)
    /// A legacy direct deep link from `onAppOpenAttribution`.
    case legacyOpen(fruit: String)
    /// Conversion data: whether this is the first launch (`as? Bool`) and whether it came from the cache.
    case conversion(status: String, firstLaunch: Bool, fromCache: Bool)
    /// A failure, as the app would show it: `(error as NSError).localizedDescription`.
    case error(callback: String, message: String, domain: String, code: Int)
    /// UDL reported no deep link.
    case notFound
}

/// The app delegate: configures the SDK at launch, starts it when the app becomes active, forwards links.
@MainActor
final class SampleAppDelegate: NSObject {
    private(set) var effects: [SampleAppEffect] = []
    /// The instance `shared()` returned inside callbacks, to show the callbacks ran on the test's behalf.
    private(set) var sharedSeenInCallbacks: [ObjectIdentifier] = []
    private let unified: Bool

    init(unified: Bool) {
        self.unified = unified
    }

    // application(_:didFinishLaunchingWithOptions:)
    func didFinishLaunching() -> Bool {
        AppsFlyerLib.shared().appsFlyerDevKey = "sQ84wpdxRTR4RMCaE9YqS4"
        AppsFlyerLib.shared().appleAppID = "1512793879"
        AppsFlyerLib.shared().delegate = self
        if unified { AppsFlyerLib.shared().deepLinkDelegate = self }
        AppsFlyerLib.shared().isDebug = true
        AppsFlyerLib.shared().oneLinkCustomDomains = ["click.example.com"]
        AppsFlyerLib.shared().addPushNotificationDeepLinkPath(["af_push_link"])
        return true
    }

    // The UIApplication.didBecomeActiveNotification observer.
    func didBecomeActiveNotification() {
        AppsFlyerLib.shared().start()
    }

    // application(_:continue:restorationHandler:)
    func application(continue userActivity: NSUserActivity) -> Bool {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
        return true
    }

    // application(_:open:options:)
    func application(open url: URL, options: [AnyHashable: Any]) -> Bool {
        AppsFlyerLib.shared().handleOpen(url, options: options)
        return true
    }

    // application(_:didReceiveRemoteNotification:fetchCompletionHandler:)
    func application(didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        AppsFlyerLib.shared().handlePushNotification(userInfo)
    }

    private func noteShared() {
        sharedSeenInCallbacks.append(ObjectIdentifier(AppsFlyerLib.shared()))
    }
}

// `@preconcurrency`, as a Swift 6 app conforms its main-actor delegate to the SDK's Objective-C
// protocols: Swift checks at run time that each callback arrives on the main actor.
extension SampleAppDelegate: @preconcurrency DeepLinkDelegate {
    func didResolveDeepLink(_ result: DeepLinkResult) {
        noteShared()
        switch result.status {
        case .notFound:
            effects.append(.notFound)
            return
        case .failure:
            let error = result.error! as NSError
            effects.append(
                .error(
                    callback: "didResolveDeepLink", message: error.localizedDescription, domain: error.domain,
                    code: error.code))
            return
        case .found:
            break
        }
        guard let deepLinkObj: DeepLink = result.deepLink else { return }
        var referrerId: String?
        if deepLinkObj.clickEvent.keys.contains("deep_link_sub2") {
            referrerId = (deepLinkObj.clickEvent["deep_link_sub2"] as! String)
        }
        _ = deepLinkObj.toString()
        guard let fruitName = deepLinkObj.deeplinkValue else { return }
        effects.append(.walkToScene(fruit: fruitName, referrer: referrerId, deferred: deepLinkObj.isDeferred))
    }
}

extension SampleAppDelegate: @preconcurrency AppsFlyerLibDelegate {
    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        noteShared()
        guard let status = data["af_status"] as? String else { return }
        let firstLaunch = data["is_first_launch"] as? Bool ?? false
        effects.append(
            .conversion(
                status: status, firstLaunch: firstLaunch, fromCache: data["iscache"] as? Bool ?? false))
        if !unified, firstLaunch, status == "Non-organic", let fruit = data["fruit_name"] as? String {
            effects.append(.legacyDeferred(fruit: fruit))
        }
    }

    func onConversionDataFail(_ error: Error) {
        noteShared()
        let error = error as NSError
        effects.append(
            .error(
                callback: "onConversionDataFail", message: error.localizedDescription, domain: error.domain,
                code: error.code))
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        noteShared()
        if let fruit = attributionData["fruit_name"] as? String {
            effects.append(.legacyOpen(fruit: fruit))
        }
    }

    func onAppOpenAttributionFailure(_ error: Error) {
        noteShared()
        let error = error as NSError
        effects.append(
            .error(
                callback: "onAppOpenAttributionFailure", message: error.localizedDescription,
                domain: error.domain, code: error.code))
    }
}

/// The scene delegate: forwards the links a scene-based app receives.
@MainActor
final class SampleSceneDelegate: NSObject {
    // scene(_:willConnectTo:options:), with the connection options' user activities and URL contexts.
    func sceneWillConnect(userActivities: [NSUserActivity], urls: [URL]) {
        if let userActivity = userActivities.first {
            sceneContinue(userActivity)
        } else {
            sceneOpenURLContexts(urls)
        }
    }

    // scene(_:continue:)
    func sceneContinue(_ userActivity: NSUserActivity) {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
    }

    // scene(_:openURLContexts:)
    func sceneOpenURLContexts(_ urls: [URL]) {
        if let url = urls.first {
            AppsFlyerLib.shared().handleOpen(url, options: nil)
        }
    }
}
