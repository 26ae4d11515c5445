import Foundation

/// An event recorder that keeps the newest events in memory and accepts each, after an optional delay, or fails it.
public final class InMemoryEventRecorder: EventRecorder, InMemoryBackend {
    /// The body of an accepted event: `{"status": "ok"}`.
    public static let acceptedResponse: AttributionPayload = ["status": "ok"]

    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<InAppEvent>

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` rejects every event.
    ///   - clock: The clock that measures delays.
    public init(behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()) {
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// The newest events received (at most ``eventHistoryLimit``), oldest first, whether accepted or failed:
    /// the recorder's ``InMemoryBackend/requests``.
    public var events: [InAppEvent] { requests }

    /// The most events ``events`` keeps: the recorder's ``InMemoryBackend/requestHistoryLimit``.
    public var eventHistoryLimit: Int {
        get { requestHistoryLimit }
        set { requestHistoryLimit = newValue }
    }

    /// How many events were dropped from ``events`` to respect ``eventHistoryLimit``.
    public var droppedEventCount: Int { droppedRequestCount }

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
