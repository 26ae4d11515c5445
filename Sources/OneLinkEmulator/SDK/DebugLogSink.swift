public import Foundation
import OneLinkSupport

/// Receives the SDK's debug log while `isDebug` is on.
///
/// Contract for conforming types: ``log(_:)`` may be called from any task,
/// must not block for long, and must not call back into the SDK.
public protocol DebugLogSink: Sendable {
    /// Records one log entry.
    func log(_ entry: DebugLogEntry)

    /// Records one line in the real SDK's shape; the default implementation drops it.
    func logDeviceLine(_ line: DeviceLogLine)
}

extension DebugLogSink {
    /// Drops the line: a sink that only wants the emulator's decisions need not implement it.
    public func logDeviceLine(_ line: DeviceLogLine) {}
}

/// One decision the SDK made and why.
public struct DebugLogEntry: Sendable, Hashable {
    /// When the decision was made, on the SDK's clock.
    public var time: Date
    /// The rule that applied, such as ``DebugRule/sessionMinTimeBetweenSessions``.
    public var rule: DebugRule
    /// What happened, in one sentence.
    public var message: String
    /// The backend that answered, such as `InMemoryShortLinkResolver`, when one was involved.
    public var backend: String?
    /// How long the backend took on the SDK's clock, when one was involved.
    public var duration: Duration?

    /// Creates an entry.
    public init(
        time: Date, rule: DebugRule, message: String, backend: String? = nil, duration: Duration? = nil
    ) {
        self.time = time
        self.rule = rule
        self.message = message
        self.backend = backend
        self.duration = duration
    }
}

extension DebugLogEntry: CustomStringConvertible {
    /// `[rule] message (backend, N ms)`.
    public var description: String {
        var text = "[\(rule)] \(message)"
        if let backend {
            text += " (\(backend)"
            if let duration { text += ", \(duration.wholeMilliseconds) ms" }
            text += ")"
        }
        return text
    }
}

/// A log sink that writes each entry as one line to standard error.
public struct PrintDebugLogSink: DebugLogSink {
    /// Creates the sink.
    public init() {}

    /// Writes `AppsFlyer [debug] <entry>` to standard error.
    public func log(_ entry: DebugLogEntry) {
        FileHandle.standardError.write(Data("AppsFlyer [debug] \(entry)\n".utf8))
    }

    /// Writes the line as Xcode's console shows the real SDK's (``DeviceLogLine/rendered(process:)``) to standard error.
    public func logDeviceLine(_ line: DeviceLogLine) {
        FileHandle.standardError.write(Data((line.rendered() + "\n").utf8))
    }
}

/// A log sink that keeps every entry in memory, for tests and replay reports.
public final class RecordingDebugLogSink: DebugLogSink, Sendable {
    private let storage = Locked<[DebugLogEntry]>([])
    private let device = Locked<[DeviceLogLine]>([])

    /// Creates an empty sink.
    public init() {}

    /// Appends the entry.
    public func log(_ entry: DebugLogEntry) {
        storage.withLock { $0.append(entry) }
    }

    /// Every entry so far, oldest first.
    public var entries: [DebugLogEntry] { storage.value }

    /// Appends the line in the real SDK's shape.
    public func logDeviceLine(_ line: DeviceLogLine) {
        device.withLock { $0.append(line) }
    }

    /// Every line in the real SDK's shape so far, oldest first.
    public var deviceLines: [DeviceLogLine] { device.value }

    /// The lines in the real SDK's shape as Xcode's console shows them, one after another.
    public var deviceLog: String { deviceLines.map { $0.rendered() + "\n" }.joined() }

    /// The entries whose rule starts with `prefix`.
    public func entries(rule prefix: String) -> [DebugLogEntry] {
        entries.filter { $0.rule.rawValue.hasPrefix(prefix) }
    }
}

extension DebugLogSink where Self == PrintDebugLogSink {
    /// A sink that prints each entry to standard error.
    public static var print: PrintDebugLogSink { PrintDebugLogSink() }
}

extension DebugLogSink where Self == RecordingDebugLogSink {
    /// A sink that records entries in memory.
    public static func recording() -> RecordingDebugLogSink { RecordingDebugLogSink() }
}
