public import Foundation
public import OneLinkEmulator

/// One event ``AppLifecycle`` emits: an app start, an app end, or a passive start.
///
/// Its ``attributionValue`` has the auto-tracking shape:
///
/// ```json
/// {"event": "$AppStart", "time": 1597244880000,
///  "properties": {"$os": "iOS", "$os_version": "17.5", "$app_version": "1.0", "$lib": "iOS",
///                 "$lib_version": "1.0.0", "$model": "iPhone15,2", "$manufacturer": "Apple",
///                 "$start_type": "cold", "$resume_from_background": false, "$is_first_time": true}}
/// ```
public struct LifecycleEvent: Sendable, Hashable {
    /// The event name.
    public var name: LifecycleEventName
    /// When the event happened, read from the lifecycle's clock.
    public var time: Date
    /// For `$AppStart`: cold or warm.
    public var startKind: AppStartKind?
    /// For `$AppStart`: whether this is the first start of the install.
    public var isFirstTime: Bool?
    /// For `$AppStartPassively`: why the system launched the app.
    public var passiveReason: PassiveLaunchReason?
    /// For `$AppEnd`: how long the app was in the foreground since its `$AppStart`.
    public var foregroundDuration: Duration?
    /// The event properties: the ``DeviceProperties`` plus the event-specific keys.
    ///
    /// `$AppStart` adds `$start_type` (`cold`/`warm`), `$resume_from_background`
    /// and `$is_first_time`; `$AppStartPassively` adds `$passive_reason`;
    /// `$AppEnd` adds `$event_duration` (seconds, millisecond precision).
    public var properties: AttributionPayload

    /// Creates an event; the properties are computed from the device and the event-specific fields.
    public init(
        name: LifecycleEventName, time: Date, device: DeviceProperties, startKind: AppStartKind? = nil,
        isFirstTime: Bool? = nil, passiveReason: PassiveLaunchReason? = nil,
        foregroundDuration: Duration? = nil
    ) {
        self.name = name
        self.time = time
        self.startKind = startKind
        self.isFirstTime = isFirstTime
        self.passiveReason = passiveReason
        self.foregroundDuration = foregroundDuration
        var properties: AttributionPayload
        if let startKind, let isFirstTime {
            properties = device.startProperties(startKind, isFirstTime: isFirstTime)
        } else if startKind == nil, isFirstTime == nil, passiveReason == nil, let foregroundDuration {
            self.properties = device.endProperties(foregroundDuration)
            return
        } else {
            properties = device.eventProperties
            if let startKind {
                properties["$start_type"] = .string(startKind.rawValue)
                properties["$resume_from_background"] = .bool(startKind == .warm)
            }
            if let isFirstTime { properties["$is_first_time"] = .bool(isFirstTime) }
        }
        if let passiveReason { properties["$passive_reason"] = .string(passiveReason.rawValue) }
        if let foregroundDuration {
            properties["$event_duration"] = .double(Double(foregroundDuration.wholeMilliseconds) / 1000)
        }
        self.properties = properties
    }

    /// The event time in whole milliseconds since 1970, as the `time` field reports it.
    public var timeMilliseconds: Int64 {
        Int64((time.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The event as `{"event": ..., "time": ..., "properties": {...}}`.
    public var attributionValue: AttributionValue {
        [
            "event": .string(name.rawValue), "time": .int(Int(timeMilliseconds)),
            "properties": .object(properties.values),
        ]
    }
}

extension LifecycleEvent: CustomStringConvertible {
    /// The event as compact JSON.
    public var description: String { attributionValue.jsonText() }
}
