// The @MainActor example of Docs/getting-started.md, verbatim; GettingStartedDocTests keeps them in sync.
import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// A main-actor router that conforms with `@preconcurrency` (Swift 5.10 and later).
@MainActor
final class PreconcurrencyRouter: NSObject {
    var routed: [String] = []

    func launch() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().start()
    }
}

extension PreconcurrencyRouter: @preconcurrency AppsFlyerLibDelegate, @preconcurrency DeepLinkDelegate {
    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: Error) {}
    func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
        routed.append(value)  // main-actor state, no lock
    }
}

#if compiler(>=6.2)
    /// The same router with Swift 6.2's isolated conformances (SE-0470).
    @MainActor
    final class IsolatedConformanceRouter: NSObject {
        var routed: [String] = []

        func launch() {
            AppsFlyerLib.shared().delegate = self
            AppsFlyerLib.shared().deepLinkDelegate = self
            AppsFlyerLib.shared().start()
        }
    }

    extension IsolatedConformanceRouter: @MainActor AppsFlyerLibDelegate, @MainActor DeepLinkDelegate {
        func onConversionDataSuccess(_ data: [AnyHashable: Any]) {}
        func onConversionDataFail(_ error: Error) {}
        func didResolveDeepLink(_ result: DeepLinkResult) {
            guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
            routed.append(value)
        }
    }
#endif
