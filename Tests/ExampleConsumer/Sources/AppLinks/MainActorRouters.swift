import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// A `@MainActor` router that conforms to the SDK's delegates with `@preconcurrency`.
///
/// Most app code is `@MainActor`. The SDK's delegate protocols are nonisolated, so the plain
/// conformance does not compile in Swift 6; `@preconcurrency` does, and Swift checks at run time
/// that each call arrives on the main actor, which the SDK's main-queue delivery satisfies.
@MainActor
public final class MainActorRouter: NSObject {
    /// The `deep_link_value`s routed so far, in order.
    public private(set) var routed: [String] = []
    /// How many conversion data callbacks arrived.
    public private(set) var conversions = 0

    /// What the app's launch code does: configure the SDK, set both delegates, start.
    public func launch() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().start()
    }
}

extension MainActorRouter: @preconcurrency AppsFlyerLibDelegate, @preconcurrency DeepLinkDelegate {
    /// Counts the conversion data of each session.
    public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        conversions += 1
    }
    /// Ignores failures: the next session tries again.
    public func onConversionDataFail(_ error: Error) {}
    /// Routes a found deep link.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
        routed.append(value)
    }
}

#if compiler(>=6.2)
    /// The same router with Swift 6.2's isolated conformances (SE-0470): the conformance itself is
    /// `@MainActor`, so the methods are main-actor code with no run-time check, and the compiler
    /// keeps the conformance from being used off the main actor in this module.
    @MainActor
    public final class IsolatedRouter: NSObject {
        /// The `deep_link_value`s routed so far, in order.
        public private(set) var routed: [String] = []
        /// How many conversion data callbacks arrived.
        public private(set) var conversions = 0

        /// What the app's launch code does: configure the SDK, set both delegates, start.
        public func launch() {
            AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
            AppsFlyerLib.shared().appleAppID = "123456789"
            AppsFlyerLib.shared().delegate = self
            AppsFlyerLib.shared().deepLinkDelegate = self
            AppsFlyerLib.shared().start()
        }
    }

    extension IsolatedRouter: @MainActor AppsFlyerLibDelegate, @MainActor DeepLinkDelegate {
        /// Counts the conversion data of each session.
        public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
            conversions += 1
        }
        /// Ignores failures: the next session tries again.
        public func onConversionDataFail(_ error: Error) {}
        /// Routes a found deep link.
        public func didResolveDeepLink(_ result: DeepLinkResult) {
            guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
            routed.append(value)
        }
    }
#endif
