import OneLinkEmulator

/// The app's state when a link is opened: one axis of a delivery path.
public enum DeliveryAppState: String, Sendable, Hashable, CaseIterable {
    /// The app is not running (never launched, killed, or purged): the link launches it, cold.
    case notRunning = "not_running"
    /// The app is in the background or suspended: the link brings it back, warm.
    case background
    /// The app is on screen and active.
    case foreground
}

extension DeliveryAppState {
    /// The state's position in ``allCases``.
    var ordinal: Int {
        switch self {
        case .notRunning: return 0
        case .background: return 1
        case .foreground: return 2
        }
    }
}
