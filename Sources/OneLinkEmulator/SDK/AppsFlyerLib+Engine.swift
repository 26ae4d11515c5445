import Foundation

/// A completion handler carried across the serial queue.
// @unchecked because the closure is not Sendable: it is called once, on the delivery queue, for
// the one command that carried it.
struct UncheckedCompletion: @unchecked Sendable {
    let body: ([String: Any]?, Error?) -> Void

    init(_ body: @escaping ([String: Any]?, Error?) -> Void) {
        self.body = body
    }
}

enum EngineCommand: Sendable {
    case action(SDKAction)
    case deliver([AppsFlyerEvent], launch: LaunchOutcome?)
    case reinstall
    case relaunch
    /// Work queued by an SDK area outside this file (in-app events, invites), run in queue order.
    case work(EngineWork)
}

struct QueuedCommand: Sendable {
    let id: UInt64
    let group: UInt64
    let receivedAt: Date
    let command: EngineCommand
    let completion: UncheckedCompletion?
    /// The instance `shared()` returned in the task that queued the command, bound again around its callbacks.
    let scope: AppsFlyerLib?
}

/// A task waiting in ``AppsFlyerLib/waitUntil(_:)``, resumed only once its condition holds.
struct ChangeWaiter {
    let condition: (EngineState) -> Bool
    let continuation: CheckedContinuation<Void, Never>
}

enum GroupWaiter {
    case events(CheckedContinuation<[AppsFlyerEvent], Never>)
    case void(CheckedContinuation<Void, Never>)
}

struct EngineState {
    var nextID: UInt64 = 0
    var queue: [QueuedCommand] = []
    var running = false
    var racing = 0
    var changeWaiters: [ChangeWaiter] = []
    var groupOutstanding: [UInt64: Int] = [:]
    var groupEvents: [UInt64: [AppsFlyerEvent]] = [:]
    var groupWaiters: [UInt64: GroupWaiter] = [:]
    var subscribers: [UInt64: AsyncStream<AppsFlyerEvent>.Continuation] = [:]
    var history = BoundedHistory<AppsFlyerEvent>(limit: AppsFlyerLib.defaultDeliveredEventLimit)
    var processStarted = false
    var udlMode: Bool?
    var lastSessionStart: Date?
    var directDeepLinkThisLaunch = false
    var attributedOpenCount = 0
    var storageErrors: [StorageError] = []
    var configurationErrors: [String] = []
    /// The install created when the store had none, so concurrent creators agree on it.
    var freshInstall: DeviceState?
    /// When the SDK 7 session-ready timer is due, while one runs: waiting counts it as work once it is due.
    var sessionReadyTimerDue: Date?
}

