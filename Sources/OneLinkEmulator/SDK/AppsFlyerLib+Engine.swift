import Foundation

/// A completion handler carried across the serial queue.
// @unchecked because the closure is not Sendable: it is called once, on the delivery queue, for
// the one command that carried it.
struct UncheckedCompletion: @unchecked Sendable {
    let body: ([String: Any]?, (any Error)?) -> Void

    init(_ body: @escaping ([String: Any]?, (any Error)?) -> Void) {
        self.body = body
    }
}

/// What the serial action queue runs.
enum EngineCommand: Sendable {
    case action(SDKAction)
    /// The cold-start universal link of SDK 7's `handleLaunchOptions(_:)`: handled as a universal
    /// link, and remembered so the `continue` iOS also makes for it is not handled twice.
    case launchLink(String)
    case deliver([AppsFlyerEvent], launch: LaunchOutcome?)
    case reinstall
    case relaunch
    /// Work queued by an SDK area outside this file (in-app events, invites), run in queue order.
    case work(EngineWork)

    /// The entry point's name when the command is an app's call to the SDK, as debug logs show it.
    var actionName: String? {
        switch self {
        case .action(let action): return action.name
        case .launchLink: return "handleLaunchOptions(_:)"
        default: return nil
        }
    }

    /// Whether the command hands the SDK a direct deep link, so a first launch makes no deferred lookup.
    var isDirectLink: Bool {
        switch self {
        case .action(.openURL), .action(.universalLink), .action(.push), .launchLink: return true
        default: return false
        }
    }
}

/// A command with what it carries through the queue.
struct QueuedCommand: Sendable {
    let command: EngineCommand
    /// When the call was made: a link's deadline counts from here.
    let receivedAt: Date
    let completion: UncheckedCompletion?
    /// The instance `shared()` returned in the task that queued the command, bound again around its callbacks.
    let scope: AppsFlyerLib?
}

/// The SDK's serial action queue.
typealias EngineQueue = ActionQueue<QueuedCommand, AppsFlyerEvent>

/// A command as the queue runs it.
typealias EngineJob = EngineQueue.Job

extension ActionQueue.Job where Command == QueuedCommand {
    /// When the call was made.
    var receivedAt: Date { command.receivedAt }
    /// The completion handler the call carried.
    var completion: UncheckedCompletion? { command.completion }
    /// The task scope of `withShared` that queued the call.
    var scope: AppsFlyerLib? { command.scope }
}

