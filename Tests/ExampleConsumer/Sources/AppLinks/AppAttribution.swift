import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// The app delegate's attribution part, written as modern apps write it: `@MainActor`, conforming
/// to the SDK's (nonisolated) delegate protocols with `@preconcurrency`, and setting itself as the
/// SDK's delegates in its launch code.
///
/// The same code compiles against the real SDK in the app and against OneLinkEmulator in this
/// package's tests; both call it on the main queue.
@MainActor
public final class AppAttribution: NSObject, @preconcurrency AppsFlyerLibDelegate,
    @preconcurrency DeepLinkDelegate
{
    /// The screens opened so far, in order.
    public private(set) var opened: [Screen] = []

    /// Creates the handler; ``launch()`` wires it to the SDK.
    public override init() {}

    /// What `application(_:didFinishLaunchingWithOptions:)` does: keys, both delegates, start.
    public func launch() {
        let sdk = AppsFlyerLib.shared()
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        sdk.deepLinkDelegate = self
        sdk.start()
    }

    /// Opens the deferred deep link of a first launch; in UDL mode `didResolveDeepLink` does it instead.
    public func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        MainActor.assertIsolated()
    }

    /// Ignores failures: the next session tries again.
    public func onConversionDataFail(_ error: Error) {}

    /// Opens a found deep link, direct or deferred.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        MainActor.assertIsolated()
        guard result.status == .found else { return }
        opened.append(LinkRouter.screen(for: result.deepLink?.deeplinkValue))
    }
}
