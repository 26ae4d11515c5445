import OneLinkEmulator

/// The five execution states of an iOS app.
public enum AppExecutionState: String, Sendable, Hashable, CaseIterable {
    /// Not launched, or terminated by the user or the system.
    case notRunning
    /// In the foreground but not receiving events: launching, or interrupted by an overlay.
    case inactive
    /// In the foreground and receiving events.
    case active
    /// In the background and running code.
    case background
    /// In the background, in memory, running no code; the system may purge it without notice.
    case suspended
}

extension AppExecutionState: CustomStringConvertible {
    /// The state's name.
    public var description: String { rawValue }
}
