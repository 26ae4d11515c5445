import AppTrackingTransparency
import AppsFlyerLib
import Foundation

/// App launch code as it is written against the real SDK.
///
/// It waits for the ATT answer, starts, shows the prompt and routes deep links. The file is
/// unmodified app code: `import AppsFlyerLib` and `import AppTrackingTransparency`, no switch.
///
/// `@unchecked Sendable` because NSObject is not Sendable: `received` is only touched under `lock`.
public final class LaunchHandler: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    /// The callbacks and answers received so far, in order.
    public var calls: [String] { lock.withLock { received } }

    private func note(_ call: String) { lock.withLock { received.append(call) } }

    /// What `application(_:didFinishLaunchingWithOptions:)` and `applicationDidBecomeActive(_:)` do.
    public func launch() {
        let sdk = AppsFlyerLib.shared()
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        sdk.deepLinkDelegate = self
        sdk.waitForATTUserAuthorization(timeoutInterval: 60)
        sdk.start()
        ATTrackingManager.requestTrackingAuthorization { status in
            self.note(status == .authorized ? "att:authorized" : "att:other")
        }
    }

    /// Notes the conversion data.
    public func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        note("onConversionDataSuccess")
    }
    /// Notes the failure.
    public func onConversionDataFail(_ error: Error) { note("onConversionDataFail") }
    /// Notes the deep link's value.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        note("didResolveDeepLink:\(result.deepLink?.deeplinkValue ?? "none")")
    }
}
