import Foundation

/// A clock that moves only when a test or scenario advances it.
///
/// Sleepers resume, in deadline order, as soon as ``advance(by:)`` or
/// ``advance(to:)`` moves ``now`` past their deadline. Nothing waits for real
/// time, so tests built on it are deterministic and never sleep.
///
/// ```swift
/// let clock = ManualClock()
/// let sdk = AppsFlyerLib(clock: clock)
/// sdk.handleOpen(url, options: nil)      // resolver stalls
/// clock.advance(by: .milliseconds(3000)) // deepLinkTimeout fires
/// await sdk.waitUntilIdle()
/// ```
public final class ManualClock: EmulatorClock, Sendable {
    /// The default starting time: 2020-08-12 15:08:00 UTC, the day of the documented samples.
    public static let defaultStart = Date(timeIntervalSince1970: 1_597_244_880)

    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let isTimer: Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var observers: [UInt64: @Sendable () -> Void] = [:]
        var cancelledBeforeRegistration: Set<UInt64> = []
    }

    private let state: Locked<State>

    /// Creates a clock that reads `start` until it is advanced.
    public init(start: Date = ManualClock.defaultStart) {
        state = Locked(State(now: start))
    }

    /// The clock's current time.
    public var now: Date { state.withLock { $0.now } }

    /// Suspends until the clock is advanced to `deadline` or past it.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Date) async throws {
        try await sleep(until: deadline, isTimer: false)
    }

    /// Moves the clock forward by `duration`, resuming every sleeper that falls due.
    public func advance(by duration: Duration) {
        let target = state.withLock { $0.now.adding(duration) }
        advance(to: target)
    }

    /// Moves the clock to `date` (never backwards), resuming every sleeper that falls due.
    public func advance(to date: Date) {
        let (due, observers) = state.withLock { state -> ([Sleeper], [@Sendable () -> Void]) in
            if date > state.now { state.now = date }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return (due, Array(state.observers.values))
        }
        for sleeper in due { sleeper.continuation.resume() }
        if !due.isEmpty { observers.forEach { $0() } }
    }

    /// The number of tasks currently suspended on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline among suspended tasks, if any.
    public var nextDeadline: Date? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends until at least `count` tasks are suspended on this clock, so a test can advance it next.
    ///
    /// This replaces polling ``sleeperCount``: it returns as soon as the
    /// `count`-th sleeper registers (at once if there already are that many),
    /// and never needs real time to pass.
    public func waitForSleepers(count: Int = 1) async {
        let gate = SleeperGate()
        let observer = addObserver { [weak self] in
            guard let self else { return }
            if self.sleeperCount >= count { gate.open() }
        }
        defer { removeObserver(observer) }
        if sleeperCount >= count { gate.open() }
        await gate.wait()
    }

    /// Number of sleepers that are not timeout timers: work blocked on virtual time.
    var workSleeperCount: Int { state.withLock { $0.sleepers.filter { !$0.isTimer }.count } }

    /// Number of sleepers that are timeout timers.
    var timerSleeperCount: Int { state.withLock { $0.sleepers.filter(\.isTimer).count } }

    func sleep(until deadline: Date, isTimer: Bool) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, observers) = state.withLock { state -> (Bool?, [@Sendable () -> Void]) in
                    if state.cancelledBeforeRegistration.remove(id) != nil { return (false, []) }
                    if deadline <= state.now { return (true, []) }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, isTimer: isTimer, continuation: continuation))
                    return (nil, Array(state.observers.values))
                }
                switch resumeNow {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: observers.forEach { $0() }
                }
            }
        } onCancel: {
            let removed = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledBeforeRegistration.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    func addObserver(_ observer: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    func removeObserver(_ id: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }
}

/// A one-shot gate: ``wait()`` suspends until ``open()`` has been called once.
private final class SleeperGate: Sendable {
    private struct State {
        var isOpen = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    func open() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.isOpen else { return nil }
            state.isOpen = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
