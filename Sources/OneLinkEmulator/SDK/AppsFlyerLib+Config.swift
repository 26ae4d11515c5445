import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// Applies an `AppsFlyerLibConfig.plist`'s values, as the real SDK does when it is created.
    ///
    /// Emulator only: call it right after creating the SDK, before any
    /// configuration in code, so that code overrides the file as it does on a
    /// device. Keys the file left out keep their current values; a `host`
    /// that is empty keeps the default host.
    public func apply(_ config: AppsFlyerLibConfig) {
        if let debugMode = config.debugMode { isDebug = debugMode }
        if let currencyCode = config.currencyCode { self.currencyCode = currencyCode }
        if let flag = config.disableIDFACollection {
            configuration.withLock { $0.flags.disableAdvertisingIdentifier = flag }
        }
        if let flag = config.disableIDFVCollection { disableIDFVCollection = flag }
        if let flag = config.disableSKAdNetwork { disableSKAdNetwork = flag }
        if let seconds = config.minTimeBetweenSessions { minTimeBetweenSessions = seconds }
        if let host = config.host, !host.isEmpty {
            setHostAndPrefix(host: host, prefix: config.prefix ?? "")
        }
        if !config.ignoredKeys.isEmpty {
            debug(.configPlist, "unknown keys ignored: \(config.ignoredKeys.joined(separator: ", "))")
        }
        debug(.configPlist, "\(AppsFlyerLibConfig.fileName) applied")
    }
}
