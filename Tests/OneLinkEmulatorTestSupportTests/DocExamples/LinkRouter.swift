public import Foundation

#if canImport(AppsFlyerLib)
    public import AppsFlyerLib
#else
    public import OneLinkEmulator
#endif

/// The handler the examples in `Docs/testing.md` test: it routes `deep_link_value`s.
public final class LinkRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate {
    /// The values routed so far, in order.
    public private(set) var routes: [String] = []

    /// Routes the deferred deep link of a first launch, in legacy mode.
    public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        if data["is_first_launch"] as? Bool == true, let value = data["deep_link_value"] as? String {
            routes.append(value)
        }
    }

    /// Ignores failures: the next session tries again.
    public func onConversionDataFail(_ error: any Error) {}

    /// Routes a link that opened the app, in legacy mode; the documented samples carry `fruit_name`.
    public func onAppOpenAttribution(_ data: [AnyHashable: Any]) {
        if let value = data["deep_link_value"] as? String ?? data["fruit_name"] as? String {
            routes.append(value)
        }
    }

    /// Routes a found deep link, in UDL mode.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        if result.status == .found, let value = result.deepLink?.deeplinkValue {
            routes.append(value)
        }
    }
}
