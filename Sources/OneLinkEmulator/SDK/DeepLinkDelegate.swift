/// Receives unified deep linking (UDL) results, as in the AppsFlyer iOS SDK.
///
/// Setting `AppsFlyerLib.deepLinkDelegate` before `start()` switches the SDK
/// to UDL mode, in which `onAppOpenAttribution` is never called. The SDK
/// holds this delegate weakly.
public protocol DeepLinkDelegate: AnyObject {
    /// Called exactly once for each deep-link event: a direct link, or the first launch's deferred lookup.
    func didResolveDeepLink(_ result: DeepLinkResult)
}

/// The SDK 7 name of ``DeepLinkDelegate``.
public typealias AppsFlyerDeepLinkDelegate = DeepLinkDelegate
