/// Receives install attribution and legacy deep-link callbacks, as in the AppsFlyer iOS SDK.
///
/// Handler code written against this protocol compiles unchanged against
/// the real `AppsFlyerLib`. The SDK holds its delegate weakly.
public protocol AppsFlyerLibDelegate: AnyObject {
    /// Called at the start of every session with the install attribution (conversion data).
    ///
    /// `conversionInfo["is_first_launch"]` is `1` only in the first successful
    /// delivery for this install and `0` afterwards.
    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any])

    /// Called when the conversion data cannot be fetched; the next session tries again.
    func onConversionDataFail(_ error: Error)

    /// Called in legacy mode (no `deepLinkDelegate`) when a OneLink opens the app.
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any])

    /// Called in legacy mode when an opened link cannot be resolved.
    func onAppOpenAttributionFailure(_ error: Error)
}

extension AppsFlyerLibDelegate {
    /// Does nothing: implementing legacy deep-link handling is optional.
    public func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {}

    /// Does nothing: implementing legacy deep-link failure handling is optional.
    public func onAppOpenAttributionFailure(_ error: Error) {}
}
