import OneLinkEmulator

/// Why ``AppLifecycle`` rejected a signal.
public enum LifecycleError: Error, Sendable, Hashable {
    /// The signal cannot happen in the current state, such as `didBecomeActive` while `notRunning`.
    ///
    /// The state is left unchanged and no event is emitted.
    case invalidTransition(from: AppExecutionState, signal: LifecycleSignal)
    /// Scenario data named a signal that does not exist.
    case unknownSignal(String)
}

extension LifecycleError: CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidTransition(let from, let signal):
            return "\(signal) cannot happen while the app is \(from)"
        case .unknownSignal(let name):
            return "unknown lifecycle signal \"\(name)\""
        }
    }
}
