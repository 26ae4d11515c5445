// The first example of Docs/getting-started.md, verbatim; GettingStartedDocTests keeps them in sync.
import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// Routes the app to the screen a deep link or a deferred deep link names.
public final class LinkRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    /// Called with the `deep_link_value` to route to.
    public var route: ((String) -> Void)?

    /// Routes a deferred deep link on the first launch.
    public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        if let first = data["is_first_launch"] as? Bool, first, let value = data["deep_link_value"] as? String
        {
            route?(value)
        }
    }
    /// Ignores failures: the next session tries again.
    public func onConversionDataFail(_ error: Error) {}
    /// Routes a found deep link.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
        route?(value)
    }

    /// What the app's launch code does: configure the SDK and start it.
    public func launch() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self  // UDL mode: set before start()
        AppsFlyerLib.shared().start()
    }
}

// The universal-link example of the same guide.
func scene(continue userActivity: NSUserActivity) {
    AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
}
