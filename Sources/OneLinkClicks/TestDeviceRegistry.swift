import OneLinkSupport

/// The registered test devices of an account, as AppsFlyer's Test Devices page and Test Console API
/// keep them.
///
/// A registered test device "ignores the re-attribution rule" (help center article 207031996,
/// "Registering test devices"): each install on it is a new install, never a reinstall, so one phone
/// can test install attribution again and again. ``ClickStoreConversionDataSource`` applies that to
/// the installs whose advertising ID is registered. Devices count against one account-wide
/// ``limit`` (40 on the help center page); the same ID registered again for the same app replaces
/// its entry. Safe to use from many tasks at once.
public final class TestDeviceRegistry: Sendable {
    /// One registered device.
    public struct Device: Sendable, Hashable {
        /// The app it was registered for (the path's `app-id`).
        public var appID: String
        /// The device identifier, such as an IDFA.
        public var id: String
        /// What kind of identifier ``id`` is.
        public var idType: IDType
        /// The name shown for the device.
        public var name: String

        /// Creates a device.
        public init(appID: String, id: String, idType: IDType, name: String) {
            self.appID = appID
            self.id = id
            self.idType = idType
            self.name = name
        }
    }

    /// The kind of a test device's identifier: the Test Console API's `device_id_type`.
    public struct IDType: RawRepresentable, Sendable, Hashable {
        /// The API's spelling, such as `IDFA` or `ANDROID ID`.
        public var rawValue: String

        /// Creates a type from its API spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Apple's advertising identifier.
        public static let idfa = IDType(rawValue: "IDFA")
        /// Apple's identifier for vendors.
        public static let idfv = IDType(rawValue: "IDFV")
        /// Google's advertising ID.
        public static let aid = IDType(rawValue: "AID")
        /// The open anonymous device identifier.
        public static let oaid = IDType(rawValue: "OAID")
        /// The IMEI.
        public static let imei = IDType(rawValue: "IMEI")
        /// Android's `ANDROID_ID`.
        public static let androidID = IDType(rawValue: "ANDROID ID")
        /// Amazon Fire's advertising ID.
        public static let fireAID = IDType(rawValue: "FIRE AID")

        /// The types the Test Console API documents.
        public static let documented: [IDType] = [.idfa, .idfv, .aid, .oaid, .imei, .androidID, .fireAID]
    }

    /// The help center's account-wide limit: 40 devices.
    public static let defaultLimit = 40

    /// The most devices registered at once, across apps.
    public let limit: Int

    private struct State {
        var devices: [String: Device] = [:]
        var order: [String] = []
    }

    private let state = Locked(State())

    /// Creates an empty registry holding at most `limit` devices (at least 1).
    public init(limit: Int = TestDeviceRegistry.defaultLimit) {
        self.limit = max(1, limit)
    }

    private static func key(appID: String, id: String) -> String { appID + "\u{0}" + id.lowercased() }

    /// Registers `device`; `false` (and nothing changes) when it is new and ``limit`` devices are held.
    @discardableResult
    public func register(_ device: Device) -> Bool {
        let key = Self.key(appID: device.appID, id: device.id)
        return state.withLock { state in
            guard state.devices[key] != nil || state.devices.count < limit else { return false }
            if state.devices.updateValue(device, forKey: key) == nil { state.order.append(key) }
            return true
        }
    }

    /// Removes the device `id` of `appID`; whether it was registered.
    @discardableResult
    public func remove(appID: String, id: String) -> Bool {
        let key = Self.key(appID: appID, id: id)
        return state.withLock { state in
            guard state.devices.removeValue(forKey: key) != nil else { return false }
            state.order.removeAll { $0 == key }
            return true
        }
    }

    /// The devices registered for `appID`, or for every app when `nil`, in registration order.
    public func devices(appID: String? = nil) -> [Device] {
        state.withLock { state in
            state.order.compactMap { state.devices[$0] }.filter { appID == nil || $0.appID == appID }
        }
    }

    /// Whether `identifier` (any case) is a registered device of any app: registrations are
    /// account-wide.
    public func contains(identifier: String) -> Bool {
        let wanted = identifier.lowercased()
        return state.withLock { $0.devices.values.contains { $0.id.lowercased() == wanted } }
    }

    /// Removes every device.
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
