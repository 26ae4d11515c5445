import OneLinkSupport

@testable import OneLinkEmulator

extension DebugLogger {
    /// A logger that is always on, over a configuration of its own: for tests of one service without an SDK.
    static func alwaysOn(sink: any DebugLogSink, clock: any EmulatorClock) -> DebugLogger {
        var configuration = AppsFlyerLib.Configuration()
        configuration.isDebug = true
        return DebugLogger(sink: sink, clock: clock, configuration: Locked(configuration))
    }
}
