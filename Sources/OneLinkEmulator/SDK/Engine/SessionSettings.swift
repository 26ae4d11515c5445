import Foundation

/// The settings a session reads, taken from the configuration once per `start()`.
///
/// Eleven fields instead of the configuration's thirty-odd: a session carries
/// its settings from the launch request to the conversion-data fetch, and every
/// copy of the whole configuration cost a retain and a release per field.
struct SessionSettings: Sendable {
    var devKey: String
    var appID: String
    /// The SDK version the requests and the device log report.
    var sdkVersion: String
    var minTimeBetweenSessions: UInt
    var conversionDataTimeout: UInt
    var deepLinkTimeout: UInt
    /// How long a session waits for the ATT answer; `nil` for no wait.
    var attWaitTimeout: TimeInterval?
    /// The host the requests go to, when the app changed it.
    var customHost: String?
    /// The identity the requests carry: none while the user is anonymized.
    var reportedIdentity: UserIdentity
    /// The device, with no IP address for an anonymized user.
    var device: DeviceInfo
    /// Whether the advertising ID is withheld whatever the ATT answer: collection disabled, the user anonymized or the Strict build.
    var withholdsAdvertisingID: Bool

    /// The device as the requests describe it: no advertising ID unless tracking is authorized, collection allowed, the build not Strict and the user not anonymized; no IP address for an anonymized user.
    ///
    /// AppsFlyer removes or hashes an anonymized user's identifiers, the IP address included, as
    /// the requests reach it; the emulated backends see what is left (Docs/behaviour.md, rule 27).
    func reportedDevice(tracking status: TrackingAuthorizationStatus) -> DeviceInfo {
        // The device's fields share one box: a change, even to `nil` from `nil`, would copy it.
        guard (status != .authorized || withholdsAdvertisingID) && device.advertisingID != nil else {
            return device
        }
        var device = device
        device.advertisingID = nil
        return device
    }
}

extension AppsFlyerLib.Configuration {
    /// The settings a session reads.
    var sessionSettings: SessionSettings {
        var device = deviceInfo
        if flags.anonymizeUser { device.ipAddress = "" }
        return SessionSettings(
            devKey: devKey, appID: appID, sdkVersion: sdkVersion,
            minTimeBetweenSessions: minTimeBetweenSessions,
            conversionDataTimeout: conversionDataTimeout, deepLinkTimeout: deepLinkTimeout,
            attWaitTimeout: attWaitTimeout, customHost: customHost, reportedIdentity: reportedIdentity,
            device: device,
            withholdsAdvertisingID: flags.disableAdvertisingIdentifier || flags.anonymizeUser
                || build == .strict)
    }
}
