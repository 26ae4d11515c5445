import OneLinkEmulator
import OneLinkSupport

/// Keeps the newest entries in memory, for tests.
///
/// At most ``limit`` entries are kept (10,000 by default); older ones are dropped and counted in
/// ``droppedCount``, so a sink left on a long-lived server does not grow with traffic.
public final class InMemoryRequestLogSink: RequestLogSink, Sendable {
    /// The number of entries kept by default.
    public static let defaultLimit = 10_000

    private let stored: Locked<BoundedHistory<RequestLogEntry>>

    /// Creates an empty sink that keeps at most `limit` entries.
    public init(limit: Int = InMemoryRequestLogSink.defaultLimit) {
        stored = Locked(BoundedHistory(limit: limit))
    }

    /// Appends the entry, dropping the oldest beyond ``limit``.
    public func record(_ entry: RequestLogEntry) {
        stored.withLock { $0.append(entry) }
    }

    /// The entries kept, oldest first.
    public var entries: [RequestLogEntry] {
        stored.withLock { $0.elements }
    }

    /// The most entries kept.
    public var limit: Int {
        get { stored.withLock { $0.limit } }
        set { stored.withLock { $0.limit = newValue } }
    }

    /// How many entries were dropped to respect ``limit``.
    public var droppedCount: Int { stored.withLock { $0.droppedCount } }
}

extension RequestLogSink where Self == InMemoryRequestLogSink {
    /// A new sink that keeps entries in memory.
    public static func inMemory() -> InMemoryRequestLogSink { InMemoryRequestLogSink() }
}
