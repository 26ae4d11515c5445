public import Foundation

#if SDK7
    /// Receives unified deep linking (UDL) results, as in the AppsFlyer iOS SDK 7.
    ///
    /// In SDK 7 every direct link (and the first launch's deferred lookup)
    /// arrives here: `onAppOpenAttribution` is gone. As in the real header, the
    /// protocol refines `NSObjectProtocol` and its one method is optional. The
    /// SDK holds this delegate weakly and calls it on the main queue.
    public protocol AppsFlyerDeepLinkDelegate: NSObjectProtocol {
        /// Optional. Called exactly once for each deep-link event: a direct link, or the first launch's deferred lookup.
        func didResolveDeepLink(_ result: DeepLinkResult)
    }

    extension AppsFlyerDeepLinkDelegate {
        /// Does nothing: implementing the UDL callback is optional in the real header.
        public func didResolveDeepLink(_ result: DeepLinkResult) {}
    }

    /// The SDK 6 Swift name of ``AppsFlyerDeepLinkDelegate``, kept for the emulator's own targets.
    @_spi(SDK6) public typealias DeepLinkDelegate = AppsFlyerDeepLinkDelegate
#else
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

    /// The SDK 7 name of ``DeepLinkDelegate`` (its Objective-C name in SDK 6).
    public typealias AppsFlyerDeepLinkDelegate = DeepLinkDelegate
#endif
