import OneLinkSupport

/// The bounded, thread-safe history of the requests a backend received: what every recording
/// backend's `requests`, `requestHistoryLimit` and `droppedRequestCount` read.
///
/// A struct over two locks: copies share the same log. No object of its own, since every
/// in-memory backend (and so every replay) makes one.
@usableFromInline package struct RequestLog<Request: Sendable>: Sendable {
    private let history: Locked<BoundedHistory<Request>>
    /// Every request appended, kept or dropped.
    ///
    /// A lock of its own over a plain `Int`: replay reads it around every step, from code that is
    /// not specialised for `Request`, where reading the history's lock costs a generic metadata
    /// lookup per call.
    let received = Locked(0)

    /// Creates an empty log that keeps at most `limit` requests.
    package init(limit: Int = RequestHistory.defaultLimit) {
        history = Locked(BoundedHistory(limit: limit))
    }

    /// Keeps `request`, dropping the oldest beyond ``limit``.
    package func append(_ request: Request) {
        history.withLock { $0.append(request) }
        received.withLock { $0 += 1 }
    }

    /// The kept requests, oldest first.
    package var elements: [Request] { history.withLock { $0.elements } }

    /// The most requests kept; 0 keeps none.
    @usableFromInline package var limit: Int {
        get { history.withLock { $0.limit } }
        nonmutating set { history.withLock { $0.limit = newValue } }
    }

    /// How many requests were dropped to respect ``limit``.
    package var droppedCount: Int { history.withLock { $0.droppedCount } }

    /// Every request appended so far, kept or dropped: a count that never copies the log.
    @usableFromInline package var receivedCount: Int { received.value }

    /// The newest `count` requests kept, oldest first.
    @usableFromInline package func newest(_ count: Int) -> [Request] {
        history.withLock { $0.newest(count) }
    }
}
