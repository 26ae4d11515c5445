import Foundation
import OneLinkEmulator
import OneLinkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

extension RequestLogSink where Self == StandardOutputRequestLogSink {
    /// A sink that prints each entry's line to standard output.
    public static var standardOutput: StandardOutputRequestLogSink { StandardOutputRequestLogSink() }
}
