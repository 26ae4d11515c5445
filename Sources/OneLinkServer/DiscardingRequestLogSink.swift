import OneLinkEmulator
import OneLinkSupport

/// Drops every entry.
public struct DiscardingRequestLogSink: RequestLogSink {
    /// Creates the sink.
    public init() {}

    /// Does nothing.
    public func record(_ entry: RequestLogEntry) {}
}

extension RequestLogSink where Self == DiscardingRequestLogSink {
    /// A sink that drops every entry.
    public static var discarding: DiscardingRequestLogSink { DiscardingRequestLogSink() }
}
