import OneLinkEmulator

/// Why the system launched the app straight into the background (a passive launch).
///
/// Each reason corresponds to a background mode the app declares; the set
/// grows with the OS, so this is a struct with static constants.
public struct PassiveLaunchReason: RawRepresentable, Sendable, Hashable {
    /// The stable snake-case name, such as `background_fetch`.
    public var rawValue: String

    /// Creates a reason from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Background fetch: the system wakes the app periodically to refresh content.
    public static let backgroundFetch = PassiveLaunchReason(rawValue: "background_fetch")
    /// A silent push (`content-available`) with no alert.
    public static let silentPush = PassiveLaunchReason(rawValue: "silent_push")
    /// A significant location change or region event.
    public static let location = PassiveLaunchReason(rawValue: "location")
    /// A Bluetooth LE accessory event (central or peripheral role).
    public static let bluetooth = PassiveLaunchReason(rawValue: "bluetooth")
    /// An MFi external accessory sent a message.
    public static let externalAccessory = PassiveLaunchReason(rawValue: "external_accessory")
    /// A VoIP push or call.
    public static let voip = PassiveLaunchReason(rawValue: "voip")
    /// Audio, AirPlay or Picture in Picture playback.
    public static let audio = PassiveLaunchReason(rawValue: "audio")
    /// A scheduled background-processing task.
    public static let backgroundProcessing = PassiveLaunchReason(rawValue: "background_processing")
    /// Finished Newsstand downloads.
    public static let newsstand = PassiveLaunchReason(rawValue: "newsstand")
}

extension PassiveLaunchReason: CustomStringConvertible {
    /// The snake-case name.
    public var description: String { rawValue }
}
