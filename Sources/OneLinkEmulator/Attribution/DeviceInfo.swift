/// What the device tells the attribution service about itself.
///
/// The service matches installs to clicks by the advertising ID when it has
/// one, and otherwise by this fingerprint: IP address plus the model, OS
/// version and language a browser's user agent also reveals.
public struct DeviceInfo: Sendable, Hashable {
    /// The public IP address the device's requests come from.
    public var ipAddress: String
    /// The hardware model, such as `iPhone`.
    public var model: String
    /// The OS version, such as `17.4`.
    public var osVersion: String
    /// The preferred language, such as `en-US`.
    public var language: String
    /// The advertising identifier (IDFA), when the user allowed tracking.
    public var advertisingID: String?

    /// Creates device information; the defaults describe a typical test iPhone.
    public init(
        ipAddress: String = "203.0.113.7", model: String = "iPhone", osVersion: String = "17.4",
        language: String = "en-US", advertisingID: String? = nil
    ) {
        self.ipAddress = ipAddress
        self.model = model
        self.osVersion = osVersion
        self.language = language
        self.advertisingID = advertisingID
    }
}
