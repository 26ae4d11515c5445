import Foundation

// An app delegate as the dev hub's Strict-mode integration writes it: the same keys and start as
// the standard build, and no IDFA call (no waitForATTUserAuthorization, no advertisingIdentifier:
// AppsFlyerLib-Strict has neither). It reaches the SDK only through `AppsFlyerLib.shared()`.
#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// A kids-category app on the Strict build.
final class StrictApp: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: `received` is only touched under `lock`.
    private let lock = NSLock()
    private var received: [String] = []

    /// The conversion statuses the app saw, in order.
    var statuses: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    // application(_:didFinishLaunchingWithOptions:)
    func didFinishLaunching() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().delegate = self
    }

    // applicationDidBecomeActive(_:)
    func didBecomeActive() {
        AppsFlyerLib.shared().start()
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        lock.lock()
        received.append(conversionInfo["af_status"] as? String ?? "?")
        lock.unlock()
    }

    func onConversionDataFail(_ error: Error) {}
}
