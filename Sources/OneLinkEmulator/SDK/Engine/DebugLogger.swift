import Foundation

/// Writes the SDK's debug log: an entry goes to the sink, stamped with the clock's time, only while the log is on.
struct DebugLogger: Sendable {
    private let isOn: @Sendable () -> Bool
    private let deviceLinesOn: @Sendable () -> Bool
    private let sink: any DebugLogSink
    private let clock: any EmulatorClock

    /// Creates a logger writing to `sink` while `isOn` returns `true`, and device lines also while `deviceLinesOn` does.
    init(
        sink: any DebugLogSink, clock: any EmulatorClock, isOn: @escaping @Sendable () -> Bool,
        deviceLinesOn: @escaping @Sendable () -> Bool = { false }
    ) {
        self.isOn = isOn
        self.deviceLinesOn = deviceLinesOn
        self.sink = sink
        self.clock = clock
    }

    /// Logs one line in the real SDK's shape, if the log is on; `text` is built only then.
    func device(_ text: @autoclosure () -> String) {
        guard isOn() || deviceLinesOn() else { return }
        sink.logDeviceLine(DeviceLogLine(time: clock.now, text: text()))
    }

    /// Logs one decision, if the log is on; `message` is built only then.
    func callAsFunction(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: String? = nil,
        duration: Duration? = nil
    ) {
        guard isOn() else { return }
        sink.log(
            DebugLogEntry(
                time: clock.now, rule: rule, message: message(), backend: backend, duration: duration))
    }
}
