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

    /// The `$AppStart` properties: ``eventProperties`` with `$start_type`, `$resume_from_background` and `$is_first_time`.
    ///
    /// The default device's four are built once: every emulated launch and
    /// return to the foreground starts the app, and copying the device's
    /// properties to add three keys cost more than the rest of the event.
    func startProperties(_ kind: AppStartKind, isFirstTime: Bool) -> AttributionPayload {
        if self == Self.standard {
            return Self.standardStartProperties[(kind == .warm ? 2 : 0) + (isFirstTime ? 1 : 0)]
        }
        return Self.startProperties(payload, kind, isFirstTime: isFirstTime)
    }

    private static func startProperties(
        _ base: AttributionPayload, _ kind: AppStartKind, isFirstTime: Bool
    ) -> AttributionPayload {
        var properties = base
        properties["$start_type"] = .string(kind.rawValue)
        properties["$resume_from_background"] = .bool(kind == .warm)
        properties["$is_first_time"] = .bool(isFirstTime)
        return properties
    }

    /// The properties of an `$AppEnd` after `duration` in the foreground: ``eventProperties`` and `$event_duration`.
    func endProperties(_ duration: Duration) -> AttributionPayload {
        // A manual clock that never moves ends every start after zero seconds: built once for the default device.
        if duration == .zero, self == Self.standard { return Self.standardImmediateEndProperties }
        return Self.endProperties(eventProperties, duration)
    }

    private static func endProperties(_ base: AttributionPayload, _ duration: Duration) -> AttributionPayload
    {
        var properties = base
        properties["$event_duration"] = .double(Double(duration.wholeMilliseconds) / 1000)
        return properties
    }

    private static let standard = DeviceProperties()
    private static let standardEventProperties = standard.payload
    private static let standardImmediateEndProperties = endProperties(standardEventProperties, .zero)
    /// Cold and warm, each not first and first: the order ``startProperties(_:isFirstTime:)`` indexes.
    private static let standardStartProperties = [AppStartKind.cold, .warm].flatMap { kind in
        [false, true].map { startProperties(standardEventProperties, kind, isFirstTime: $0) }
    }
}