extension AppsFlyerLib {
    func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?,
        waiter: CheckedContinuation<[AppsFlyerEvent], Never>?, group existingGroup: UInt64? = nil,
        startImmediately: Bool = false
    ) {
        enqueue(
            command, completion: completion, groupWaiter: waiter.map { .events($0) }, group: existingGroup,
            startImmediately: startImmediately)
    }

    private func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?, groupWaiter waiter: GroupWaiter?,
        group existingGroup: UInt64?, startImmediately: Bool = false
    ) {
        let now = clock.now
        let scope = Self.taskShared
        let startWorker = engine.withLock { state -> Bool in
            state.nextID += 1
            let id = state.nextID
            let group = existingGroup ?? id
            if let waiter {
                state.groupWaiters[group] = waiter
                state.groupEvents[group] = []
            }
            state.groupOutstanding[group, default: 0] += 1
            state.queue.append(
                QueuedCommand(
                    id: id, group: group, receivedAt: now, command: command, completion: completion,
                    scope: scope)
            )
            if state.running { return false }
            state.running = true
            return true
        }
        noteChange()
        if startWorker {
            if startImmediately {
                Self.startWork { await self.drain() }
            } else {
                Task { await self.drain() }
            }
        }
    }

    func enqueue(
        _ command: EngineCommand, completion: UncheckedCompletion?, waiter: CheckedContinuation<Void, Never>
    ) {
        enqueue(command, completion: completion, groupWaiter: .void(waiter), group: nil)
    }

    private func drain() async {
        while true {
            let next = engine.withLock { state -> QueuedCommand? in
                if state.queue.isEmpty {
                    state.running = false
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let next else {
                noteChange()
                return
            }
            await process(next)
            finish(group: next.group)
        }
    }

    private func finish(group: UInt64) {
        let done = engine.withLock { state -> (GroupWaiter, [AppsFlyerEvent])? in
            state.groupOutstanding[group, default: 1] -= 1
            guard state.groupOutstanding[group] == 0 else { return nil }
            state.groupOutstanding[group] = nil
            let events = state.groupEvents.removeValue(forKey: group) ?? []
            guard let waiter = state.groupWaiters.removeValue(forKey: group) else { return nil }
            return (waiter, events)
        }
        switch done {
        case (.events(let waiter), let events)?: waiter.resume(returning: events)
        case (.void(let waiter), _)?: waiter.resume()
        case nil: break
        }
    }

    private func process(_ item: QueuedCommand) async {
        if case .action(let action) = item.command, configuration.withLock({ $0.isStopped }) {
            debug(.controlStopped, "isStopped is set: \(action.name) ignored, nothing sent")
            if item.completion != nil { await deliver([], item: item, launch: .failed(.sdkStopped)) }
            return
        }
        switch item.command {
        case .action(.start):
            await processStart(item)
        case .action(.openURL(let text, let source)):
            if let source { debug(.linkOpen, "opened from \(source)") }
            await processLink(text, entry: .openURL, item: item)
        case .action(.universalLink(let text)):
            await processLink(text, entry: .universalLink, item: item)
        case .action(.push(let payload)):
            await processPush(payload, item: item)
        case .action(.performOnAppAttribution(let text)):
            await processLink(text, entry: .performOnAppAttribution, item: item)
        case .deliver(let events, let launch):
            await deliver(events, item: item, launch: launch)
        case .reinstall:
            do {
                try deviceStore.erase()
                debug(.deviceReinstall, "device state erased: the next start() is a fresh install")
                engine.withLock { $0.freshInstall = nil }
            } catch {
                debug(.deviceReinstall, "erasing the device state failed: \(error)")
            }
            resetProcessState()
        case .relaunch:
            debug(.deviceRelaunch, "process relaunched: the next start() is a cold start")
            resetProcessState()
        case .work(let work):
            await work.body(item)
        }
    }

    private func resetProcessState() {
        engine.withLock { state in
            state.processStarted = false
            state.udlMode = nil
            state.lastSessionStart = nil
            state.directDeepLinkThisLaunch = false
        }
        resetSessionReadiness()
    }

    /// Queues events (and the launch outcome for `start`'s completion) for delivery after every command already waiting, in the same waiter group.
    func deliverLater(_ events: [AppsFlyerEvent], item: QueuedCommand, launch: LaunchOutcome? = nil) {
        Self.$taskShared.withValue(item.scope) {
            enqueue(
                .deliver(events, launch: launch), completion: item.completion, waiter: nil, group: item.group)
        }
    }

    func debug(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: String? = nil,
        duration: Duration? = nil
    ) {
        guard configuration.withLock({ $0.isDebug }) else { return }
        logSink.log(
            DebugLogEntry(
                time: clock.now, rule: rule, message: message(), backend: backend, duration: duration))
    }

    // MARK: - Waiting

    // Conditions are checked here, under the lock, so a waiter is resumed once, when it can
    // return, instead of waking up to re-check after every change.
    func noteChange() {
        let ready = engine.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.changeWaiters.isEmpty else { return [] }
            var ready: [CheckedContinuation<Void, Never>] = []
            var waiting: [ChangeWaiter] = []
            for waiter in state.changeWaiters {
                if waiter.condition(state) {
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            state.changeWaiters = waiting
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    func waitUntil(_ condition: @escaping (EngineState) -> Bool) async {
        if engine.withLock({ condition($0) }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = engine.withLock { state -> Bool in
                if condition(state) { return true }
                state.changeWaiters.append(ChangeWaiter(condition: condition, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    // MARK: - Deadlines

    /// Runs a backend call against a deadline on the SDK's clock; the loser of the race is dropped.
    func withDeadline<Value: Sendable>(
        _ deadline: Date, limitMilliseconds: UInt, backend: String, rule: DebugRule,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(AttributionError) -> Value {
        let started = clock.now
        if started >= deadline {
            debug(rule, "deadline already passed before the call; timed out", backend: backend)
            throw .timedOut(milliseconds: Int(clamping: limitMilliseconds))
        }
        let race = Race<Value>()
        engine.withLock { $0.racing += 1 }
        noteChange()
        defer {
            engine.withLock { $0.racing -= 1 }
            noteChange()
        }
        let clock = self.clock
        let result: Result<Value, AttributionError> = await withCheckedContinuation { continuation in
            race.install(continuation)
            let work = Self.startWork {
                do {
                    race.finish(.success(try await operation()))
                } catch {
                    race.finish(.failure(AttributionError(wrapping: error)))
                }
            }
            // A backend that answered without suspending has won: no timer to race against.
            if race.isFinished {
                work.cancel()
                return
            }
            let timer = Task {
                do {
                    if let manual = clock as? ManualClock {
                        try await manual.sleep(until: deadline, isTimer: true)
                    } else {
                        try await clock.sleep(until: deadline)
                    }
                    race.finish(.failure(.timedOut(milliseconds: Int(clamping: limitMilliseconds))))
                } catch {}
            }
            race.onFinish {
                work.cancel()
                timer.cancel()
            }
        }
        let elapsed = clock.now.timeIntervalSince(started)
        let duration = Duration.milliseconds(Int64((elapsed * 1000).rounded()))
        switch result {
        case .success(let value):
            debug(rule, "answered", backend: backend, duration: duration)
            return value
        case .failure(.timedOut(let milliseconds)):
            debug(
                rule, "no answer within \(milliseconds) ms; a late answer will be dropped", backend: backend)
            throw .timedOut(milliseconds: milliseconds)
        case .failure(let error):
            debug(rule, "failed: \(error)", backend: backend, duration: duration)
            throw error
        }
    }
}

extension AppsFlyerLib {
    /// Starts work (a backend call, or the queue for ``submitProcessingNow(_:)``) on the current thread,
    /// running it until it first suspends.
    ///
    /// An in-memory backend usually answers without suspending, so the work
    /// finishes before this returns and costs no thread hand-off.
    @discardableResult
    static func startWork(
        _ body: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }
}

/// The first-wins meeting point of a backend call and its timeout.
final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, AttributionError>, Never>?
        var pending: Result<Value, AttributionError>?
        var finished = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    func install(_ continuation: CheckedContinuation<Result<Value, AttributionError>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Whether a result has already arrived.
    var isFinished: Bool { state.withLock { $0.finished } }

    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.finished { return true }
            state.cleanup = cleanup
            return false
        }
        if runNow { cleanup() }
    }

    func finish(_ result: Result<Value, AttributionError>) {
        let (continuation, cleanup) = state.withLock {
            state -> (CheckedContinuation<Result<Value, AttributionError>, Never>?, (@Sendable () -> Void)?)
            in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            let cleanup = state.cleanup
            state.cleanup = nil
            return (state.continuation, cleanup)
        }
        // Cancel the loser before the winner resumes the SDK: a timer still registered on a
        // ManualClock after the callbacks are delivered would look like a pending deadline.
        cleanup?()
        continuation?.resume(returning: result)
    }
}
