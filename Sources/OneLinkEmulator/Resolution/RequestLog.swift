public import OneLinkSupport

/// The bounded, thread-safe history of the requests a backend received: what every recording
/// backend's `requests`, `requestHistoryLimit` and `droppedRequestCount` read.
///
/// A struct over one lock: copies share the same log. No object of its own, since every
/// in-memory backend (and so every replay) makes one; an in-memory backend's behaviour shares
/// the lock too (``InMemoryBackendCore``), so a backend costs one lock, not three.
@usableFromInline package struct RequestLog<Request: Sendable>: Sendable {
    // Inlinable, so each module specialises the log for its own requests: unspecialised, every read
    // of a backend's log from another module went through the runtime's generic metadata.
    /// The log and the count of every request appended, under one lock.
    @usableFromInline struct State: Sendable {
        @usableFromInline var history: BoundedHistory<Request>
        /// Every request appended, kept or dropped.
        @usableFromInline var received = 0
        /// How the in-memory backend keeping this log answers (``InMemoryBackendCore/behavior``);
        /// unread by other logs.
        @usableFromInline var behavior: InMemoryBehavior

        @inlinable init(history: BoundedHistory<Request>, behavior: InMemoryBehavior = .immediate) {
            self.history = history
            self.behavior = behavior
        }
    }

    @usableFromInline let state: Locked<State>

    /// Creates an empty log that keeps at most `limit` requests.
    @inlinable package init(limit: Int = RequestHistory.defaultLimit) {
        state = Locked(State(history: BoundedHistory(limit: limit)))
    }

    /// Creates an empty log that keeps at most `limit` requests, for a backend that answers as `behavior` says.
    init(limit: Int = RequestHistory.defaultLimit, behavior: InMemoryBehavior) {
        state = Locked(State(history: BoundedHistory(limit: limit), behavior: behavior))
    }

    /// Keeps `request`, dropping the oldest beyond ``limit``.
    @inlinable package func append(_ request: Request) {
        state.withLock { state in
            state.history.append(request)
            state.received += 1
        }
    }

    /// The kept requests, oldest first.
    @inlinable package var elements: [Request] { state.withLock { $0.history.elements } }

    /// The most requests kept; 0 keeps none.
    @inlinable package var limit: Int {
        get { state.withLock { $0.history.limit } }
        nonmutating set { state.withLock { $0.history.limit = newValue } }
    }

    /// How many requests were dropped to respect ``limit``.
    @inlinable package var droppedCount: Int { state.withLock { $0.history.droppedCount } }

    /// Every request appended so far, kept or dropped: a count that never copies the log.
    @inlinable package var receivedCount: Int { state.withLock { $0.received } }

    /// The newest `count` requests kept, oldest first.
    @inlinable package func newest(_ count: Int) -> [Request] {
        state.withLock { $0.history.newest(count) }
    }
}
