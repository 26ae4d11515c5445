import Foundation
import OneLinkSupport

/// What the calls added in SDK 6.12 to 6.17 and 7.0 keep: consent, TCF collection and the install ID.
struct OptionalSurfaceState: Sendable {
    var manualConsent: AttributionPayload?
    var collectsTCFData = false
    var tcfStoredValues: AttributionPayload = [:]
    var customInstallID: String?

    /// The `consent_data` object: `manual` and `tcf`, each only when there is one.
    var consentData: AttributionPayload? {
        var payload: AttributionPayload = [:]
        if let manualConsent { payload["manual"] = .object(manualConsent.values) }
        if collectsTCFData {
            var tcf: AttributionPayload = [:]
            for (storedKey, sentKey) in Self.tcfKeys {
                if let value = tcfStoredValues[storedKey] { tcf[sentKey] = value }
            }
            if !tcf.isEmpty { payload["tcf"] = .object(tcf.values) }
        }
        return payload.isEmpty ? nil : payload
    }

    /// The TCF v2.2 keys a CMP stores in `NSUserDefaults`, and the names the SDK sends them under.
    static let tcfKeys: [(String, String)] = [
        ("IABTCF_PolicyVersion", "policy_version"), ("IABTCF_CmpSdkID", "cmp_sdk_id"),
        ("IABTCF_CmpSdkVersion", "cmp_sdk_version"), ("IABTCF_gdprApplies", "gdpr_applies"),
        ("IABTCF_TCString", "tcstring"),
    ]
}

extension AppsFlyerLib {
    /// Sets the user's GDPR and DMA consent for this app session: every later launch and conversion-data request carries it.
    ///
    /// As the dev hub's "Send consent for DMA compliance" describes it: call it
    /// before `start()` in each session; it is not kept across launches. The
    /// requests carry it as `consent_data.manual` (`gdpr_applies`,
    /// `ad_user_data_enabled`, `ad_personalization_enabled`,
    /// `ad_storage_enabled`), leaving out values that are `nil`.
    public func setConsentData(_ consent: AppsFlyerConsent) {
        let manual = consent.manualPayload
        updateConsent { $0.manualConsent = manual }
        record("setConsentData(_:)", manual)
    }

    /// Turns collecting the TCF v2.2 data a consent management platform stored on the device on or off.
    ///
    /// While on, every later launch and conversion-data request carries the
    /// CMP's values (``tcfStoredValues``) as `consent_data.tcf`
    /// (`policy_version`, `cmp_sdk_id`, `cmp_sdk_version`, `gdpr_applies`, `tcstring`).
    public func enableTCFDataCollection(_ shouldCollect: Bool) {
        updateConsent { $0.collectsTCFData = shouldCollect }
        record("enableTCFDataCollection(_:)", ["shouldCollect": .bool(shouldCollect)])
    }

    /// What a TCF v2.2 consent management platform stored in `NSUserDefaults` (`IABTCF_TCString`, `IABTCF_gdprApplies`, ...): emulator only.
    ///
    /// A test sets it to play the CMP; ``enableTCFDataCollection(_:)`` decides
    /// whether the SDK sends it.
    public var tcfStoredValues: AttributionPayload {
        get { engine.flags[\.facade.optionalSurface.tcfStoredValues] }
        set { updateConsent { $0.tcfStoredValues = newValue } }
    }

    private func updateConsent(_ change: (inout OptionalSurfaceState) -> Void) {
        let consentData = engine.flags.withLock { flags -> AttributionPayload? in
            change(&flags.facade.optionalSurface)
            return flags.facade.optionalSurface.consentData
        }
        configuration.withLock { $0.identity.consentData = consentData }
    }

    /// The install ID the app chose with `setInstallId(_:)`, if any: emulator only.
    public var customInstallID: String? { engine.flags[\.facade.optionalSurface.customInstallID] }

    /// Sets a custom install ID in place of AppsFlyer's; recorded.
    ///
    /// As the SDK 7 header says, it takes effect only when the app's
    /// Info.plist allows it (`AppsFlyerAllowCustomInstallId`) and must come
    /// before the keys are set; the emulator keeps it in ``customInstallID``
    /// and leaves the device ID (``getAppsFlyerUID()``) as it is.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setInstallId(_ customID: String) {
        engine.flags.withLock { $0.facade.optionalSurface.customInstallID = customID }
        record("setInstallId(_:)", ["customID": .string(customID)])
    }

    /// Sends debug data to AppsFlyer's remote debugging, version 2 (internal use in the header); recorded.
    public func remoteDebuggingCallV2(withData dataAsString: String) {
        record("remoteDebuggingCallV2(withData:)", ["data": .string(dataAsString)])
    }
}
