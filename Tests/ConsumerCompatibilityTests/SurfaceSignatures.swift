import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// Pins the compatibility surface's exact types: each line stops compiling if a property's type,
// optionality or a method's signature drifts from the real SDK's Swift API.

/// A handler that implements only the two required conversion callbacks, relying on the optional defaults.
final class MinimalConversionHandler: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
    private let log = SharedLog<String>()

    var names: [String] { log.entries }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        log.append("onConversionDataSuccess")
    }

    func onConversionDataFail(_ error: Error) { log.append("onConversionDataFail") }
}

enum SurfaceSignatures {
    /// Reads and writes every configuration property with its exact type.
    static func configure(_ sdk: AppsFlyerLib) {
        let timeout: UInt = sdk.deepLinkTimeout
        let minimum: UInt = sdk.minTimeBetweenSessions
        let domains: [String]? = sdk.oneLinkCustomDomains
        let wrapped: [String]? = sdk.resolveDeepLinkURLs
        let devKey: String = sdk.appsFlyerDevKey
        let appID: String = sdk.appleAppID
        let debug: Bool = sdk.isDebug
        let delegate: (any AppsFlyerLibDelegate)? = sdk.delegate
        let deepLinkDelegate: (any DeepLinkDelegate)? = sdk.deepLinkDelegate
        _ = (timeout, minimum, domains, wrapped, devKey, appID, debug, delegate, deepLinkDelegate)
        sdk.oneLinkCustomDomains = nil
        sdk.resolveDeepLinkURLs = nil
        sdk.deepLinkTimeout = timeout
        sdk.minTimeBetweenSessions = minimum
    }

    /// Calls every entry point with the argument types the real SDK takes, nil where it allows nil.
    static func callEntryPoints(_ sdk: AppsFlyerLib, url: URL) {
        let handleOpen: (URL?, [AnyHashable: Any]?) -> Void = sdk.handleOpen(_:options:)
        let handlePush: ([AnyHashable: Any]?) -> Void = sdk.handlePushNotification(_:)
        let addPath: ([String]) -> Void = sdk.addPushNotificationDeepLinkPath(_:)
        let performOnApp: (URL) -> Void = sdk.performOnAppAttribution(with:)
        let start: () -> Void = sdk.start
        handleOpen(nil, nil)
        handleOpen(url, nil)
        handlePush(nil)
        addPath(["deeply", "nested", "deep_link"])
        performOnApp(url)
        start()
    }

    /// Reads a deep-link result with the real SDK's member types.
    static func read(_ result: DeepLinkResult) -> (DeepLinkResultStatus, Bool?, Error?) {
        let status: DeepLinkResultStatus = result.status
        let deepLink: DeepLink? = result.deepLink
        let error: Error? = result.error
        let clickEvent: [String: Any]? = deepLink?.clickEvent
        let value: String? = deepLink?.deeplinkValue
        let isDeferred: Bool? = deepLink?.isDeferred
        let text: String? = deepLink?.toString()
        _ = (clickEvent, value, text)
        return (status, isDeferred, error)
    }

    #if canImport(Darwin) && !os(Linux)
        /// The user-activity entry point, which exists where `NSUserActivity` does.
        static func continueActivity(_ sdk: AppsFlyerLib, activity: NSUserActivity) {
            sdk.continue(activity, restorationHandler: nil)
        }
    #endif
}
