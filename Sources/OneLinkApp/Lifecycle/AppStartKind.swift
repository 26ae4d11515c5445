import OneLinkEmulator

/// Whether an app start created the process or resumed it.
public enum AppStartKind: String, Sendable, Hashable {
    /// The first activation of a process launched into the foreground.
    case cold
    /// Any later activation: back from the background, or the first one after a passive launch.
    case warm
}
