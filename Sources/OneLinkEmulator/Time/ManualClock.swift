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
        /// The suspended task's continuation; `nil` while the alarm is armed and its task has not waited yet.
        var continuation: CheckedContinuation<Void, any Error>?
    }

    /// Where an advance stands with a sleeper it woke: it waits until that sleeper's task runs again.
    private enum Wake: Sendable {
        /// Woken; neither the advance nor the task has come back yet.
        case pending
        /// The advance waits for the task.
        case waiting(CheckedContinuation<Void, Never>)
        /// The task ran again before the advance began to wait.
        case done
    }

    private struct State: Sendable {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        /// The SDKs (and waits) living on this clock, first added first.
        var participants = Participants()
        /// Alarms whose deadline passed before their task waited: the wait returns at once.
        var dueBeforeWait: Set<UInt64> = []
        /// Whether timer alarms hold their task's first wait until they are due (``timerTasksWaitUntilDue``).
        var timerTasksWaitUntilDue = false
        /// Timer tasks holding back their first wait until the clock reads their deadline, by alarm ID.
        var holds: [UInt64: (deadline: Date, task: CheckedContinuation<Void, Never>)] = [:]
        /// Sleepers woken by an advance that has not seen their task run again, by sleeper ID.
        var wakes: [UInt64: Wake] = [:]

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
            if sleeper.continuation == nil { dueBeforeWait.insert(sleeper.id) }
            wakes[sleeper.id] = .pending
            return sleeper
        }

        /// Removes and returns the held timer tasks whose deadline the clock has reached.
        mutating func releaseHolds() -> [CheckedContinuation<Void, Never>] {
            guard !holds.isEmpty else { return [] }
            let due = holds.filter { $0.value.deadline <= now }
            for id in due.keys { holds[id] = nil }
            return due.values.map(\.task)
        }

        /// Notes that the task of sleeper `id` runs again, and returns the advance waiting for that, if any.
        mutating func ranAgain(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
            switch wakes[id] {
            case .pending?:
                wakes[id] = .done
                return nil
            case .waiting(let advance)?:
                wakes[id] = nil
                return advance
            case .done?, nil:
                return nil
            }
        }
    }

    /// The participants of a clock, first added first: the first one kept in place, so the usual
    /// clock, with one SDK on it, allocates no list; an advance or an alarm takes them with a few
    /// retains rather than copying a dictionary's values.
    struct Participants: Sequence, Sendable {
        private var first: VirtualTimeParticipant?
        private var rest: [VirtualTimeParticipant] = []

        mutating func append(_ participant: VirtualTimeParticipant) {
            if first == nil {
                first = participant
            } else {
                rest.append(participant)
            }
        }

        mutating func remove(id: UInt64) {
            if first?.id == id {
                first = rest.isEmpty ? nil : rest.removeFirst()
            } else if let index = rest.firstIndex(where: { $0.id == id }) {
                rest.remove(at: index)
            }
        }

        func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

        struct Iterator: IteratorProtocol {
            fileprivate var first: VirtualTimeParticipant?
            fileprivate var rest: IndexingIterator<[VirtualTimeParticipant]>

            mutating func next() -> VirtualTimeParticipant? {
                if let participant = first {
                    first = nil
                    return participant
                }
                return rest.next()
            }
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
            let step = state.withLock { state -> (Sleeper, Participants)? in
                guard let sleeper = state.popDue(by: date) else {
                    if date > state.now { state.now = date }
                    return nil
                }
                return (sleeper, state.participants)
            }
            for held in state.withLock({ $0.releaseHolds() }) { held.resume() }
            guard let (sleeper, participants) = step else { return }
            sleeper.watcher?.resumed(sleeper.kind)
            sleeper.continuation?.resume()
            // Wait until the woken task runs again, so it reads this deadline as the time. An armed
            // alarm's task may not have waited yet: it returns at once when it does.
            await withCheckedContinuation { (woken: CheckedContinuation<Void, Never>) in
                let ranAlready = state.withLock { state -> Bool in
                    if case .done? = state.wakes[sleeper.id] {
                        state.wakes[sleeper.id] = nil
                        return true
                    }
                    state.wakes[sleeper.id] = .waiting(woken)
                    return false
                }
                if ranAlready { woken.resume() }
            }
            for participant in participants { participant.sleepersChanged() }
            for participant in participants { await participant.settle() }
        }
    }

    /// Returns once every SDK on this clock is idle or waits on the clock: what was queued before an advance has reached the clock.
    private func settleParticipants() async {
        let participants = state.withLock { $0.participants }
        for participant in participants { await participant.settle() }
    }

    /// Whether a timer's task first waits only once an advance has reached the timer's deadline.
    ///
    /// A test seam for the order the scheduler picks only now and then: the
    /// SDK armed a timer, and its task had not run yet when an advance passed
    /// the deadline. The advance must still fire the timer and deliver what it
    /// causes before it returns. Off by default.
    package var timerTasksWaitUntilDue: Bool {
        get { state.withLock { $0.timerTasksWaitUntilDue } }
        set { state.withLock { $0.timerTasksWaitUntilDue = newValue } }
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
        try await arm(until: deadline, as: kind).wait()
    }

    func arm(until deadline: Date, as kind: VirtualSleep) -> any VirtualAlarm {
        let watcher = VirtualTime.watcher
        let (id, held, participants) = state.withLock {
            state -> (UInt64, Bool, Participants?) in
            state.nextID += 1
            let id = state.nextID
            let held = kind == .timer && state.timerTasksWaitUntilDue
            if deadline <= state.now {
                state.dueBeforeWait.insert(id)
                return (id, held, nil)
            }
            state.sleepers.append(
                Sleeper(id: id, deadline: deadline, kind: kind, watcher: watcher, continuation: nil))
            return (id, held, state.participants)
        }
        if let participants {
            watcher?.suspended(kind)
            for participant in participants { participant.sleepersChanged() }
        }
        return Alarm(clock: self, id: id, heldUntil: held ? deadline : nil)
    }

    /// Suspends until alarm `id` is due, attaching the task to the sleeper armed for it.
    fileprivate func wait(for id: UInt64) async throws {
        defer { state.withLock { $0.ranAgain(id) }?.resume() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> Bool? in
                    if state.dueBeforeWait.remove(id) != nil { return true }
                    guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return false }
                    state.sleepers[index].continuation = continuation
                    return nil
                }
                switch due {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            disarm(id)
        }
        // A timer cancelled after its deadline passed, before its task first ran, must not fire.
        try Task.checkCancellation()
    }

    /// Removes alarm `id` before it is due, failing its waiting task, if it waits, with `CancellationError`.
    fileprivate func disarm(_ id: UInt64) {
        let (removed, hold) = state.withLock { state -> (Sleeper?, CheckedContinuation<Void, Never>?) in
            state.dueBeforeWait.remove(id)
            let hold = state.holds.removeValue(forKey: id)?.task
            guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return (nil, hold) }
            return (state.sleepers.remove(at: index), hold)
        }
        hold?.resume()
        guard let removed else { return }
        removed.watcher?.resumed(removed.kind)
        removed.continuation?.resume(throwing: CancellationError())
    }

    /// Returns once the clock reads `deadline`, or alarm `id` is disarmed, without waiting for the alarm.
    fileprivate func holdUntilDue(_ id: UInt64, deadline: Date) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let held = state.withLock { state -> Bool in
                    guard !Task.isCancelled, deadline > state.now else { return false }
                    state.holds[id] = (deadline, continuation)
                    return true
                }
                if !held { continuation.resume() }
            }
        } onCancel: {
            disarm(id)
        }
    }

    /// An alarm on a manual clock: its sleeper is on the clock from the moment it is armed.
    private final class Alarm: VirtualAlarm {
        let clock: ManualClock
        let id: UInt64
        /// The deadline a held timer task waits for before its first wait; `nil` when not held.
        let heldUntil: Date?

        init(clock: ManualClock, id: UInt64, heldUntil: Date?) {
            self.clock = clock
            self.id = id
            self.heldUntil = heldUntil
        }

        func wait() async throws {
            if let heldUntil { await clock.holdUntilDue(id, deadline: heldUntil) }
            try await clock.wait(for: id)
        }

        func cancel() { clock.disarm(id) }

        deinit {
            // An alarm dropped without a wait must neither stay on the clock nor keep an advance waiting.
            clock.disarm(id)
            clock.state.withLock { $0.ranAgain(id) }?.resume()
        }
    }

    func addParticipant(_ participant: VirtualTimeParticipant) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            var participant = participant
            participant.id = state.nextID
            state.participants.append(participant)
            return state.nextID
        }
    }

    func removeParticipant(_ id: UInt64) {
        state.withLock { state in
            state.participants.remove(id: id)
        }
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
