import OneLinkSupport

/// The engine's serial queue: one command runs at a time, in the order the commands were queued.
///
/// There is one way to run it. ``enqueue(_:into:waiter:)`` tells its
/// caller to start the one drainer when nobody holds the queue, and the
/// drainer runs every command with ``drain(_:)`` until none is left. The
/// check that finds the queue empty and the release of the queue happen
/// under the same lock as every enqueue, so a command is never left
/// without a drainer.
///
/// Commands are grouped: a command queued as a step of another (a
/// session's delivery, for example) joins its group, and a caller waiting
/// on the group is resumed once every command in it has run, with the
/// events they collected. ``waitUntil(_:)`` lets a caller wait for any
/// condition over the queue's status, re-checked on ``noteChange()``.
///
/// A struct over its one lock: copies share the same queue, and an SDK costs no object for it beyond
/// the lock's. The test's trace (``CallTrace``) lives in the locked state, so the queue is a single
/// reference and a closure capturing it needs no context of its own.
struct CommandQueue: Sendable {
    /// A set of commands a caller can wait for together.
    struct Group: Hashable, Sendable {
        fileprivate let id: UInt64

        /// The group of a command not queued yet.
        static let unassigned = Group(id: 0)
    }

    /// What a condition passed to ``waitUntil(_:)`` sees.
    struct Status: Sendable {
        /// Whether no command is queued or running.
        let isIdle: Bool
    }

