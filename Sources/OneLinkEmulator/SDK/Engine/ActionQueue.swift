import OneLinkSupport

/// A serial queue of commands: one runs at a time, in the order they were queued.
///
/// Commands are grouped: a command queued while another one runs (a
/// delivery the first one scheduled, for example) can join its group, and a
/// caller waiting on the group is resumed once every command in it has run,
/// with the outputs they collected. ``waitUntil(_:)`` lets a caller wait for
/// any condition over the queue's status, re-checked on ``noteChange()``.
///
/// The queue does not run anything by itself: ``enqueue(_:into:waiter:claiming:asksForWorker:)``
/// says when the caller must start a worker, which calls ``drain(_:)``. A
/// caller about to wait for the queue may run the queued commands itself
/// instead, through ``claimForHelping()`` and ``drainClaimed(_:)``; the
/// worker then finds the queue claimed or empty and returns.
///
/// A struct over its one lock: copies share the same queue, and an SDK costs no object for it.
struct ActionQueue<Command: Sendable, Output: Sendable>: Sendable {
    /// A set of commands a caller can wait for together.
    struct Group: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// One queued command and the group it belongs to.
    struct Job: Sendable {
        /// The group the command counts towards.
        let group: Group
        /// The command itself.
        let command: Command
    }

    /// A caller waiting for a group to finish.
    ///
    /// Unsafe continuations, not checked: a waiter leaves `waiters` only in `finish(_:)`,
    /// which resumes it once, and an unsafe continuation is a plain pointer, so moving a waiter in
    /// and out of the dictionary copies no reference.
    enum Waiter: Sendable {
        /// Resumed with the outputs collected for the group.
        case outputs(UnsafeContinuation<[Output], Never>)
        /// Resumed once the group finished.
        case finished(UnsafeContinuation<Void, Never>)
    }

    /// What a condition passed to ``waitUntil(_:)`` sees.
    struct Status: Sendable {
        /// Whether no command is queued or running.
        let isIdle: Bool
    }

    private struct ChangeWaiter: Sendable {
        let condition: @Sendable (Status) -> Bool
        let continuation: UnsafeContinuation<Void, Never>
    }

    private struct State: Sendable {
        var nextGroup: UInt64 = 0
        var pending: [Job] = []
        var head = 0
        /// Whether a worker was asked for and has not yet claimed the queue.
        var workerScheduled = false
        /// Whether a worker or a helper holds the queue and runs its commands.
        var draining = false
        var outstanding: [Group: Int] = [:]
        var collected: [Group: [Output]] = [:]
        var waiters: [Group: Waiter] = [:]
        var changeWaiters: [ChangeWaiter] = []

        var status: Status { Status(isIdle: head == pending.count && !draining) }

        /// Takes the queue for one drainer, when a command is waiting and nobody holds it.
        mutating func claim() -> Bool {
            guard !draining, head < pending.count else { return false }
            draining = true
            return true
        }

        mutating func popFirst() -> Job? {
            guard head < pending.count else {
                pending.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            defer { head += 1 }
            return pending[head]
        }
    }

    private let state = Locked(State())

    /// Creates an empty queue.
    init() {}

    /// Whether no command is queued or running.
    var isIdle: Bool { state.withLock { $0.status.isIdle } }

    /// Queues `command` at the end, in a new group or in `group`, and registers `waiter` for its group.
    ///
    /// - Returns: The command's group, and whether no worker is running, so
    ///   the caller must start one that calls ``drain(_:)``.
    ///
    /// With `claiming`, a caller about to wait for the command takes the
    /// queue itself when nobody holds it (`claimed`), and must then call
    /// ``drainClaimed(_:)``; no worker is asked for either way. Without
    /// `asksForWorker`, the command waits for the next caller that helps.
    @discardableResult
    func enqueue(
        _ command: Command, into group: Group? = nil, waiter: Waiter? = nil, claiming: Bool = false,
        asksForWorker: Bool = true
    ) -> (group: Group, startWorker: Bool, claimed: Bool) {
        let result = state.withLock { state -> (Group, Bool, Bool) in
            let group =
                group
                ?? {
                    state.nextGroup += 1
                    return Group(id: state.nextGroup)
                }()
            if let waiter {
                state.waiters[group] = waiter
                state.collected[group] = []
            }
            state.outstanding[group, default: 0] += 1
            state.pending.append(Job(group: group, command: command))
            if claiming { return (group, false, state.claim()) }
            if !asksForWorker || state.draining || state.workerScheduled { return (group, false, false) }
            state.workerScheduled = true
            return (group, true, false)
        }
        noteChange()
        return result
    }

