public import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// The version SDK 6's `getSDKVersion()` reports: the 6.x release whose surface the emulator follows, AppsFlyerLib.h 6.17 (Docs/sdk-versions.md).
    public static let emulatedSDKVersion = "6.17.9"

    /// The SDK's version string: ``emulatedRelease`` when a test selected one, else ``emulatedSDKVersion``.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func getSDKVersion() -> String { reportedSDKVersion(default: Self.emulatedSDKVersion) }

    /// Registers the device's push token for uninstall measurement; recorded.
    public func registerUninstall(_ deviceToken: Data?) {
        record(
            "registerUninstall(_:)",
            ["deviceToken": deviceToken.map { .string($0.base64EncodedString()) } ?? .null])
    }

    /// The partners that must not receive this user's data (deprecated in the real SDK); recorded.
    @available(*, deprecated, message: "Use setSharingFilterForPartners(_:)")
    public var sharingFilter: [String]? {
        get { configuration[\.sharingFilter] }
        set {
            configuration.withLock { $0.sharingFilter = newValue }
            record("sharingFilter", ["partners": Self.list(newValue)])
        }
    }

    /// Stops sharing this user's data with the given partners (`"all"` for every partner); recorded.
    public func setSharingFilterForPartners(_ sharingFilter: [String]?) {
        configuration.withLock { $0.sharingFilter = sharingFilter }
        record("setSharingFilterForPartners(_:)", ["partners": Self.list(sharingFilter)])
    }

    /// Stops sharing this user's data with every partner (deprecated in the real SDK); recorded.
    @available(*, deprecated, message: "Use setSharingFilterForPartners([\"all\"])")
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setSharingFilterForAllPartners() {
        configuration.withLock { $0.sharingFilter = ["all"] }
        record("setSharingFilterForAllPartners()")
    }

    /// Tells the SDK which framework wraps it; recorded.
    public func setPluginInfo(plugin: Plugin, version: String, additionalParams: [AnyHashable: Any]?) {
        var arguments: AttributionPayload = ["plugin": .string("\(plugin)"), "version": .string(version)]
        if let additionalParams {
            do {
                arguments["additionalParams"] = .object(
                    try AttributionPayload(foundation: additionalParams).values)
            } catch {
                recordConfigurationError("setPluginInfo additionalParams were not recorded: \(error)")
            }
        }
        record("setPluginInfo(plugin:version:additionalParams:)", arguments)
    }

    /// Enables Facebook deferred app links through the given utility class; recorded.
    ///
    /// The emulator has no Facebook SDK, so it fetches nothing: ``facebookDeferredAppLink``
    /// holds only what the app sets.
    public func enableFacebookDeferredApplinks(with facebookAppLinkUtilityClass: AnyClass?) {
        let name = facebookAppLinkUtilityClass.map { String(describing: $0) }
        record("enableFacebookDeferredApplinks(with:)", ["class": name.map { .string($0) } ?? .null])
    }

    /// A Facebook deferred app link, set by the app by hand (the header's manual setter); recorded.
    public var facebookDeferredAppLink: URL? {
        get { configuration[\.facebookDeferredAppLink] }
        set {
            configuration.withLock { $0.facebookDeferredAppLink = newValue }
            record("facebookDeferredAppLink", ["url": newValue.map { .string($0.absoluteString) } ?? .null])
        }
    }

    /// Hands the SDK an object for interoperability with another SDK; recorded by its type name.
    public func setUpInteroperabilityObject(_ object: Any) {
        record("setUpInteroperabilityObject(_:)", ["type": .string(String(describing: type(of: object)))])
    }

    /// Sends debug data to AppsFlyer's remote debugging; recorded.
    public func remoteDebuggingCall(withData data: String) {
        record("remoteDebuggingCall(withData:)", ["data": .string(data)])
    }

    /// Appends `parameters` to every link the SDK resolves whose text contains `contains`.
    ///
    /// As the dev hub describes it, for links that are not OneLinks (a branded
    /// universal link, for example): the parameters, such as `pid` and
    /// `is_retargeting`, are added to the link's query before it is resolved,
    /// so they reach the callbacks. A parameter the link already has is kept.
    /// A later call with the same `contains` replaces the earlier one.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func appendParametersToDeeplinkURL(contains: String, parameters: [String: String]) {
        appendParameters(contains: contains, parameters: parameters)
    }

    /// The body of `appendParametersToDeeplinkURL` (SDK 6) and `appendParametersToDeepLinkingURL` (SDK 7).
    func appendParameters(contains: String, parameters: [String: String]) {
        guard !contains.isEmpty else {
            recordConfigurationError("appendParametersToDeeplinkURL needs a non-empty 'contains'; ignored")
            return
        }
        configuration.withLock { state in
            state.appendedDeepLinkParameters.removeAll { $0.contains == contains }
            state.appendedDeepLinkParameters.append(
                AppendedDeepLinkParameters(contains: contains, parameters: parameters))
        }
    }

    private static func list(_ values: [String]?) -> AttributionValue {
        values.map { .array($0.map { .string($0) }) } ?? .null
    }
}
