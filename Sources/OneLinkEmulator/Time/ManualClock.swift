public import Foundation
import OneLinkSupport

/// A clock that moves only when a test or scenario advances it.
///
/// ``advance(by:)`` and ``advance(to:)`` step through the deadlines they
/// pass, in order, as swift-clocks' `TestClock` does: at each one the clock
/// reads that deadline, the sleepers due then resume, and the SDKs on this
/// clock finish what that lets them do (a backend that answers after 120 ms
/// is logged as taking 120 ms, however far the test advances) before time
/// moves on. Sleeps that resumed work starts within the window are honoured
/// in order too. An advance returns once every callback it made due has been
/// delivered, on the main queue or the SDK's own, from any caller (a
/// `@MainActor` test included). Nothing waits for real time, so tests built
/// on it are deterministic and never sleep.
///
/// ```swift
/// let clock = ManualClock()
/// let sdk = AppsFlyerLib(clock: clock)
/// sdk.handleOpen(url, options: nil)  // the resolver stalls
/// await clock.advance(by: .milliseconds(3000))  // deepLinkTimeout fires; the failure is delivered
/// ```
public final class ManualClock: EmulatorClock, Sendable {
    /// The default starting time: 2020-08-12 15:08:00 UTC, the day of the documented samples.
    public static let defaultStart = Date(timeIntervalSince1970: 1_597_244_880)

    private struct Sleeper: Sendable {
        let id: UInt64
        let deadline: Date
        let kind: VirtualSleep
        let watcher: (any VirtualSleepWatcher)?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var participants: [UInt64: VirtualTimeParticipant] = [:]
        var cancelledBeforeRegistration: Set<UInt64> = []
        /// Advances waiting for a woken sleeper's task to run again, by sleeper ID.
        var wakeWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]

        /// Removes and returns the earliest sleeper due by `date` (the first registered among equals), moving `now` to its deadline.
        mutating func popDue(by date: Date) -> Sleeper? {
            var earliest: Int?
            for index in sleepers.indices where sleepers[index].deadline <= date {
                if let current = earliest, sleepers[current].deadline <= sleepers[index].deadline { continue }
                earliest = index
            }
            guard let earliest else { return nil }
            let sleeper = sleepers.remove(at: earliest)
            if sleeper.deadline > now { now = sleeper.deadline }
            return sleeper
        }
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
        try await sleep(until: deadline, as: .work)
    }

    /// Moves the clock forward by `duration`, stepping through every deadline on the way.
    ///
    /// See ``advance(to:)``.
    public func advance(by duration: Duration) async {
        let target = state.withLock { $0.now.adding(duration) }
        await advance(to: target)
    }

    /// Moves the clock to `date` (never backwards), stepping through every deadline on the way, in order, and returns once what it made due was delivered.
    ///
    /// The handshake, each step awaited, never slept: first the SDKs on this
    /// clock settle, so calls made before the advance (a `start()` that has
    /// not reached its backend yet, say) reach the clock at the current time.
    /// Then, for each deadline up to `date`, earliest first, the clock reads
    /// that deadline, resumes the sleeper due then, waits until that sleeper's
    /// task runs again, and waits until every SDK on this clock is idle or
    /// waits on the clock again. An SDK is idle only once the callbacks of
    /// the commands it ran have returned on its delivery queue (the main
    /// queue, by default), so when this returns every callback the advance
    /// made due has been delivered. A sleeper that resumed work starts is
    /// found in turn when its deadline falls within the window. The clock
    /// then reads `date`.
    ///
    /// Every wait suspends, so a `@MainActor` caller leaves the main queue
    /// free for the deliveries it waits for. A task of the test's own that
    /// sleeps on this clock has resumed when the advance moves past its
    /// deadline; what it does next is its own, so await it.
    public func advance(to date: Date) async {
        await settleParticipants()
        while true {
            let step = state.withLock { state -> (Sleeper, [VirtualTimeParticipant])? in
                guard let sleeper = state.popDue(by: date) else {
                    if date > state.now { state.now = date }
                    return nil
                }
                return (sleeper, Array(state.participants.values))
            }
            guard let (sleeper, participants) = step else { return }
            sleeper.watcher?.resumed(sleeper.kind)
            // Wait until the woken task runs again, so it reads this deadline as the time.
            await withCheckedContinuation { (woken: CheckedContinuation<Void, Never>) in
                state.withLock { $0.wakeWaiters[sleeper.id] = woken }
                sleeper.continuation.resume()
            }
            for participant in participants { participant.sleepersChanged() }
            for participant in participants { await participant.settle() }
        }
    }

    /// Returns once every SDK on this clock is idle or waits on the clock: what was queued before an advance has reached the clock.
    private func settleParticipants() async {
        let participants = state.withLock { Array($0.participants.values) }
        for participant in participants { await participant.settle() }
    }

    /// The number of tasks currently suspended on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline among suspended tasks, if any.
    public var nextDeadline: Date? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends until at least `count` tasks are suspended on this clock, so a test can advance it next.
    ///
    /// This replaces polling ``sleeperCount``: it returns as soon as the
    /// `count`-th sleeper registers (at once if there already are that many),
    /// and never needs real time to pass. It also returns when the calling
    /// task is cancelled (a test's time limit, say), so it never outlives its test.
    public func waitForSleepers(count: Int = 1) async {
        let gate = SleeperGate()
        let observer = addParticipant(
            VirtualTimeParticipant(sleepersChanged: { [weak self] in
                guard let self else { return }
                if self.sleeperCount >= count { gate.open() }
            }))
        defer { removeParticipant(observer) }
        if sleeperCount >= count { gate.open() }
        await gate.wait()
    }
}

extension ManualClock: VirtualClock {
    var suspended: VirtualSleepers {
        state.withLock { state in
            state.sleepers.reduce(into: VirtualSleepers()) { counts, sleeper in
                switch sleeper.kind {
                case .work: counts.work += 1
                case .timer: counts.timers += 1
                }
            }
        }
    }

    func hasSleeper(dueBy date: Date) -> Bool {
        state.withLock { state in state.sleepers.contains { $0.deadline <= date } }
    }

    func sleep(until deadline: Date, as kind: VirtualSleep) async throws {
        try Task.checkCancellation()
        let watcher = VirtualTime.watcher
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        defer { state.withLock { $0.wakeWaiters.removeValue(forKey: id) }?.resume() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, participants) = state.withLock {
                    state -> (Bool?, [VirtualTimeParticipant]) in
                    if state.cancelledBeforeRegistration.remove(id) != nil { return (false, []) }
                    if deadline <= state.now { return (true, []) }
                    state.sleepers.append(
                        Sleeper(
                            id: id, deadline: deadline, kind: kind, watcher: watcher,
                            continuation: continuation))
                    return (nil, Array(state.participants.values))
                }
                switch resumeNow {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil:
                    watcher?.suspended(kind)
                    for participant in participants { participant.sleepersChanged() }
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
            guard let removed else { return }
            removed.watcher?.resumed(removed.kind)
            removed.continuation.resume(throwing: CancellationError())
        }
    }

    func addParticipant(_ participant: VirtualTimeParticipant) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.participants[state.nextID] = participant
            return state.nextID
        }
    }

    func removeParticipant(_ id: UInt64) {
        _ = state.withLock { $0.participants.removeValue(forKey: id) }
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

    /// Returns once the gate is open, or once the task is cancelled: a cancellation before, during or after registration opens the gate.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            open()
        }
    }
}
