public import Foundation

/// Receives install attribution and legacy deep-link callbacks, as in the AppsFlyer iOS SDK.
///
/// As in AppsFlyerLib.h, the protocol refines `NSObjectProtocol`, so a
/// conforming class subclasses `NSObject`. Only the two conversion-data methods
/// are required; the others are optional in the real header and have empty
/// default implementations here, so a class that leaves them out compiles
/// against both. The SDK holds its delegate weakly and calls it on the main
/// queue (see ``AppsFlyerLib/callbackDelivery``).
public protocol AppsFlyerLibDelegate: NSObjectProtocol {
    /// Called at the start of every session with the install attribution (conversion data).
    ///
    /// `conversionInfo["is_first_launch"]` is `true` only in the first
    /// successful delivery for this install and `false` afterwards;
    /// non-organic data has `conversionInfo["iscache"] == true` and organic data no `iscache`.
    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any])

    /// Called when the conversion data cannot be fetched; the next session tries again.
    func onConversionDataFail(_ error: any Error)

    #if !SDK7
        /// Optional. Called in legacy mode (no `deepLinkDelegate`) when a OneLink opens the app.
        ///
        /// Removed in SDK 7, where direct links arrive only through `didResolveDeepLink`.
        func onAppOpenAttribution(_ attributionData: [AnyHashable: Any])

        /// Optional. Called in legacy mode when an opened link cannot be resolved; removed in SDK 7.
        func onAppOpenAttributionFailure(_ error: any Error)
    #endif

    /// Optional. Extra HTTP headers for resolving a wrapped or short link, asked for each resolution.
    ///
    /// - Parameter URL: The link about to be resolved.
    /// - Returns: Headers to send with the resolution request, or `nil` for none.
    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]?
}

extension AppsFlyerLibDelegate {
    #if !SDK7
        /// Does nothing: implementing legacy deep-link handling is optional.
        public func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {}

        /// Does nothing: implementing legacy deep-link failure handling is optional.
        public func onAppOpenAttributionFailure(_ error: any Error) {}
    #endif

    /// Returns `nil`: extra resolution headers are optional.
    public func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? { nil }
}
