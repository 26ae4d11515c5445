import Foundation

/// An event recorder that keeps every event in memory and accepts it, after an optional delay, or fails it.
public final class InMemoryEventRecorder: EventRecorder {
    private struct State: Sendable {
        var behavior: InMemoryBehavior
        var events: [InAppEvent] = []
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

    /// Every event received so far, oldest first, whether it was then accepted or failed.
    public var events: [InAppEvent] { state.withLock { $0.events } }

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
