import Foundation

/// An event recorder that keeps the newest events in memory and accepts each, after an optional delay, or fails it.
public final class InMemoryEventRecorder: EventRecorder {
    private struct State: Sendable {
        var behavior: InMemoryBehavior
        var events = BoundedHistory<InAppEvent>(limit: RequestHistory.defaultLimit)
    }

    /// The body of an accepted event: `{"status": "ok"}`.
    public static let acceptedResponse: AttributionPayload = ["status": "ok"]

    private let state: Locked<State>
    private let clock: any EmulatorClock

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` rejects every event.
    ///   - clock: The clock that measures delays.
    public init(behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()) {
        self.state = Locked(State(behavior: behavior))
        self.clock = clock
    }

    /// How later calls are answered.
    public var behavior: InMemoryBehavior {
        get { state.withLock { $0.behavior } }
        set { state.withLock { $0.behavior = newValue } }
    }

    /// The newest events received (at most ``eventHistoryLimit``), oldest first, whether accepted or failed.
    public var events: [InAppEvent] { state.withLock { $0.events.elements } }

    /// The most events ``events`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var eventHistoryLimit: Int {
        get { state.withLock { $0.events.limit } }
        set { state.withLock { $0.events.limit = newValue } }
    }

    /// How many events were dropped from ``events`` to respect ``eventHistoryLimit``.
    public var droppedEventCount: Int { state.withLock { $0.events.droppedCount } }

    /// Keeps the event and answers ``acceptedResponse``.
    ///
    /// - Throws: The error of a failing behaviour, or `CancellationError` when cancelled while delayed.
    public func recordEvent(_ event: InAppEvent) async throws -> AttributionPayload {
        let behavior = state.withLock { state in
            state.events.append(event)
            return state.behavior
        }
        try await behavior.apply(on: clock)
        return Self.acceptedResponse
    }
}

extension EventRecorder where Self == InMemoryEventRecorder {
    /// A recorder that keeps every event in memory.
    public static func inMemory(
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) -> InMemoryEventRecorder {
        InMemoryEventRecorder(behavior: behavior, clock: clock)
    }
}
