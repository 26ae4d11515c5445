import Foundation
import OneLinkSupport

/// Writes the SDK's debug log: an entry goes to the sink, stamped with the clock's time, only while the log is on.
struct DebugLogger: Sendable {
    /// The SDK's settings, whose `isDebug` and `writesDeviceLog` turn the log on (read, not captured
    /// in closures, which would cost two allocations per SDK).
    private let configuration: Locked<AppsFlyerLib.Configuration>
    private let sink: any DebugLogSink
    private let clock: any EmulatorClock

    /// Creates a logger writing to `sink` while the configuration's `isDebug` is on, and device lines also while its `writesDeviceLog` is.
    init(sink: any DebugLogSink, clock: any EmulatorClock, configuration: Locked<AppsFlyerLib.Configuration>)
    {
        self.configuration = configuration
        self.sink = sink
        self.clock = clock
    }

    private func isOn() -> Bool { configuration.withLock { $0.isDebug } }

    private func deviceLinesOn() -> Bool { configuration.withLock { $0.isDebug || $0.writesDeviceLog } }

    /// Logs one line in the real SDK's shape, if the log is on; `text` is built only then.
    func device(_ text: @autoclosure () -> String) {
        guard deviceLinesOn() else { return }
        sink.logDeviceLine(DeviceLogLine(time: clock.now, text: text()))
    }

    /// Logs one decision, if the log is on; `message` is built only then.
    func callAsFunction(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: @autoclosure () -> String? = nil,
        duration: Duration? = nil
    ) {
        guard isOn() else { return }
        sink.log(
            DebugLogEntry(
                time: clock.now, rule: rule, message: message(), backend: backend(), duration: duration))
    }
}
