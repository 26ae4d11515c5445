import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives one ``RequestLogEntry`` per request the server answers or refuses.
///
/// The server calls ``record(_:)`` on its I/O thread, so an implementation must be quick
/// and must not block.
public protocol RequestLogSink: Sendable {
    /// Records one entry.
    func record(_ entry: RequestLogEntry)
}

/// Drops every entry.
public struct DiscardingRequestLogSink: RequestLogSink {
    /// Creates the sink.
    public init() {}

    /// Does nothing.
    public func record(_ entry: RequestLogEntry) {}
}

/// Writes each entry's ``RequestLogEntry/line`` to standard output, one line per request, unbuffered.
///
/// Each line is one `write(2)`; a failed write (such as a closed pipe, when `SIGPIPE` is ignored)
/// drops the line.
public struct StandardOutputRequestLogSink: RequestLogSink {
    /// Creates the sink.
    public init() {}

    /// Writes the entry's line and a newline.
    public func record(_ entry: RequestLogEntry) {
        var bytes = Array((entry.line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }
}

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

extension RequestLogSink where Self == DiscardingRequestLogSink {
    /// A sink that drops every entry.
    public static var discarding: DiscardingRequestLogSink { DiscardingRequestLogSink() }
}

extension RequestLogSink where Self == StandardOutputRequestLogSink {
    /// A sink that prints each entry's line to standard output.
    public static var standardOutput: StandardOutputRequestLogSink { StandardOutputRequestLogSink() }
}

extension RequestLogSink where Self == InMemoryRequestLogSink {
    /// A new sink that keeps entries in memory.
    public static func inMemory() -> InMemoryRequestLogSink { InMemoryRequestLogSink() }
}