extension AppsFlyerLib {
    func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?,
        waiter: CheckedContinuation<[AppsFlyerEvent], Never>?, group: EngineQueue.Group? = nil,
        startImmediately: Bool = false
    ) {
        enqueue(
            command, completion: completion, queueWaiter: waiter.map { .outputs($0) }, group: group,
            startImmediately: startImmediately)
    }

    func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?, waiter: CheckedContinuation<Void, Never>
    ) {
        enqueue(command, completion: completion, queueWaiter: .finished(waiter), group: nil)
    }

    private func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?, queueWaiter: EngineQueue.Waiter?,
        group: EngineQueue.Group?, startImmediately: Bool = false
    ) {
        if case .action(.start) = command { noteStartRequested() }
        let queued = QueuedCommand(
            command: command, receivedAt: clock.now, completion: completion, scope: Self.taskShared)
        guard queue.enqueue(queued, into: group, waiter: queueWaiter).startWorker else { return }
        if startImmediately {
            Deadlines.startWork { await self.queue.drain { await self.process($0) } }
        } else {
            Task { await self.queue.drain { await self.process($0) } }
        }
    }

    /// Runs the queued commands on the calling thread, until they first have to wait, if no worker has started on them.
    ///
    /// For callers about to wait for the queue (``settle()``,
    /// ``waitUntilIdle()``, ``perform(_:)``, ``simulateReinstall()``,
    /// ``simulateRelaunch()``): the commands were queued by calls that already
    /// returned, so running them here keeps their order and never calls a
    /// delegate inside the app's own call, and it saves the thread hand-off
    /// to the worker and back. Work that waits continues on another task.
    ///
    /// - Returns: Whether it ran anything.
    func processQueuedNow() -> Bool {
        guard queue.claimForHelping() else { return false }
        Deadlines.startWork { await self.queue.drainClaimed { await self.process($0) } }
        return true
    }

    /// ``processQueuedNow()``, then a yield when ``CooperativePacing`` says it is due.
    ///
    /// Work that finishes here never suspends the caller, so a loop of such
    /// waits would otherwise hold its thread.
    nonisolated(nonsending) func processQueuedHere() async {
        if processQueuedNow() { await CooperativePacing.yieldIfDue() }
    }

    /// Queues a command through `enqueue` with the waiter it is given, runs the queue here when
    /// no worker has started on it, and returns what the waiter is resumed with.
    func enqueueAndWait<Value: Sendable>(
        _ enqueue: (CheckedContinuation<Value, Never>) -> Void
    ) async -> Value {
        var ranHere = false
        let value = await withCheckedContinuation { continuation in
            enqueue(continuation)
            ranHere = processQueuedNow()
        }
        if ranHere { await CooperativePacing.yieldIfDue() }
        return value
    }

    private func process(_ item: EngineJob) async {
        if let name = item.command.command.actionName, configuration.withLock({ $0.isStopped }) {
            debug(.controlStopped, "isStopped is set: \(name) ignored, nothing sent")
            if item.completion != nil { await deliver([], item: item, launch: .failed(.sdkStopped)) }
            return
        }
        switch item.command.command {
        case .action(.start):
            await processStart(item)
        case .action(.openURL(let text, let source)):
            if let source { debug(.linkOpen, "opened from \(source)") }
            await processLink(text, entry: .openURL, item: item)
        case .action(.universalLink(let text)):
            await processUniversalLink(text, fromLaunchOptions: false, item: item)
        case .launchLink(let text):
            await processUniversalLink(text, fromLaunchOptions: true, item: item)
        case .action(.push(let payload)):
            await processPush(payload, item: item)
        case .action(.performOnAppAttribution(let text)):
            await processLink(text, entry: .performOnAppAttribution, item: item)
        case .deliver(let events, let launch):
            await deliver(events, item: item, launch: launch)
        case .reinstall:
            sessions.reinstall()
            resetSessionReadiness()
            forgetProcessDelegates()
        case .relaunch:
            debug(
                .deviceRelaunch,
                "process relaunched: the next start() is a cold start; the delegates are gone with the old process"
            )
            sessions.resetProcess()
            resetSessionReadiness()
            forgetProcessDelegates()
        case .work(let work):
            await work.body(item)
        }
    }

    /// Clears both delegates: they were objects of the process that ended, and the app's launch code sets them again.
    private func forgetProcessDelegates() {
        delegates.withLock { $0 = Delegates() }
    }

    /// Queues events (and the launch outcome for `start`'s completion) for delivery after every command already waiting, in the same waiter group.
    func deliverLater(_ events: [AppsFlyerEvent], item: EngineJob, launch: LaunchOutcome? = nil) {
        Self.$taskShared.withValue(item.scope) {
            enqueue(
                .deliver(events, launch: launch), completion: item.completion, waiter: nil, group: item.group)
        }
    }

    func debug(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: String? = nil,
        duration: Duration? = nil
    ) {
        logger(rule, message(), backend: backend, duration: duration)
    }

    /// Re-checks what ``settle()`` and ``waitUntilIdle()`` wait for, after a change outside the queue.
    func noteChange() {
        queue.noteChange()
    }

    /// Runs a backend call against a deadline on the SDK's clock; the loser of the race is dropped.
    func withDeadline<Value: Sendable>(
        _ deadline: Date, limitMilliseconds: UInt, backend: String, rule: DebugRule,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(AttributionError) -> Value {
        try await deadlines.run(
            until: deadline, limitMilliseconds: limitMilliseconds, backend: backend, rule: rule, operation)
    }
}
