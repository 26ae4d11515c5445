public import Foundation

/// What the SDK asks the attribution service about one install.
///
/// The same request goes to ``ConversionDataSource/conversionData(for:)``, at the
/// start of a session until an answer is cached, and to
/// ``DeferredDeepLinkSource/deferredDeepLink(for:)``, once on the first launch.
public struct InstallAttributionRequest: Sendable, Hashable {
    /// The app's Apple ID, without the `id` prefix.
    public var appID: String
    /// The AppsFlyer dev key.
    public var devKey: String
    /// The AppsFlyer device ID of this install.
    public var deviceID: String
    /// When the app was first launched on this install.
    public var installTime: Date
    /// The device's fingerprint and advertising ID, for click matching.
    public var device: DeviceInfo
    /// Who the user is, as the app told the SDK (`customerUserID`, `customData`, ...).
    public var identity: UserIdentity
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP backends send the request there instead of to their base URL.
    public var host: String?

    /// Creates a request.
    public init(
        appID: String, devKey: String, deviceID: String, installTime: Date, device: DeviceInfo = DeviceInfo(),
        identity: UserIdentity = UserIdentity(), host: String? = nil
    ) {
        self.appID = appID
        self.devKey = devKey
        self.deviceID = deviceID
        self.installTime = installTime
        self.device = device
        self.identity = identity
        self.host = host
    }
}
