public import Foundation

/// The real wall clock, backed by `Date()` and `Task.sleep`.
public struct SystemClock: EmulatorClock {
    /// Creates the system clock.
    public init() {}

    /// The current time from `Date()`.
    public var now: Date { Date() }

    /// Sleeps with `Task.sleep` until `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSinceNow
        guard interval > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: UInt64(min(interval, 1e9) * 1e9))
    }
}
