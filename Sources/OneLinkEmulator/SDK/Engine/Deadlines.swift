import Foundation
import OneLinkSupport

/// Runs calls against deadlines on the SDK's clock: the first of the answer and the deadline wins, and the loser is cancelled.
///
/// It keeps track of the calls in flight: how many there are, so
/// ``AppsFlyerLib/settle()`` can tell an SDK blocked on the clock from one
/// still working, and, on a ``VirtualClock``, whether each one waits on time
/// (its timer is set and its work is not running), so an advance of the
/// clock can wait for the SDK to react to each deadline before moving on.
///
/// One object shared by the engine and its services: a struct here cost a retain per reference it
/// holds (the clocks, the logger, the callback, the lock) on every copy, and its size three times
/// over in every SDK's engine.
package final class Deadlines: Sendable {
    /// What is known of one call in flight.
    struct Call: Sendable {
        /// Whether its timeout timer is registered on the virtual clock.
        var timerSet = false
        /// Whether the clock woke its work, which has not slept again since.
        var workWoken = false
        /// Whether it has its outcome, which its caller has not taken yet.
        var finished = false

        var waitsOnTime: Bool { timerSet && !workWoken && !finished }
    }

    /// The calls in flight, kept under the engine's schedule lock (``ScheduledDelivery/deadlineCalls``):
    /// both are read on every backend call, and an SDK is made per wiring-check path, so one lock
    /// costs less than two.
    struct Calls: Sendable {
        var nextID: UInt64 = 0
        var calls: [UInt64: Call] = [:]
    }

    /// The SDK's clock, which the engine and its services read here.
    let clock: any EmulatorClock
    /// ``clock`` as a virtual clock, when it is one, cast once.
    let virtualClock: (any VirtualClock)?
    /// The SDK's debug logger: the one copy the engine and its services log through (``log(_:_:backend:duration:)``,
    /// ``logDevice(_:)``), read in place: a copy of their own cost every SDK three references each.
    let logger: DebugLogger
    private let changed: @Sendable () -> Void
    /// The engine's schedule, whose run may make a backend call answer late or not in time
    /// (``SDKScheduleChoice/Group/latencies``), and the calls in flight.
    private let schedule: Locked<ScheduledDelivery>
    /// The engine's queue, whose waits an advance of a virtual clock waits on (the engine's participant reads it here).
    let queue: CommandQueue
    /// The test's trace (``CallTrace``) this SDK records its hops into; `nil` unless a test traces.
    ///
    /// The engine and its services reach it here, so it costs their structs no room.
    let trace: CallTrace?

    /// Creates a runner on `clock`, logging each outcome to `log` and calling `changed` whenever a call's state changes.
    ///
    /// - Parameters:
    ///   - virtualClock: `clock` as a virtual clock, when it is one, as the engine found it.
    ///   - trace: The test's trace, as the engine read it.
    init(
        clock: any EmulatorClock, virtualClock: (any VirtualClock)?, log: DebugLogger,
        schedule: Locked<ScheduledDelivery> = Locked(ScheduledDelivery()),
        queue: CommandQueue = CommandQueue(), trace: CallTrace? = CallTrace.tracing,
        changed: @escaping @Sendable () -> Void
    ) {
        self.trace = trace
        self.clock = clock
        self.virtualClock = virtualClock
        self.logger = log
        self.schedule = schedule
        self.queue = queue
        self.changed = changed
    }

    /// The engine's session readiness, under the schedule lock this runner shares (``ScheduledDelivery/readiness``).
    var sessionReadiness: SessionReadinessLock { SessionReadinessLock(scheduled: schedule) }

    /// Creates a runner on `clock`, finding out itself whether it is a virtual clock.
    convenience init(clock: any EmulatorClock, log: DebugLogger, changed: @escaping @Sendable () -> Void) {
        self.init(
            clock: clock, virtualClock: OneLinkEmulator.virtualClock(of: clock), log: log, changed: changed)
    }

    /// Logs one decision, if the log is on; `message` is built only then.
    func log(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: @autoclosure () -> String? = nil,
        duration: Duration? = nil
    ) {
        logger(rule, message(), backend: backend(), duration: duration)
    }

    /// Logs one line in the real SDK's shape, if the log is on; `text` is built only then.
    func logDevice(_ text: @autoclosure () -> String) {
        logger.device(text())
    }

    /// How many calls are racing their deadline right now.
    var count: Int { schedule.withLock { $0.deadlineCalls.calls.count } }

    /// Whether at least one call is in flight and every one waits on virtual time: its timer is set, and its work neither runs nor has finished.
    ///
    /// A call whose work waits on something else than the clock (a network
    /// answer, the ATT prompt) counts as waiting on time: only its timer can
    /// be moved by the clock.
    var waitOnTime: Bool {
        schedule.withLock { state in
            let calls = state.deadlineCalls.calls
            return !calls.isEmpty && calls.values.allSatisfy(\.waitsOnTime)
        }
    }

    /// Runs `operation` until it answers or the clock reaches `deadline`, whichever comes first.
    ///
    /// `immediate` is asked first: a backend that has the answer without
    /// waiting gives it there (its protocol's `…Immediately` requirement),
    /// and it wins as an operation that never suspends would. Otherwise the
    /// operation runs in a task of its own, started on the calling thread,
    /// a timer task sleeps until `deadline` on the SDK's clock, and the
    /// first to finish wins; the loser is cancelled. The outcome is logged
    /// under `rule`, with the time it took.
    /// - Throws: ``AttributionError/timedOut(milliseconds:)`` with
    ///   `limitMilliseconds` when the deadline wins (or had already passed), else
    ///   the operation's error.
    func run<Value: Sendable>(
        until deadline: Date, limitMilliseconds: UInt, backend: @autoclosure () -> String, rule: DebugRule,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(AttributionError) -> Value {
        try await run(
            until: deadline, limitMilliseconds: limitMilliseconds, backend: backend(), rule: rule,
            immediate: { nil }, operation: { operation })
    }

    /// ``run(until:limitMilliseconds:backend:rule:_:)`` for a backend that may answer at once: `immediate`
    /// is asked first, and `operation` makes the call's work only when it had no answer.
    ///
    /// The work is made only when needed: a closure holding the request, made for every call, cost
    /// an allocation and a copy of the request each time the backend answered at once.
    func run<Value: Sendable>(
        until deadline: Date, limitMilliseconds: UInt, backend: @autoclosure () -> String, rule: DebugRule,
        immediate: () -> Result<Value, any Error>?,
        operation makeOperation: () -> @Sendable () async throws -> Value
    ) async throws(AttributionError) -> Value {
        trace?.hop()
        let started = clock.now
        if started >= deadline {
            logger(rule, "deadline already passed before the call; timed out", backend: backend())
            throw .timedOut(milliseconds: Int(clamping: limitMilliseconds))
        }
        let operation: @Sendable () async throws -> Value
        let latency = scheduledLatency(for: rule, deadline: deadline)
        if let latency {
            operation = latency.apply(to: makeOperation(), on: clock)
        } else if let answer = immediate() {
            return try outcome(
                answer.mapError { AttributionError(wrapping: $0) }, duration: .zero, rule: rule,
                backend: backend())
        } else {
            operation = makeOperation()
        }
        let id = schedule.withLock { state -> UInt64 in
            state.deadlineCalls.nextID += 1
            state.deadlineCalls.calls[state.deadlineCalls.nextID] = Call()
            return state.deadlineCalls.nextID
        }
        changed()
        defer {
            schedule.withLock { $0.deadlineCalls.calls[id] = nil }
            changed()
        }
        let result = await race(
            operation, against: deadline, limitMilliseconds: limitMilliseconds,
            watcher: CallWatcher(deadlines: self, id: id))
        let elapsed = clock.now.timeIntervalSince(started)
        let duration = Duration.milliseconds(Int64((elapsed * 1000).rounded()))
        return try outcome(result, duration: duration, rule: rule, backend: backend())
    }

    /// The latency a schedule gives this call, when its rule is a resolution, a conversion-data fetch or a deferred lookup and the schedule says so.
    private func scheduledLatency(for rule: DebugRule, deadline: Date) -> ScheduledLatency? {
        guard let run = schedule.withLock({ $0.run }) else { return nil }
        let choice: SDKScheduleChoice
        switch rule {
        case .linkShortLink, .linkUnwrap: choice = .resolutionLatency
        case .conversionFetch: choice = .conversionDataLatency
        case .udlDeferred: choice = .deferredLookupLatency
        default: return nil
        }
        let alternatives = run.alternatives(of: choice)
        let chosen = run.choose(choice, alternatives: alternatives)
        guard chosen != 0 else { return nil }
        logger(.sdkSchedule, "\(choice): \(alternatives[chosen]) (the schedule)")
        // One millisecond inside the deadline: the latest answer the time limit still takes.
        return chosen == 1 ? .late(until: deadline.addingTimeInterval(-0.001)) : .notInTime
    }

    /// Logs a call's result and returns its value or throws its error.
    private func outcome<Value>(
        _ result: Result<Value, AttributionError>, duration: Duration, rule: DebugRule,
        backend: @autoclosure () -> String
    ) throws(AttributionError) -> Value {
        switch result {
        case .success(let value):
            logger(rule, "answered", backend: backend(), duration: duration)
            return value
        case .failure(.timedOut(let milliseconds)):
            logger(
                rule, "no answer within \(milliseconds) ms; a late answer will be dropped", backend: backend()
            )
            throw .timedOut(milliseconds: milliseconds)
        case .failure(let error):
            logger(rule, "failed: \(error.explanation)", backend: backend(), duration: duration)
            throw error
        }
    }

    private func race<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value, against deadline: Date,
        limitMilliseconds: UInt, watcher: CallWatcher
    ) async -> Result<Value, AttributionError> {
        let race = Race<Value>()
        let clock = self.clock
        let virtualClock = self.virtualClock
        let finish: @Sendable (Result<Value, AttributionError>) -> Void = { result in
            watcher.update { $0.finished = true }
            race.finish(result)
        }
        // Unsafe, not checked: `Race.finish` resumes exactly once (its `finished` flag), and
        // every path through the work ends in `finish`. A checked continuation would allocate a
        // canary per backend call.
        return await withUnsafeContinuation { continuation in
            race.install(continuation)
            // Sleeps the call makes on a virtual clock, and its timer's, are reported to the watcher.
            VirtualTime.$watcher.withValue(watcher) {
                let work = Self.startWork {
                    do {
                        finish(.success(try await operation()))
                    } catch {
                        finish(.failure(AttributionError(wrapping: error)))
                    }
                }
                // An operation that answered without suspending has won: no timer to race against.
                if race.isFinished {
                    work.cancel()
                    return
                }
                // Armed here, not in the timer's task: an advance past the deadline before that task
                // first runs still fires it (issue 53).
                let alarm = virtualClock?.arm(until: deadline, as: .timer)
                let timer = Task {
                    do {
                        if let alarm {
                            try await alarm.wait()
                        } else {
                            try await clock.sleep(until: deadline)
                        }
                        finish(.failure(.timedOut(milliseconds: Int(clamping: limitMilliseconds))))
                    } catch {}
                }
                race.onFinish {
                    work.cancel()
                    timer.cancel()
                    alarm?.cancel()
                }
            }
        }
    }

    /// Tells the runner what the virtual clock does with one call's sleeps.
    private struct CallWatcher: VirtualSleepWatcher {
        let deadlines: Deadlines
        let id: UInt64

        func update(_ change: (inout Call) -> Void) {
            deadlines.schedule.withLock { state in
                if var call = state.deadlineCalls.calls[id] {
                    change(&call)
                    state.deadlineCalls.calls[id] = call
                }
            }
            deadlines.changed()
        }

        func suspended(_ kind: VirtualSleep) {
            update { call in
                switch kind {
                case .work: call.workWoken = false
                case .timer: call.timerSet = true
                }
            }
        }

        func resumed(_ kind: VirtualSleep) {
            update { call in
                switch kind {
                case .work: call.workWoken = true
                case .timer: call.timerSet = false
                }
            }
        }
    }

    /// Starts work on the current thread, running it until it first suspends.
    ///
    /// An in-memory backend usually answers without suspending, so the work
    /// finishes before this returns and costs no thread hand-off.
    @discardableResult
    package static func startWork(
        _ body: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: body)
        }
        return Task(operation: body)
    }
}

/// The first-wins meeting point of a call and its timeout.
///
/// A struct over its one lock: copies share the same race, and a backend call costs no object for it.
struct Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<Result<Value, AttributionError>, Never>?
        var finished = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    func install(_ continuation: UnsafeContinuation<Result<Value, AttributionError>, Never>) {
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
            state -> (UnsafeContinuation<Result<Value, AttributionError>, Never>?, (@Sendable () -> Void)?)
            in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            let cleanup = state.cleanup
            state.cleanup = nil
            return (state.continuation, cleanup)
        }
        // Cancel the loser before the winner resumes the caller: a timer still registered on a
        // virtual clock after the callbacks are delivered would look like a pending deadline.
        cleanup?()
        continuation?.resume(returning: result)
    }
}
