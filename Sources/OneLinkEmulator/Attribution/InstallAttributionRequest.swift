public import Foundation

/// What the SDK asks the attribution service about one install.
///
/// The same request goes to ``ConversionDataSource/conversionData(for:)``, at the
/// start of a session until an answer is cached, and to
/// ``DeferredDeepLinkSource/deferredDeepLink(for:)``, once on the first launch.
public struct InstallAttributionRequest: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: a copy is one retain, a change a new box.
    private var storage: SharedFields<Fields>

    /// The app's Apple ID, without the `id` prefix.
    public var appID: String {
        get { storage.fields.appID }
        set { storage.update { $0.appID = newValue } }
    }
    /// The AppsFlyer dev key.
    public var devKey: String {
        get { storage.fields.devKey }
        set { storage.update { $0.devKey = newValue } }
    }
    /// The AppsFlyer device ID of this install.
    public var deviceID: String {
        get { storage.fields.deviceID }
        set { storage.update { $0.deviceID = newValue } }
    }
    /// When the app was first launched on this install.
    public var installTime: Date {
        get { storage.fields.installTime }
        set { storage.update { $0.installTime = newValue } }
    }
    /// The device's fingerprint and advertising ID, for click matching.
    public var device: DeviceInfo {
        get { storage.fields.device }
        set { storage.update { $0.device = newValue } }
    }
    /// Who the user is, as the app told the SDK (`customerUserID`, `customData`, ...).
    public var identity: UserIdentity {
        get { storage.fields.identity }
        set { storage.update { $0.identity = newValue } }
    }
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP backends send the request there instead of to their base URL.
    public var host: String? {
        get { storage.fields.host }
        set { storage.update { $0.host = newValue } }
    }

    /// Creates a request.
    public init(
        appID: String, devKey: String, deviceID: String, installTime: Date, device: DeviceInfo = DeviceInfo(),
        identity: UserIdentity = UserIdentity(), host: String? = nil
    ) {
        storage = SharedFields(
            Fields(
                appID: appID, devKey: devKey, deviceID: deviceID, installTime: installTime, device: device,
                identity: identity, host: host))
    }

    /// The stored values.
    private struct Fields: Hashable, Sendable {
        var appID: String
        var devKey: String
        var deviceID: String
        var installTime: Date
        var device: DeviceInfo
        var identity: UserIdentity
        var host: String?
    }
}

extension InstallAttributionRequest: CustomReflectable {
    /// The fields, as the mirror of a struct with them stored would show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "appID": appID, "devKey": devKey, "deviceID": deviceID, "installTime": installTime,
                "device": device, "identity": identity, "host": host as Any,
            ],
            displayStyle: .struct)
    }
}
