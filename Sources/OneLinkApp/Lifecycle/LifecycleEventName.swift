import OneLinkEmulator

/// The name of a lifecycle event, as auto-tracking analytics SDKs report it.
///
/// A growable set: a struct with static constants.
public struct LifecycleEventName: RawRepresentable, Sendable, Hashable {
    /// The event name as reported, such as `$AppStart`.
    public var rawValue: String

    /// Creates a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The app came to the foreground and became active (cold or warm).
    public static let appStart = LifecycleEventName(rawValue: "$AppStart")
    /// The app left the foreground (entered the background, or terminated while in front).
    public static let appEnd = LifecycleEventName(rawValue: "$AppEnd")
    /// The system launched the app straight into the background.
    public static let appStartPassively = LifecycleEventName(rawValue: "$AppStartPassively")
}

extension LifecycleEventName: CustomStringConvertible {
    /// The event name.
    public var description: String { rawValue }
}
