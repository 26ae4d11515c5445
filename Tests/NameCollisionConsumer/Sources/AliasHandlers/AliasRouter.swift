import AppsFlyerLib
import Foundation

/// A deep-link router whose file says `import AppsFlyerLib`, built with the compiler's module alias
/// onto the emulator's `AppsFlyerLibStandIn`: the way for a package that also declares the real SDK,
/// whose binary target is named `AppsFlyerLib` too.
///
/// `@unchecked Sendable` because NSObject is not Sendable: `received` is only touched under `lock`.
public final class AliasRouter: NSObject, DeepLinkDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    /// The `deep_link_value`s routed so far, in order.
    public var routed: [String] { lock.withLock { received } }

    /// Sets itself as the deep-link delegate and starts the SDK.
    public func launch() {
        AppsFlyerLib.shared().appsFlyerDevKey = "DEV_KEY"
        AppsFlyerLib.shared().appleAppID = "123456789"
        AppsFlyerLib.shared().deepLinkDelegate = self
        AppsFlyerLib.shared().start()
    }

    /// Routes a found deep link.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let value = result.deepLink?.deeplinkValue else { return }
        lock.withLock { received.append(value) }
    }
}
