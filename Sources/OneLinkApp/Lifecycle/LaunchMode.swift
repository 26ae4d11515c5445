import OneLinkEmulator

/// Whether a launch brings up the UI or runs the app in the background.
public enum LaunchMode: Sendable, Hashable {
    /// The user launched the app: it becomes inactive, then active.
    case foreground
    /// The system launched the app into the background for this reason (a passive launch).
    case background(PassiveLaunchReason)

    /// The mode a classified launch implies: background for its ``LaunchClassification/passiveReason``.
    public init(_ launch: LaunchClassification) {
        if let reason = launch.passiveReason {
            self = .background(reason)
        } else {
            self = .foreground
        }
    }
}
