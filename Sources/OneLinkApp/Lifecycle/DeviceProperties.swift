public import OneLinkEmulator

/// The device and build facts every lifecycle event carries as properties.
public struct DeviceProperties: Sendable, Hashable {
    /// The operating system name: `$os`.
    public var os: String
    /// The operating system version: `$os_version`.
    public var osVersion: String
    /// The app's version (`CFBundleShortVersionString`): `$app_version`.
    public var appVersion: String
    /// The tracking library's platform name: `$lib`.
    public var lib: String
    /// The tracking library's version: `$lib_version`.
    public var libVersion: String
    /// The hardware model identifier, such as `iPhone15,2` (`x86_64` on a simulator): `$model`.
    public var model: String
    /// The maker: `$manufacturer`.
    public var manufacturer: String

    /// Creates properties; the defaults describe an iPhone 14 Pro on iOS 17.5.
    public init(
        os: String = "iOS", osVersion: String = "17.5", appVersion: String = "1.0", lib: String = "iOS",
        libVersion: String = "1.0.0", model: String = "iPhone15,2", manufacturer: String = "Apple"
    ) {
        self.os = os
        self.osVersion = osVersion
        self.appVersion = appVersion
        self.lib = lib
        self.libVersion = libVersion
        self.model = model
        self.manufacturer = manufacturer
    }

    /// The properties as `$`-prefixed event properties.
    public var eventProperties: AttributionPayload {
        // Every lifecycle event carries these; the default device's are built once.
        self == Self.standard ? Self.standardEventProperties : payload
    }

    private var payload: AttributionPayload {
        [
            "$os": .string(os), "$os_version": .string(osVersion), "$app_version": .string(appVersion),
            "$lib": .string(lib), "$lib_version": .string(libVersion), "$model": .string(model),
            "$manufacturer": .string(manufacturer),
        ]
    }

    private static let standard = DeviceProperties()
    private static let standardEventProperties = standard.payload
}
