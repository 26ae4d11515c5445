import Foundation

// Two SDK 7 apps in the shape AppsFlyer's integration guide and the public SDK 7 clients give
// them: the session-ready listener asks for ATT, and `start()` runs inside the ATT prompt's
// completion, which Apple calls on a private queue of its own. Both reach the SDK only through
// `AppsFlyerLib.shared()`. UIKit's and SwiftUI's types are left out (Linux has neither); each method
// is named after the entry point that would call it.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif
#if canImport(AppTrackingTransparency)
    import AppTrackingTransparency
#elseif canImport(AppTrackingTransparencyStandIn)
    import AppTrackingTransparencyStandIn
#endif

/// What a tracking sample app saw, recorded so tests can check it.
enum TrackingSample7Effect: Equatable {
    /// The ATT prompt's completion ran with this status (`authorized`, `denied`, ...).
    case trackingAnswered(String)
    /// Conversion data arrived with this `af_status`.
    case conversion(String)
    /// `didResolveDeepLink` found a link to this fruit.
    case fruit(String)
}

/// The names the completion's status is recorded with.
func trackingName(_ status: ATTrackingManager.AuthorizationStatus) -> String {
    switch status {
    case .authorized: return "authorized"
    case .denied: return "denied"
    case .restricted: return "restricted"
    case .notDetermined: return "notDetermined"
    @unknown default: return "unknown"
    }
}

/// The UIKit shape: the app delegate initializes at launch; the listener shows the ATT prompt and
/// its completion starts the SDK.
@MainActor
final class TrackingUIKitApp7: NSObject {
    /// What the app saw; the ATT completion writes to it from the framework's queue.
    nonisolated let log = TrackingEffectLog()

    /// Everything the app saw, in order.
    nonisolated var effects: [TrackingSample7Effect] { log.entries }

    nonisolated func note(_ effect: TrackingSample7Effect) { log.append(effect) }

    // application(_:didFinishLaunchingWithOptions:)
    func didFinishLaunching(launchOptions: [AnyHashable: Any]?) -> Bool {
        AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().handleLaunchOptions(launchOptions)
        AppsFlyerLib.shared().registerSessionReadyListener { [weak self] in
            ATTrackingManager.requestTrackingAuthorization { status in
                self?.note(.trackingAnswered(trackingName(status)))
                AppsFlyerLib.shared().start()
            }
        }
        return true
    }

    // application(_:continue:restorationHandler:)
    func application(continue userActivity: NSUserActivity) -> Bool {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
        return true
    }
}

extension TrackingUIKitApp7: @preconcurrency AppsFlyerLibDelegate, @preconcurrency AppsFlyerDeepLinkDelegate {
    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        note(.conversion(data["af_status"] as? String ?? "?"))
    }

    func onConversionDataFail(_ error: Error) {}

    func didResolveDeepLink(_ result: DeepLinkResult) {
        if let fruit = result.deepLink?.deeplinkValue { note(.fruit(fruit)) }
    }
}

/// The SwiftUI shape: the `App` initializes in `init()`, asks for ATT when the scene becomes
/// active, and starts in the completion; links arrive through `.onOpenURL`.
@MainActor
struct TrackingSwiftUIApp7 {
    /// The object the app keeps as the SDK's delegates (a SwiftUI app holds it in `@StateObject`).
    let router = TrackingRouter7()

    // App.init()
    init() {
        AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
        AppsFlyerLib.shared().delegate = router
        AppsFlyerLib.shared().deepLinkDelegate = router
    }

    // .onChange(of: scenePhase) { if scenePhase == .active { ... } }
    func scenePhaseBecameActive() {
        let router = router
        ATTrackingManager.requestTrackingAuthorization { status in
            router.note(.trackingAnswered(trackingName(status)))
            AppsFlyerLib.shared().start()
        }
    }

    // .onOpenURL { url in ... }
    func onOpenURL(_ url: URL) {
        AppsFlyerLib.shared().handleUniversalLink(url)
    }
}

/// What an app saw, from whichever queue it saw it on.
typealias TrackingEffectLog = SharedLog<TrackingSample7Effect>

/// The SwiftUI app's delegate object.
final class TrackingRouter7: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable; its one stored property is.
    private let log = TrackingEffectLog()

    /// Everything the app saw, in order.
    var effects: [TrackingSample7Effect] { log.entries }

    func note(_ effect: TrackingSample7Effect) { log.append(effect) }

    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        note(.conversion(data["af_status"] as? String ?? "?"))
    }

    func onConversionDataFail(_ error: Error) {}

    func didResolveDeepLink(_ result: DeepLinkResult) {
        if let fruit = result.deepLink?.deeplinkValue { note(.fruit(fruit)) }
    }
}

/// The smallest form of the shape, as Docs/testing.md ("The ATT prompt's completion") shows it.
enum TrackingMinimalApp7 {
    // application(_:didFinishLaunchingWithOptions:)
    static func didFinishLaunching() {
        AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
        AppsFlyerLib.shared().registerSessionReadyListener {
            ATTrackingManager.requestTrackingAuthorization { _ in
                AppsFlyerLib.shared().start()  // the test's SDK, inside withShared
            }
        }
    }
}
