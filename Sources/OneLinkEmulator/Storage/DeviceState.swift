public import Foundation

/// Everything the SDK keeps on the device between launches.
///
/// Deleting the app deletes this state; a reinstall starts with none.
public struct DeviceState: Sendable, Hashable {
    /// The AppsFlyer device ID, created on the first launch of an install.
    public var deviceID: String
    /// When the app was first launched on this install.
    public var installTime: Date
    /// The cached conversion data, once a fetch succeeded.
    public var conversionData: AttributionPayload?
    /// Whether a successful conversion-data delivery has already used up `is_first_launch`.
    public var firstLaunchDelivered: Bool
    /// Whether the one deferred-deep-link lookup of this install has been made.
    public var deferredLookupDone: Bool
    /// How many sessions have started on this install.
    public var sessionCount: Int
    /// When the latest session started.
    public var lastSessionStart: Date?

    /// Creates state for a new install.
    public init(
        deviceID: String, installTime: Date, conversionData: AttributionPayload? = nil,
        firstLaunchDelivered: Bool = false, deferredLookupDone: Bool = false, sessionCount: Int = 0,
        lastSessionStart: Date? = nil
    ) {
        self.deviceID = deviceID
        self.installTime = installTime
        self.conversionData = conversionData
        self.firstLaunchDelivered = firstLaunchDelivered
        self.deferredLookupDone = deferredLookupDone
        self.sessionCount = sessionCount
        self.lastSessionStart = lastSessionStart
    }
}

extension DeviceState {
    /// The state as a JSON-like value, the format file stores write.
    public var attributionValue: AttributionValue {
        var object: [String: AttributionValue] = [
            "version": 1,
            "device_id": .string(deviceID),
            "install_time_ms": .int(Int((installTime.timeIntervalSince1970 * 1000).rounded())),
            "first_launch_delivered": .bool(firstLaunchDelivered),
            "deferred_lookup_done": .bool(deferredLookupDone),
            "session_count": .int(sessionCount),
        ]
        if let conversionData { object["conversion_data"] = .object(conversionData.values) }
        if let lastSessionStart {
            object["last_session_start_ms"] = .int(
                Int((lastSessionStart.timeIntervalSince1970 * 1000).rounded()))
        }
        return .object(object)
    }

    /// Reads state written by ``attributionValue``.
    ///
    /// - Parameters:
    ///   - value: The stored JSON object.
    ///   - location: Where the value came from, for error messages.
    /// - Throws: ``StorageError/corrupt(location:reason:)`` naming the first bad field.
    public init(attributionValue value: AttributionValue, location: String) throws(StorageError) {
        func corrupt(_ reason: String) -> StorageError { .corrupt(location: location, reason: reason) }
        guard case .object(let object) = value else {
            throw corrupt("top level is \(value.typeName), not object")
        }
        guard object["version"] == 1 else {
            throw corrupt("unsupported version \(object["version"] ?? .null)")
        }
        guard let deviceID = object["device_id"]?.stringValue, !deviceID.isEmpty else {
            throw corrupt("device_id missing or not a string")
        }
        guard let installMilliseconds = object["install_time_ms"]?.intValue else {
            throw corrupt("install_time_ms missing or not an integer")
        }
        guard let firstLaunchDelivered = object["first_launch_delivered"]?.boolValue else {
            throw corrupt("first_launch_delivered missing or not a boolean")
        }
        guard let deferredLookupDone = object["deferred_lookup_done"]?.boolValue else {
            throw corrupt("deferred_lookup_done missing or not a boolean")
        }
        guard let sessionCount = object["session_count"]?.intValue, sessionCount >= 0 else {
            throw corrupt("session_count missing or not a non-negative integer")
        }
        var conversionData: AttributionPayload?
        if let cached = object["conversion_data"] {
            guard case .object(let members) = cached else {
                throw corrupt("conversion_data is not an object")
            }
            conversionData = AttributionPayload(members)
        }
        var lastSessionStart: Date?
        if let last = object["last_session_start_ms"] {
            guard let milliseconds = last.intValue else {
                throw corrupt("last_session_start_ms is not an integer")
            }
            lastSessionStart = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        self.init(
            deviceID: deviceID, installTime: Date(timeIntervalSince1970: Double(installMilliseconds) / 1000),
            conversionData: conversionData, firstLaunchDelivered: firstLaunchDelivered,
            deferredLookupDone: deferredLookupDone, sessionCount: sessionCount,
            lastSessionStart: lastSessionStart)
    }
}
