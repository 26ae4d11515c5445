import Foundation

/// A clock whose time moves only when a test or scenario moves it, as the SDK sees it.
///
/// Through this protocol the SDK works on any virtual clock (``ManualClock``
/// is one; ``virtualClock(of:)`` finds it by its type, only to spare the
/// cast, and casts any other clock). It sleeps its
/// timeout timers apart from work, since a timer guards a call rather than
/// being a call waiting on time; it counts what is suspended, so
/// `settle()` can tell an SDK blocked on the clock from a busy one; it hears
/// when sleepers come and go; and it joins as a participant, which the clock
/// waits for after each deadline it reaches, so work woken at a deadline
/// runs at that time before the clock moves on.
protocol VirtualClock: EmulatorClock {
    /// Suspends until the clock reaches `deadline`, as work or as a timer.
    ///
    /// The ``VirtualTime/watcher`` bound in the calling task hears when the
    /// sleep begins and ends.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    func sleep(until deadline: Date, as kind: VirtualSleep) async throws

    /// Registers a sleeper due at `deadline` now, for a task that may first run later to wait for it.
    ///
    /// An advance sees the alarm from this moment: if it passes `deadline`
    /// before the task waits, it counts the alarm as woken, the task's
    /// ``VirtualAlarm/wait()`` returns at once, and the advance waits for
    /// that task to run before it moves on. So a timer the SDK decides to arm
    /// is never missed because its task had not run yet. The
    /// ``VirtualTime/watcher`` bound in the calling task hears of it.
    func arm(until deadline: Date, as kind: VirtualSleep) -> any VirtualAlarm

    /// How many sleepers of each kind are suspended now.
    var suspended: VirtualSleepers { get }

    /// Whether a sleeper due by `date` is still suspended: an advance resumes it before it returns.
    func hasSleeper(dueBy date: Date) -> Bool

    /// Adds a participant; returns its ID for ``removeParticipant(_:)``.
    func addParticipant(_ participant: VirtualTimeParticipant) -> UInt64

    /// Removes a participant added by ``addParticipant(_:)``.
    func removeParticipant(_ id: UInt64)
}

/// What a sleeper on a virtual clock is.
enum VirtualSleep: Sendable, Hashable {
    /// Work that waits on time, such as a backend's latency.
    case work
    /// A timeout timer guarding a call.
    case timer
}

/// How many sleepers of each kind a virtual clock holds.
struct VirtualSleepers: Sendable, Hashable {
    /// Work suspended on the clock.
    var work = 0
    /// Timeout timers suspended on the clock.
    var timers = 0
}

/// One party living on a virtual clock's time, such as an SDK instance.
struct VirtualTimeParticipant: Sendable {
    /// Called after a sleeper registers, and after an advance resumes sleepers.
    let sleepersChanged: @Sendable () -> Void
    /// Returns once the participant has reacted to the sleepers just resumed and waits on the clock, or on nothing, again.
    ///
    /// An advance awaits it after each deadline it reaches, before time moves on.
    let settle: @Sendable () async -> Void
    /// Its ID on the clock it was added to (``VirtualClock/addParticipant(_:)``); 0 until then.
    var id: UInt64 = 0

    /// Creates a participant; one that only watches sleepers has nothing to settle.
    init(
        sleepersChanged: @escaping @Sendable () -> Void, settle: @escaping @Sendable () async -> Void = {}
    ) {
        self.sleepersChanged = sleepersChanged
        self.settle = settle
    }
}

/// Hears when the sleeps of the task it is bound to begin and end on a virtual clock.
protocol VirtualSleepWatcher: Sendable {
    /// A sleep of this kind was registered: the task waits on the clock.
    func suspended(_ kind: VirtualSleep)
    /// The clock woke a sleep of this kind (or it was cancelled): the task runs again.
    func resumed(_ kind: VirtualSleep)
}

/// A sleeper armed on a virtual clock by ``VirtualClock/arm(until:as:)``, waited for by one task.
protocol VirtualAlarm: Sendable {
    /// Suspends until the clock reaches the alarm's deadline, or returns at once if it already has.
    ///
    /// - Throws: `CancellationError` if the task or the alarm is cancelled first.
    func wait() async throws

    /// Takes the alarm off the clock; a task waiting for it throws `CancellationError`.
    func cancel()
}

/// The task-bound context of virtual time.
enum VirtualTime {
    /// The watcher of the current task's sleeps, bound by the SDK around a backend call and its timer.
    @TaskLocal static var watcher: (any VirtualSleepWatcher)?
}

extension VirtualClock {
    /// No sleeper is known to be due: a clock that cannot tell makes settling wait for a due timer to fire.
    func hasSleeper(dueBy date: Date) -> Bool { false }

    /// A clock that cannot arm ahead registers the sleeper when the task first waits.
    func arm(until deadline: Date, as kind: VirtualSleep) -> any VirtualAlarm {
        LazyAlarm(clock: self, deadline: deadline, kind: kind)
    }
}

/// An alarm registered only when its task waits: the default for virtual clocks that cannot arm ahead.
private struct LazyAlarm: VirtualAlarm {
    let clock: any VirtualClock
    let deadline: Date
    let kind: VirtualSleep

    func wait() async throws { try await clock.sleep(until: deadline, as: kind) }
    func cancel() {}
}

/// `clock` as a virtual clock, when it is one: each SDK asks once, when it is created.
func virtualClock(of clock: any EmulatorClock) -> (any VirtualClock)? {
    // The two clocks the package makes are told apart by their type: a cast to a protocol looks up
    // the conformance, which cost a replay's every SDK (one per wiring-check path) more.
    if let manual = clock as? ManualClock { return manual }
    if clock is SystemClock { return nil }
    return clock as? any VirtualClock
}