    /// Queues `command` at the end as a step of `job`, which is running: it joins the job's group, and the drainer running `job` runs it too.
    ///
    /// No worker is asked for and no waiter is woken: the queue is held
    /// while `job` runs, and its group cannot finish before the step has run.
    func appendStep(_ command: Command, of job: Job) {
        state.withLock { state in
            state.outstanding[job.group, default: 0] += 1
            state.pending.append(Job(group: job.group, command: command))
        }
    }

    /// Runs the queued commands one at a time with `perform`, until none is left.
    ///
    /// Called by the one worker ``enqueue(_:into:waiter:claiming:asksForWorker:)`` asked for. It
    /// returns at once when a helper holds the queue, or already ran every
    /// command: the holder runs whatever is queued after it.
    func drain(_ perform: (Job) async -> Void) async {
        let claimed = state.withLock { state -> Bool in
            state.workerScheduled = false
            return state.claim()
        }
        guard claimed else { return }
        await drainClaimed(perform)
    }

    /// Claims the queue for the caller when commands are queued and nobody runs them yet.
    ///
    /// - Returns: Whether the caller now holds the queue and must call
    ///   ``drainClaimed(_:)``, which gives it back once nothing is left.
    func claimForHelping() -> Bool {
        state.withLock { $0.claim() }
    }

    /// Runs the queued commands one at a time with `perform`, until none is left, then gives the queue back.
    ///
    /// The caller must hold the queue, from ``claimForHelping()`` or ``drain(_:)``.
    func drainClaimed(_ perform: (Job) async -> Void) async {
        while true {
            let next = state.withLock { state -> Job? in
                guard let job = state.popFirst() else {
                    state.draining = false
                    return nil
                }
                return job
            }
            guard let next else {
                noteChange()
                return
            }
            await perform(next)
            finish(next.group)
        }
    }

    /// Whether a queued command, not yet running, matches `predicate`.
    func containsPending(where predicate: (Command) -> Bool) -> Bool {
        state.withLock { state in state.pending[state.head...].contains { predicate($0.command) } }
    }

    /// Adds outputs to `group`'s collection, when a caller waits for them.
    func collect(_ outputs: [Output], for group: Group) {
        state.withLock { state in
            guard state.waiters.keys.contains(group) else { return }
            state.collected[group, default: []].append(contentsOf: outputs)
        }
    }

    private func finish(_ group: Group) {
        let done = state.withLock { state -> (Waiter, [Output])? in
            state.outstanding[group, default: 1] -= 1
            guard state.outstanding[group] == 0 else { return nil }
            state.outstanding[group] = nil
            let outputs = state.collected.removeValue(forKey: group) ?? []
            guard let waiter = state.waiters.removeValue(forKey: group) else { return nil }
            return (waiter, outputs)
        }
        switch done {
        case (.outputs(let waiter), let outputs)?: waiter.resume(returning: outputs)
        case (.finished(let waiter), _)?: waiter.resume()
        case nil: break
        }
    }

    // MARK: - Waiting

    /// Re-checks every ``waitUntil(_:)`` condition and resumes the callers whose condition now holds.
    ///
    /// Call it after any change a condition may read, inside or outside the queue.
    // Conditions are checked here, under the lock, so a waiter is resumed once, when it can return,
    // instead of waking up to re-check after every change.
    func noteChange() {
        let ready = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
            guard !state.changeWaiters.isEmpty else { return [] }
            let status = state.status
            var ready: [UnsafeContinuation<Void, Never>] = []
            state.changeWaiters.removeAll { waiter in
                guard waiter.condition(status) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once `condition` holds: at once if it already does, else at the ``noteChange()`` that makes it hold.
    ///
    /// `condition` runs under the queue's lock: it may read other locks' state, never call out.
    nonisolated(nonsending) func waitUntil(_ condition: @escaping @Sendable (Status) -> Bool) async {
        if holds(condition) { return }
        // Unsafe, not checked: a waiter leaves `changeWaiters` only in `noteChange()`, which
        // resumes it once; a checked continuation would allocate a canary per wait.
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if condition(state.status) { return true }
                state.changeWaiters.append(ChangeWaiter(condition: condition, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Whether `condition` holds now, checked under the queue's lock as ``waitUntil(_:)`` checks it.
    ///
    /// The closure does not escape, so a caller that checks before waiting
    /// spares the allocation of an escaping one when the answer is yes.
    func holds(_ condition: (Status) -> Bool) -> Bool {
        state.withLock { condition($0.status) }
    }

    /// Returns once no command is queued or running.
    nonisolated(nonsending) func waitUntilIdle() async {
        await waitUntil(\.isIdle)
    }
}
