import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// A plugin's wrapper, as the Flutter, React Native and Unity plugins write it: it is the SDK's
// delegate and forwards each callback to the app's own delegate through the Objective-C optional
// call, `delegate?.method?(argument)`, so an app that leaves a method out is simply not called.

/// Sits between the SDK and the app's delegates, forwarding every callback the plugin way.
final class PluginDelegateWrapper: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: the weak references are set before the SDK starts.
    weak var appDelegate: AppsFlyerLibDelegate?
    weak var appDeepLinkDelegate: DeepLinkDelegate?

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        appDelegate?.onConversionDataSuccess(conversionInfo)
    }

    func onConversionDataFail(_ error: Error) {
        appDelegate?.onConversionDataFail(error)
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        appDelegate?.onAppOpenAttribution?(attributionData)
    }

    func onAppOpenAttributionFailure(_ error: Error) {
        appDelegate?.onAppOpenAttributionFailure?(error)
    }

    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? {
        appDelegate?.allHTTPHeaderFieldsForResolveDeepLinkURL?(URL)
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        appDeepLinkDelegate?.didResolveDeepLink?(result)
    }
}

/// An app delegate that implements every optional method, counting the calls.
final class FullAppDelegate: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: its only state is the log, which locks.
    private let log = SharedLog<String>()

    var calls: [String] { log.entries }

    private func note(_ call: String) { log.append(call) }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) { note("onConversionDataSuccess") }
    func onConversionDataFail(_ error: Error) { note("onConversionDataFail") }
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        note("onAppOpenAttribution:\(attributionData["deep_link_value"] as? String ?? "")")
    }
    func onAppOpenAttributionFailure(_ error: Error) { note("onAppOpenAttributionFailure") }
    func allHTTPHeaderFieldsForResolveDeepLinkURL(_ URL: URL) -> [String: String]? {
        note("allHTTPHeaderFieldsForResolveDeepLinkURL")
        return ["X-App": "full"]
    }
    func didResolveDeepLink(_ result: DeepLinkResult) {
        note("didResolveDeepLink:\(result.deepLink?.deeplinkValue ?? "")")
    }
}

/// An app delegate with only the required methods: the optional calls reach nothing.
final class RequiredOnlyAppDelegate: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: its only state is the log, which locks.
    private let log = SharedLog<String>()

    var count: Int { log.entries.count }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        log.append("onConversionDataSuccess")
    }

    func onConversionDataFail(_ error: Error) {}
}
