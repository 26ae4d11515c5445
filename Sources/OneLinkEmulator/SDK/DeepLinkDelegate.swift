import Foundation

/// Receives unified deep linking (UDL) results, as in the AppsFlyer iOS SDK.
///
/// Setting `AppsFlyerLib.deepLinkDelegate` before `start()` switches the SDK
/// to UDL mode, in which `onAppOpenAttribution` is never called. As in the
/// real header, the protocol refines `NSObjectProtocol` and its one method is
/// optional. The SDK holds this delegate weakly and calls it on the main queue.
public protocol DeepLinkDelegate: NSObjectProtocol {
    /// Optional. Called exactly once for each deep-link event: a direct link, or the first launch's deferred lookup.
    func didResolveDeepLink(_ result: DeepLinkResult)
}

extension DeepLinkDelegate {
    /// Does nothing: implementing the UDL callback is optional in the real header.
    public func didResolveDeepLink(_ result: DeepLinkResult) {}
}

/// The SDK 7 name of ``DeepLinkDelegate``.
public typealias AppsFlyerDeepLinkDelegate = DeepLinkDelegate
