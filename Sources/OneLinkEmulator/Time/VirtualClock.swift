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

/// The task-bound context of virtual time.
enum VirtualTime {
    /// The watcher of the current task's sleeps, bound by the SDK around a backend call and its timer.
    @TaskLocal static var watcher: (any VirtualSleepWatcher)?
}

extension VirtualClock {
    /// No sleeper is known to be due: a clock that cannot tell makes settling wait for a due timer to fire.
    func hasSleeper(dueBy date: Date) -> Bool { false }
}

/// `clock` as a virtual clock, when it is one: each SDK asks once, when it is created.
func virtualClock(of clock: any EmulatorClock) -> (any VirtualClock)? {
    clock as? any VirtualClock
}
