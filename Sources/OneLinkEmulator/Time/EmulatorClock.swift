public import Foundation

/// The source of time for everything the emulator measures or waits for.
///
/// Install times, click windows, `minTimeBetweenSessions` and
/// `deepLinkTimeout` all read this clock, so a test that injects a
/// ``ManualClock`` controls every timing decision without sleeping.
///
/// Contract for conforming types:
/// - ``now`` never goes backwards between two reads from the same caller.
/// - ``sleep(until:)`` returns once ``now`` has reached `deadline`, returns at
///   once when the deadline has already passed, and throws `CancellationError`
///   promptly when the calling task is cancelled.
public protocol EmulatorClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }

    /// Suspends until the clock reaches `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

extension EmulatorClock {
    /// Suspends for `duration` measured on this clock.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.adding(duration))
    }
}

extension EmulatorClock where Self == SystemClock {
    /// The real wall clock.
    public static var system: SystemClock { SystemClock() }
}

extension EmulatorClock where Self == ManualClock {
    /// A clock that only moves when told to, starting at `start`.
    public static func manual(start: Date = ManualClock.defaultStart) -> ManualClock {
        ManualClock(start: start)
    }
}

extension Date {
    /// This date moved forward by a `Duration`.
    package func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded toward zero.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
