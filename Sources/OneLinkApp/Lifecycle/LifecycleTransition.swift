import OneLinkEmulator

/// One accepted lifecycle signal: the state change it caused and the events it emitted.
public struct LifecycleTransition: Sendable, Hashable {
    /// The signal that was handled.
    public var signal: LifecycleSignal
    /// The state before the signal.
    public var from: AppExecutionState
    /// The state after the signal.
    public var to: AppExecutionState
    /// The events the signal emitted, in order; often empty.
    public var events: [LifecycleEvent]

    /// Creates a transition record.
    public init(
        signal: LifecycleSignal, from: AppExecutionState, to: AppExecutionState, events: [LifecycleEvent]
    ) {
        self.signal = signal
        self.from = from
        self.to = to
        self.events = events
    }
}