    private struct ChangeWaiter: Sendable {
        let id: UInt64
        let condition: @Sendable (Status) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: Sendable {
        var nextGroup: UInt64 = 0
        var pending: [QueuedCommand] = []
        var head = 0
        /// Whether the drainer holds the queue.
        var draining = false
        /// The groups with commands queued or running, oldest first: rarely more than two, so a list
        /// searched in order costs less than a dictionary's hashing and its storage per SDK.
        var groups: [GroupState] = []
        var changeWaiters: [ChangeWaiter] = []
        var nextWaiter: UInt64 = 0
        /// The test's trace the queue records its hops into; `nil` unless a test traces.
        let trace: CallTrace?

        var status: Status { Status(isIdle: head == pending.count && !draining) }

        /// The index of `group` in ``groups``, added with no command counted when absent.
        mutating func index(of group: Group) -> Int {
            if let index = groups.firstIndex(where: { $0.group == group }) { return index }
            groups.append(GroupState(group: group))
            return groups.count - 1
        }

        /// Takes the ``waitUntil(_:)`` callers whose condition holds now, for resuming outside the lock.
        mutating func readyWaiters() -> [CheckedContinuation<Void, Never>] {
            guard !changeWaiters.isEmpty else { return [] }
            let status = self.status
            var ready: [CheckedContinuation<Void, Never>] = []
            changeWaiters.removeAll { waiter in
                guard waiter.condition(status) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }

        /// Counts one command of `group` as run; returns its waiter and events once the group has finished.
        mutating func finish(
            _ group: Group
        ) -> (CheckedContinuation<[AppsFlyerEvent], Never>, [AppsFlyerEvent])? {
            guard let index = groups.firstIndex(where: { $0.group == group }) else { return nil }
            groups[index].outstanding -= 1
            guard groups[index].outstanding <= 0 else { return nil }
            let finished = groups.remove(at: index)
            guard let waiter = finished.waiter else { return nil }
            return (waiter, finished.collected)
        }

        mutating func popFirst() -> QueuedCommand? {
            guard head < pending.count else {
                pending.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            defer { head += 1 }
            return pending[head]
        }
    }

    /// A group's commands not yet finished, and the caller waiting for them with the events they collect.
    private struct GroupState: Sendable {
        let group: Group
        var outstanding = 0
        var waiter: CheckedContinuation<[AppsFlyerEvent], Never>?
        var collected: [AppsFlyerEvent] = []
    }

    private let state: Locked<State>

    /// Creates an empty queue, recording its hops into `trace`.
    init(trace: CallTrace? = CallTrace.tracing) {
        state = Locked(State(trace: trace))
    }

    /// Whether no command is queued or running.
    var isIdle: Bool { state.withLock { $0.status.isIdle } }

    /// Queues `command` at the end, in a new group or in `group`, and registers `waiter` for its group.
    ///
    /// - Returns: Whether nobody holds the queue: the caller must then start
    ///   the drainer, which calls ``drain(_:)``.
    func enqueue(
        _ command: consuming QueuedCommand, into group: Group? = nil,
        waiter: CheckedContinuation<[AppsFlyerEvent], Never>? = nil
    ) -> Bool {
        // The waiters are checked under the same lock as the enqueue: one lock, not two, per command.
        // Taken out of an optional inside the lock, so the command is moved into the queue, not copied.
        var taken: QueuedCommand? = consume command
        let (startDrainer, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            state.trace?.hop()
            guard var command = taken.take() else { return (false, []) }
            if let group {
                command.group = group
            } else {
                state.nextGroup += 1
                command.group = Group(id: state.nextGroup)
            }
            let index = state.index(of: command.group)
            if let waiter {
                state.groups[index].waiter = waiter
                state.groups[index].collected = []
            }
            state.groups[index].outstanding += 1
            state.pending.append(command)
            let starts = !state.draining
            state.draining = true
            return (starts, state.readyWaiters())
        }
        for waiter in ready { waiter.resume() }
        return startDrainer
    }

    /// Queues `step` at the end as part of `command`, which is running: it joins the command's group, and the drainer runs it too.
    ///
    /// No waiter is woken: the queue is held while `command` runs, and its
    /// group cannot finish before the step has run.
    func appendStep(_ step: EngineCommand, of command: QueuedCommand) {
        state.withLock { state in
            state.trace?.hop()
            state.groups[state.index(of: command.group)].outstanding += 1
            state.pending.append(command.step(step))
        }
    }

    /// Runs the queued commands one at a time with `perform`, until none is left, then gives the queue back.
    ///
    /// Only the drainer that ``enqueue(_:into:waiter:)`` asked for calls it.
    func drain(_ perform: (QueuedCommand) async -> Void) async {
        // A command's group is finished under the same lock that takes the next command, and the queue
        // is given back under the lock that checks the waiters: one lock per command, not two.
        var ran: Group?
        while true {
            let (next, finished, ready) = state.withLock {
                state -> (
                    QueuedCommand?, (CheckedContinuation<[AppsFlyerEvent], Never>, [AppsFlyerEvent])?,
                    [CheckedContinuation<Void, Never>]
                ) in
                if ran == nil { state.trace?.hop() }
                let finished = ran.flatMap { state.finish($0) }
                if let command = state.popFirst() { return (command, finished, []) }
                state.draining = false
                return (nil, finished, state.readyWaiters())
            }
            if let (waiter, events) = finished { waiter.resume(returning: events) }
            guard let next else {
                for waiter in ready { waiter.resume() }
                return
            }
            await perform(next)
            ran = next.group
        }
    }

    /// Whether a queued command, not yet running, matches `predicate`.
    func containsPending(where predicate: (EngineCommand) -> Bool) -> Bool {
        state.withLock { state in state.pending[state.head...].contains { predicate($0.command) } }
    }

    /// The next queued command, not yet running, when there is one.
    var nextPending: EngineCommand? {
        state.withLock { state in state.head < state.pending.count ? state.pending[state.head].command : nil }
    }

    /// Adds events to `group`'s collection, when a caller waits for them.
    func collect(_ events: [AppsFlyerEvent], for group: Group) {
        state.withLock { state in
            guard let index = state.groups.firstIndex(where: { $0.group == group }),
                state.groups[index].waiter != nil
            else { return }
            state.groups[index].collected.append(contentsOf: events)
        }
    }

    // MARK: - Waiting

    /// Re-checks every ``waitUntil(_:)`` condition and resumes the callers whose condition now holds.
    ///
    /// Call it after any change a condition may read, inside or outside the queue.
    // Conditions are checked here, under the lock, so a waiter is resumed once, when it can return,
    // instead of waking up to re-check after every change.
    func noteChange() {
        let ready = state.withLock { $0.readyWaiters() }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once `condition` holds: at once if it already does, else at the ``noteChange()`` that makes it hold, or once the calling task is cancelled.
    ///
    /// The check and the registration happen under one lock, so a change
    /// between them cannot be missed; a cancellation before, during or after
    /// the registration ends the wait too. `condition` runs under the
    /// queue's lock: it may read other locks' state, never call out.
    nonisolated(nonsending) func waitUntil(_ condition: @escaping @Sendable (Status) -> Bool) async {
        if holds(condition) { return }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Task.isCancelled || condition(state.status) { return true }
                    state.changeWaiters.append(
                        ChangeWaiter(id: id, condition: condition, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.changeWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.changeWaiters.remove(at: index).continuation
            }
            waiter?.resume()
        }
    }

    /// Whether `condition` holds now, checked under the queue's lock as ``waitUntil(_:)`` checks it.
    func holds(_ condition: (Status) -> Bool) -> Bool {
        state.withLock { condition($0.status) }
    }
}
