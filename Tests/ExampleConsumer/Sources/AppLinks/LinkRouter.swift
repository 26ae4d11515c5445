import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// The app's screens a link can open.
public enum Screen: Equatable, Sendable {
    /// The product page of one fruit.
    case fruit(String)
    /// The home screen, for a link without a value.
    case home
}

/// The app's attribution and deep-link handler: one class, compiled against the real SDK in the app
/// and against OneLinkEmulator in this package's tests.
public final class LinkRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate {
    /// Called with each screen a link opens; the app pushes it, the tests record it.
    public var open: (Screen) -> Void

    /// Creates a router that reports each screen to `open`.
    public init(open: @escaping (Screen) -> Void) {
        self.open = open
    }

    /// Opens the deferred deep link of a first launch (legacy mode).
    public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        guard data["is_first_launch"] as? Bool == true, data["af_status"] as? String == "Non-organic" else {
            return
        }
        open(Self.screen(for: data["deep_link_value"] as? String))
    }

    /// Ignores failures: the next session tries again.
    public func onConversionDataFail(_ error: Error) {}

    /// Opens a link that opened the app (legacy mode).
    public func onAppOpenAttribution(_ data: [AnyHashable: Any]) {
        open(Self.screen(for: data["deep_link_value"] as? String))
    }

    /// Opens a found deep link, direct or deferred (UDL mode).
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found else { return }
        open(Self.screen(for: result.deepLink?.deeplinkValue))
    }

    static func screen(for value: String?) -> Screen {
        guard let value, !value.isEmpty else { return .home }
        return .fruit(value)
    }
}
