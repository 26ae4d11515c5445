import Foundation

// The OneLink sample app (AppDelegate + SceneDelegate) as SDK 7 wants it, in Swift 6 mode. It uses
// only the real SDK 7 names and reaches the SDK only through `AppsFlyerLib.shared()`, so this file
// compiles unchanged against the real SDK 7. UIKit's types are left out (Linux has none); each
// method is named after the UIKit entry point that would call it. Compare the SDK 6 sample in
// Tests/ConsumerCompatibilityTests/SampleApp.swift.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// What the sample app did in response to the SDK, recorded so tests can check it.
enum SampleApp7Effect: Equatable {
    /// The session-ready listener fired.
    case sessionReady
    /// Navigated to a fruit's scene; `referrer` is `deep_link_sub2` read with the sample's `as! String`.
    case walkToScene(fruit: String, referrer: String?, deferred: Bool)
    /// Conversion data: whether this is the first launch (`as? Bool`) and whether it came from the cache.
    case conversion(status: String, firstLaunch: Bool, fromCache: Bool)
    /// A failure, as the app would show it: `(error as NSError).localizedDescription`.
    case error(callback: String, message: String, domain: String, code: Int)
    /// UDL reported no deep link.
    case notFound
}

/// The app delegate: configures the SDK at launch and starts it from the session-ready listener.
@MainActor
final class SampleApp7Delegate: NSObject {
    private(set) var effects: [SampleApp7Effect] = []
    /// Whether the listener calls `start()`; an app that gates on consent may not yet.
    var startsWhenReady = true

    // application(_:didFinishLaunchingWithOptions:)
    func didFinishLaunching(launchOptions: [AnyHashable: Any]?) -> Bool {
        AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().isDebug = true
        AppsFlyerLib.shared().oneLinkCustomDomains = ["click.example.com"]
        AppsFlyerLib.shared().addPushNotificationDeepLinkPath(["af_push_link"])
        AppsFlyerLib.shared().handleLaunchOptions(launchOptions)
        AppsFlyerLib.shared().registerSessionReadyListener { [weak self] in
            MainActor.assumeIsolated { self?.sessionReady() }
        }
        return true
    }

    private func sessionReady() {
        effects.append(.sessionReady)
        if startsWhenReady { AppsFlyerLib.shared().start() }
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

    // SwiftUI's .onOpenURL { url in ... }
    func onOpenURL(_ url: URL) {
        AppsFlyerLib.shared().handleUniversalLink(url)
    }
}

// `@preconcurrency`, as a Swift 6 app conforms its main-actor delegate to the SDK's Objective-C
// protocols: Swift checks at run time that each callback arrives on the main actor.
extension SampleApp7Delegate: @preconcurrency AppsFlyerDeepLinkDelegate {
    func didResolveDeepLink(_ result: DeepLinkResult) {
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
        guard let fruitName = deepLinkObj.deeplinkValue else { return }
        effects.append(.walkToScene(fruit: fruitName, referrer: referrerId, deferred: deepLinkObj.isDeferred))
    }
}

extension SampleApp7Delegate: @preconcurrency AppsFlyerLibDelegate {
    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        guard let status = data["af_status"] as? String else { return }
        effects.append(
            .conversion(
                status: status, firstLaunch: data["is_first_launch"] as? Bool ?? false,
                fromCache: data["iscache"] as? Bool ?? false))
    }

    func onConversionDataFail(_ error: Error) {
        let error = error as NSError
        effects.append(
            .error(
                callback: "onConversionDataFail", message: error.localizedDescription, domain: error.domain,
                code: error.code))
    }
}

/// The scene delegate: forwards the links a scene-based app receives.
@MainActor
final class SampleScene7Delegate: NSObject {
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
