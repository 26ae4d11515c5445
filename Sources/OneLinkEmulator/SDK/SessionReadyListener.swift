import Foundation
import OneLinkSupport

/// The block `registerSessionReadyListener(_:)` holds, called on the delivery queue.
struct SessionReadyListener: Sendable {
    let id: UInt64
    let body: Handoff<() -> Void>
}

/// The session-ready time limit's task, and its alarm on a virtual clock.
struct SessionReadyTimer: Sendable {
    let task: Task<Void, Never>
    /// The sleeper armed on a virtual clock when the timer was started; `nil` on other clocks.
    let alarm: (any VirtualAlarm)?

    /// Stops the timer: its task ends without firing the listener, and its sleeper leaves the clock.
    func cancel() {
        task.cancel()
        alarm?.cancel()
    }
}

/// The session-readiness state (``ScheduledDelivery/readiness``), under the engine's schedule lock.
///
/// The state once had a lock of its own; an SDK is made per wiring-check path, and sharing the
/// schedule lock, which is taken in the same places, spares every SDK one.
struct SessionReadinessLock: Sendable {
    let scheduled: Locked<ScheduledDelivery>

    /// Runs `body` on the readiness state, under the schedule lock.
    func withLock<Result>(_ body: (inout SessionReadinessState) -> Result) -> Result {
        scheduled.withLock { body(&$0.readiness) }
    }
}

/// The SDK 7 session-readiness state: the listener, the foreground cycle and whether it fired.
struct SessionReadinessState: Sendable {
    /// The session model the engine follows.
    var generation = SDKGeneration.buildDefault
    /// The registered listener; `nil` before registration and after `unregisterSessionReadyListener()`.
    var listener: SessionReadyListener?
    var nextListenerID: UInt64 = 0
    /// Whether the app is in a foreground cycle; the process is launched into one.
    var inForeground = true
    /// The number of `didBecomeActive`s so far: 0 for the foreground cycle the process starts in.
    ///
    /// SDK 7.0.1 calls the listener once per `didBecomeActive`, an alert
    /// closing inside a foreground cycle included (Docs/behaviour.md, rule 21).
    var activation: UInt64 = 0
    /// The activation the listener last fired for; it fires at most once for each.
    var firedActivation: UInt64?
    /// Whether the listener has been called in this foreground cycle (`isSessionReady()`): set on
    /// the delivery queue right before its body runs, never earlier.
    var readyThisCycle = false
    /// Whether `start()` was called in this process before a listener was registered: the
    /// migration guide says a listener registered after `start()` never fires.
    var startRequested = false
    /// The timer that fires the listener when the queue ahead of it takes longer than the time limit.
    var timer: SessionReadyTimer?
    /// When ``timer`` is due; waiting counts a due timer as work until the listener has been called.
    var timerDue: Date?
    /// Universal links handed over by `handleLaunchOptions(_:)` in this launch, so the
    /// `continue(_:restorationHandler:)` iOS also calls for the same cold-start link is not handled
    /// twice; forgotten when the app goes to the background.
    var launchLinks: [(text: String, handedOver: Date)] = []

    /// Whether the listener may still fire for activation `id` (the current one when `nil`).
    func mayFire(for id: UInt64?) -> Bool {
        let target = id ?? activation
        return target <= activation && (firedActivation.map { $0 < target } ?? true)
    }

    /// Whether the time-limit timer is due at `now` and has not finished yet.
    func timerIsDue(at now: Date) -> Bool {
        timerDue.map { now >= $0 } ?? false
    }

    /// Ends the foreground cycle: the listener may fire again in the next one.
    mutating func endCycle() {
        inForeground = false
        readyThisCycle = false
    }
}
