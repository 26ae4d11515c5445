import AppsFlyerLib
import Foundation

// An app's handler file as it is in the app target: it imports the SDK by the real module name and
// names only the real SDK's API. It compiles here unmodified through the emulator's `AppsFlyerLib`.

/// Routes conversion data and deep links to screens.
final class DeepLinkRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: `visited` is only touched under `lock`.
    private let lock = NSLock()
    private var visited: [String] = []

    var screens: [String] {
        lock.lock()
        defer { lock.unlock() }
        return visited
    }

    private func show(_ screen: String) {
        lock.lock()
        visited.append(screen)
        lock.unlock()
    }

    func application(didFinishLaunchingWithOptions launchOptions: [AnyHashable: Any]?) {
        let sdk = AppsFlyerLib.shared()
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        sdk.deepLinkDelegate = self
        sdk.start()
    }

    func application(open url: URL, options: [AnyHashable: Any]) -> Bool {
        AppsFlyerLib.shared().handleOpen(url, options: options)
        return true
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        show((conversionInfo["is_first_launch"] as? Bool) == true ? "onboarding" : "home")
    }

    func onConversionDataFail(_ error: Error) { show("home") }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
        show("product/\(value)")
    }
}
