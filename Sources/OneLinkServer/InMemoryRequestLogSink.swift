import Foundation

/// Keeps every entry in memory, for tests.
public final class InMemoryRequestLogSink: RequestLogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RequestLogEntry] = []

    /// Creates an empty sink.
    public init() {}

    /// Appends the entry.
    public func record(_ entry: RequestLogEntry) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(entry)
    }

    /// The entries so far, oldest first.
    public var entries: [RequestLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

extension RequestLogSink where Self == InMemoryRequestLogSink {
    /// A new sink that keeps entries in memory.
    public static func inMemory() -> InMemoryRequestLogSink { InMemoryRequestLogSink() }
}
