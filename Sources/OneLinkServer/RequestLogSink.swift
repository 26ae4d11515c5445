import OneLinkEmulator
import OneLinkSupport

/// Receives one ``RequestLogEntry`` per request the server answers or refuses.
///
/// The server calls ``record(_:)`` on its I/O thread, so an implementation must be quick
/// and must not block.
public protocol RequestLogSink: Sendable {
    /// Records one entry.
    func record(_ entry: RequestLogEntry)
}
