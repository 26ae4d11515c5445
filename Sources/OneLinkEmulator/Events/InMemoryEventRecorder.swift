import Foundation

/// An event recorder that keeps the newest events in memory and accepts each, after an optional delay, or fails it.
public final class InMemoryEventRecorder: EventRecorder {
    /// The body of an accepted event: `{"status": "ok"}`.
    public static let acceptedResponse: AttributionPayload = ["status": "ok"]

    private let core: InMemoryBackendCore<InAppEvent>

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` rejects every event.
    ///   - clock: The clock that measures delays.
    public init(behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()) {
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// How later calls are answered.
    public var behavior: InMemoryBehavior {
        get { core.behavior }
        set { core.behavior = newValue }
    }

    /// The newest events received (at most ``eventHistoryLimit``), oldest first, whether accepted or failed.
    public var events: [InAppEvent] { core.requests.elements }

    /// The most events ``events`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var eventHistoryLimit: Int {
        get { core.requests.limit }
        set { core.requests.limit = newValue }
    }

    /// How many events were dropped from ``events`` to respect ``eventHistoryLimit``.
    public var droppedEventCount: Int { core.requests.droppedCount }

    /// Keeps the event and answers ``acceptedResponse``.
    ///
    /// - Throws: The error of a failing behaviour, or `CancellationError` when cancelled while delayed.
    public func recordEvent(_ event: InAppEvent) async throws -> AttributionPayload {
        try await core.receive(event)
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
