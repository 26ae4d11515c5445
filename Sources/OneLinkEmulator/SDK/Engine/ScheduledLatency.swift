import Foundation

/// How a schedule delays one backend call: its answer held until just inside the deadline, or kept past it.
enum ScheduledLatency: Sendable {
    /// The answer is handed over no earlier than this time.
    case late(until: Date)
    /// The call is made but its answer never arrives in time: the deadline wins.
    case notInTime

    /// `operation` with this latency, measured on `clock`.
    func apply<Value: Sendable>(
        to operation: @escaping @Sendable () async throws -> Value, on clock: any EmulatorClock
    ) -> @Sendable () async throws -> Value {
        switch self {
        case .late(let until):
            return {
                let value = try await operation()
                try await clock.sleep(until: until)
                return value
            }
        case .notInTime:
            return {
                _ = try? await operation()
                try await clock.sleep(until: .distantFuture)
                throw CancellationError()
            }
        }
    }
}
