import Foundation
import OneLinkSupport

/// The emulated SDK's engine: the serial command queue, the services, delivery and the task scope of `withShared`.
///
/// ``AppsFlyerLib`` is the public API only: each call becomes an
/// ``EngineCommand`` here, and the engine runs the commands one at a time,
/// in call order. The services (``SessionService``, ``LinkService``) do the
/// backend work and return values; the engine decides what happens next and
/// hands the callbacks to the app on the delivery queue.
///
/// The road of a warm universal link, in this file and `LinkService.swift`:
/// ``enqueue(_:completion:waiter:)`` queues the
/// command; ``process(_:)`` runs it; ``processUniversalLink(_:fromLaunchOptions:queued:)``
/// applies the rules every entry point shares; ``processLink(_:entry:queued:)``
/// drives ``LinkService`` step by step (asking the delegate for resolution
/// headers when a request is about to go out); ``deliver(_:queued:launch:)``
/// calls the delegate.
final class Engine: Sendable {
    /// The instance `shared()` returns inside `withShared`, for the current task.
    @TaskLocal static var scope: AppsFlyerLib?

    let clock: any EmulatorClock
    /// ``clock`` as a virtual clock, when it is one: cast once, since settling reads it on every wait.
    let virtualClock: (any VirtualClock)?
    let deviceStore: any DeviceStore
    let eventRecorder: any EventRecorder
    let purchaseValidator: any PurchaseValidator
    let shortLinkCreator: (any ShortLinkCreator)?

    let configuration = Locked(AppsFlyerLib.Configuration())
    /// The events delivered so far, their subscribers, and the app's delegates (``PublishedEvents/delegates``):
    /// one lock, as an SDK is made per wiring-check path and a lock each cost more than sharing one.
    let published = Locked(PublishedEvents())
    /// The SDK 7 session readiness, kept under ``scheduled``'s lock.
    let sessionReadiness: SessionReadinessLock
    let trackingGate: TrackingGate

    /// The serial action queue every call goes through.
    let queue: CommandQueue
    /// Races backend calls against their deadlines.
    let deadlines: Deadlines
    /// Sessions and the install's state.
    let sessions: SessionService
    /// Link parsing, unwrapping and resolution.
    let links: LinkService
    /// The engine's small flags, under one lock: an SDK is made per wiring-check path, and a lock each cost its set-up and teardown more than sharing one.
    let flags = Locked(EngineFlags())
    /// The run whose schedule decides the choice points (``AppsFlyerLib/schedule``), whether the
    /// process's first session delivered, and a link's callbacks held for the session queued behind
    /// it (``SDKScheduleChoice/linkSessionOrder``); one lock, shared with ``deadlines``.
    let scheduled = Locked(ScheduledDelivery())

    /// The test's trace (``CallTrace``) the SDK records its hops into; `nil` unless a test traces.
    var trace: CallTrace? { deadlines.trace }

    /// Creates an engine over the SDK's backends.
    init(
        shortLinkResolver: any ShortLinkResolver, conversionDataSource: any ConversionDataSource,
        deferredDeepLinkSource: any DeferredDeepLinkSource, launchRecorder: any LaunchRecorder,
        deviceStore: any DeviceStore, clock: any EmulatorClock, logSink: any DebugLogSink,
        eventRecorder: any EventRecorder, purchaseValidator: any PurchaseValidator,
        shortLinkCreator: (any ShortLinkCreator)?
    ) {
        self.clock = clock
        let virtualClock = OneLinkEmulator.virtualClock(of: clock)
        self.virtualClock = virtualClock
        self.deviceStore = deviceStore
        self.eventRecorder = eventRecorder
        self.purchaseValidator = purchaseValidator
        self.shortLinkCreator = shortLinkCreator
        // Read once for the queue and the deadline runner: a task-local lookup walks the task's bindings.
        let trace = CallTrace.tracing
        let queue = CommandQueue(trace: trace)
        self.queue = queue
        let configuration = self.configuration
        sessionReadiness = SessionReadinessLock(scheduled: scheduled)
        let trackingGate = TrackingGate(flags: flags)
        self.trackingGate = trackingGate
        let logger = DebugLogger(sink: logSink, clock: clock, configuration: configuration)
        let deadlines = Deadlines(
            clock: clock, virtualClock: virtualClock, log: logger, schedule: scheduled, queue: queue,
            trace: trace
        ) {
            queue.noteChange()
        }
        self.deadlines = deadlines
        sessions = SessionService(
            conversionDataSource: conversionDataSource, deferredDeepLinkSource: deferredDeepLinkSource,
            launchRecorder: launchRecorder, deviceStore: deviceStore, deadlines: deadlines,
            trackingGate: trackingGate, flags: flags)
        links = LinkService(
            resolver: shortLinkResolver, deviceStore: deviceStore, deadlines: deadlines, counts: flags)
        if let virtual = virtualClock {
            // The queue's waits read the clock's sleepers; an advance waits for this SDK to react
            // to each deadline it reaches before time moves on. Each closure captures one object,
            // which is then its context: the participant costs the SDK no allocation.
            let participant = virtual.addParticipant(
                VirtualTimeParticipant(
                    sleepersChanged: { queue.noteChange() },
                    settle: {
                        guard let virtual = deadlines.virtualClock else { return }
                        let clock = deadlines.clock
                        let sessionReadiness = deadlines.sessionReadiness
                        await deadlines.queue.waitUntil { status in
                            // A due session-ready timer is about to call the listener: not settled
                            // yet, unless a sleeper due now (the timer's, behind another at the same
                            // deadline) still waits for the advance, which resumes it next.
                            let now = clock.now
                            if sessionReadiness.withLock({ $0.timerIsDue(at: now) }),
                                !virtual.hasSleeper(dueBy: now)
                            {
                                return false
                            }
                            return status.isIdle || deadlines.waitOnTime
                        }
                    }))
            flags.withLock { $0.participant = participant }
        }
    }

    deinit {
        if let id = flags.withLock({ $0.participant }), let virtual = virtualClock {
            virtual.removeParticipant(id)
        }
    }

    // MARK: - Queueing

    /// Queues `command`, with the caller's `withShared` scope, and starts the drainer when nobody holds the queue.
    ///
    /// This is the one way commands run: whoever finds the queue free starts
    /// the one drainer, a task that runs the commands in call order until
    /// none is left (``CommandQueue/drain(_:)``), handing each callback to the
    /// delivery queue (``onDeliveryQueue(scope:_:)``) and waiting for it to
    /// return before the next command. The queue is released under the same
    /// lock as every enqueue, so no command is left without a drainer.
    ///
    /// - Parameter startsHere: Start the drainer on the calling thread, until
    ///   its work first suspends, instead of on another thread. Only for
    ///   callers that await the outcome right away (``enqueueAndWait(_:)``,
    ///   replay's steps): an app's own call never does, so no delegate is
    ///   called inside it, as with the real SDK.
    func enqueue(
        _ command: consuming EngineCommand, completion: Completion? = nil,
        waiter: CheckedContinuation<[AppsFlyerEvent], Never>? = nil, startsHere: Bool = false
    ) {
        trace?.hop()
        if case .action(.start) = command { sessionReadiness.withLock { $0.startRequested = true } }
        let entryPoint = command.entryPoint
        let drainerStartsHere = flags.withLock { flags in
            if let entryPoint { flags.entryPointsCalled.insert(entryPoint) }
            return flags.drainerStartsHere
        }
        // Moved, not copied, into the queue: a command carries the call's strings and payloads.
        let queued = QueuedCommand(
            consume command, receivedAt: clock.now, completion: completion, scope: Self.scope)
        guard queue.enqueue(consume queued, waiter: waiter) else { return }
        // `Task.immediate` as `Deadlines.startWork` calls it, with the closure written here: handed over
        // through `startWork`'s parameter, it needed a reabstraction thunk, one more allocation a drainer.
        if startsHere || drainerStartsHere,
            #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
        {
            Task.immediate { await self.queue.drain { await self.process($0) } }
        } else {
            Task { await self.queue.drain { await self.process($0) } }
        }
    }

    /// Queues a command and returns the events it caused, once all of them have been delivered.
    func enqueueAndWait(_ command: EngineCommand) async -> [AppsFlyerEvent] {
        await withCheckedContinuation { continuation in
            enqueue(command, waiter: continuation, startsHere: true)
        }
    }

    /// Returns once no command is queued or running and no session-ready timer is about to fire.
    nonisolated(nonsending) func waitUntilIdle() async {
        // Checked first without an escaping closure: usually it already holds.
        if queue.holds({ status in status.isIdle && !sessionReadyTimerFiring }) { return }
        await queue.waitUntil { [weak self] status in status.isIdle && self?.sessionReadyTimerFiring != true }
    }

    /// Returns once the engine is idle, or every call it makes waits on the virtual clock or the ATT answer.
    nonisolated(nonsending) func settle() async {
        // Checked first without an escaping closure: usually it already holds.
        if queue.holds({ status in isSettled(status) }) { return }
        await queue.waitUntil { [weak self] status in self?.isSettled(status) ?? true }
    }

    /// What ``settle()`` waits for: no session-ready timer about to fire, and the queue idle or every call in flight blocked on the clock or the ATT answer.
    ///
    /// It reads the engine's parts in place: copying the deadline runner and
    /// the clock into locals cost more than the check itself.
    private func isSettled(_ status: CommandQueue.Status) -> Bool {
        if sessionReadyTimerFiring { return false }
        if status.isIdle { return true }
        let racing = deadlines.count
        guard racing > 0, let suspended = virtualClock?.suspended else { return false }
        // A race whose timer has already fired is finishing, not blocked: wait for it. A race
        // waiting for the ATT answer is blocked on the test, as one waiting on the clock is.
        return suspended.work + trackingGate.waiterCount >= racing && suspended.timers >= racing
    }

    /// Re-checks what `settle()` and `waitUntilIdle()` wait for, after a change outside the queue.
    func noteChange() {
        queue.noteChange()
    }

    func debug(
        _ rule: DebugRule, _ message: @autoclosure () -> String, backend: String? = nil,
        duration: Duration? = nil
    ) {
        deadlines.log(rule, message(), backend: backend, duration: duration)
    }

    // MARK: - Processing

    /// Runs one command: the only place the engine decides what a call does.
    func process(_ queued: QueuedCommand) async {
        trace?.hop()
        if let name = queued.command.actionName, configuration.withLock({ $0.isStopped }) {
            await processWhileStopped(name, queued: queued)
            return
        }
        switch queued.command {
        case .action(.start):
            await processStart(queued)
        case .action(.openURL(let text, let source)):
            if let source { debug(.linkOpen, "opened from \(source)") }
            await processLink(text, entry: .openURL, queued: queued)
        case .action(.universalLink(let text)):
            await processUniversalLink(text, fromLaunchOptions: false, queued: queued)
        case .launchLink(let text):
            await processUniversalLink(text, fromLaunchOptions: true, queued: queued)
        case .action(.push):
            await processPush(queued)
        case .action(.performOnAppAttribution(let text)):
            await processLink(text, entry: .performOnAppAttribution, queued: queued)
        case .deliver(let events, let launch):
            await deliver(events, queued: queued, launch: launch)
        case .reinstall:
            resetForNewProcess(reinstall: true)
        case .relaunch:
            resetForNewProcess(reinstall: false)
        case .sessionReadyCheck(let activation):
            await fireSessionReadyListener(scope: queued.scope, activation: activation, timedOut: false)
        case .event, .purchase, .invite, .callBlocks:
            await processWork(queued)
        }
    }

    /// An entry point called while `isStopped` is set: logged and ignored; a completion handler hears why.
    private func processWhileStopped(_ name: String, queued: QueuedCommand) async {
        debug(.controlStopped, "isStopped is set: \(name) ignored, nothing sent")
        if queued.completion != nil { await deliver([], queued: queued, launch: .failed(.sdkStopped)) }
    }

    /// A push notification's payload, as a link.
    private func processPush(_ queued: QueuedCommand) async {
        guard case .action(.push(let payload)) = queued.command else { return }
        await runLink(beginPush(payload), entry: .push, queued: queued)
    }

    /// Logs the push and reads its link: the synchronous part of ``processPush(_:)``.
    private func beginPush(_ payload: AttributionPayload) -> LinkStep {
        deadlines.logDevice(DeviceLog.push(payload))
        // The arguments first: read around a call on `links`, they cost a copy of the service.
        let udl = isUDLMode
        let settings = configuration.withLock { $0.linkSettings }
        return links.beginPush(payload, udl: udl, settings: settings)
    }

    /// An event, a purchase, an invite link or app blocks waiting for the queue.
    private func processWork(_ queued: QueuedCommand) async {
        switch queued.command {
        case .event(let event):
            await sendEvent(event, queued: queued)
        case .purchase(let purchase):
            await validatePurchase(purchase, queued: queued)
        case .invite(let link, let context, let stopped, let completion):
            let text = await inviteLink(link, context: context, stopped: stopped)
            await onDeliveryQueue(scope: queued.scope) { completion.value(text.flatMap(URL.init(string:))) }
        case .callBlocks(let blocks):
            for block in blocks {
                guard let other = block.queue else {
                    await onDeliveryQueue(scope: block.scope) { block.body.value() }
                    continue
                }
                // Another framework's queue: no task-local follows the GCD hop there, so the scope
                // taken when the app handed the block over is bound again on that queue.
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    other.async {
                        if let scope = block.scope {
                            Self.$scope.withValue(scope) { block.body.value() }
                        } else {
                            block.body.value()
                        }
                        done.resume()
                    }
                }
            }
        default:
            return
        }
    }

    /// `simulateReinstall()` or `simulateRelaunch()`: the install's state (on a reinstall) or the process's is gone, and the delegates with it.
    private func resetForNewProcess(reinstall: Bool) {
        if reinstall {
            sessions.reinstall()
        } else {
            debug(
                .deviceRelaunch,
                "process relaunched: the next start() is a cold start; the delegates are gone with the old process"
            )
            sessions.resetProcess()
        }
        resetSessionReadiness()
        flags.withLock { $0.lastLinkDelivery = nil }
        scheduled.withLock { state in
            state.sessionDelivered = false
            state.heldLinkEvents = []
        }
        // The delegates were objects of the process that ended; the app's launch code sets them again.
        published.withLock { $0.delegates = Handoff(Delegates()) }
    }

    // MARK: - Links

    /// Runs a universal link, from any entry point, through the rules every entry shares, then as a link.
    ///
    /// Every path to a universal link (`handleUniversalLink(_:)`,
    /// `continue(_:restorationHandler:)`, SDK 7's `handleUniversalLink(_: URL?)`,
    /// `submit(_:)`, `perform(_:)` and replay) ends here, so none can skip
    /// these rules: SDK 7 takes a URL whose scheme is not `https` as
    /// `handleOpen` does (SwiftUI's `onOpenURL` hands over both kinds), and the
    /// cold-start link `handleLaunchOptions(_:)` handed over is not handled a
    /// second time when the app passes it on again during the launch (within
    /// `sessionReadyTimeLimit` of the hand-over, before any background).
    func processUniversalLink(_ text: String, fromLaunchOptions: Bool, queued: QueuedCommand) async {
        trace?.hop()
        if fromLaunchOptions {
            sessionReadiness.withLock { $0.launchLinks.append((text, queued.receivedAt)) }
        } else if isLaunchLinkAlreadyHandled(text, calledAt: queued.receivedAt) {
            debug(.sessionReady, "\(text) was handed over by handleLaunchOptions; not handled twice")
            return
        }
        if generation == .v7, let scheme = Self.scheme(of: text), scheme != "https" {
            debug(
                .linkOpen, "SDK 7: a \(scheme) URL handed over as a universal link is handled as handleOpen")
            await processLink(text, entry: .openURL, queued: queued)
            return
        }
        await processLink(text, entry: .universalLink, queued: queued)
    }

    /// Resolves a link the app handed over and delivers its callback.
    func processLink(_ text: String, entry: LinkEntry, queued: QueuedCommand) async {
        trace?.hop()
        await runLink(beginLink(text, entry: entry), entry: entry, queued: queued)
    }

    /// Logs the hand-over and parses the link: the synchronous part of ``processLink(_:entry:queued:)``.
    private func beginLink(_ text: String, entry: LinkEntry) -> LinkStep {
        trace?.hop()
        switch entry {
        case .universalLink: deadlines.logDevice(DeviceLog.userActivity(text))
        case .openURL: deadlines.logDevice(DeviceLog.openURL(text))
        case .performOnAppAttribution: deadlines.logDevice(DeviceLog.performOnAppAttribution(text))
        case .push: break
        }
        // The arguments first: read around a call on `links`, they cost a copy of the service.
        let udl = isUDLMode
        let settings = configuration.withLock { $0.linkSettings }
        return links.begin(text, entry: entry, udl: udl, settings: settings)
    }

    /// Drives the link service from `step` to its callback, within `deepLinkTimeout` of the hand-over; each request it is about to send gets the delegate's headers first.
    private func runLink(_ step: LinkStep, entry: LinkEntry, queued: QueuedCommand) async {
        trace?.hop()
        let deadline = queued.receivedAt.addingTimeInterval(
            Double(configuration.withLock { $0.deepLinkTimeout }) / 1000)
        var step = step
        while true {
            switch step {
            case .request(let pending):
                let headers = await resolutionHeaders(for: pending.requestLink, scope: queued.scope)
                step = await links.send(pending, headers: headers, deadline: deadline)
            case .finished(let event):
                guard let event else { return }
                if case .deepLink(let result) = event, result.deepLink?.isDeferred == false {
                    sessions.noteDirectDeepLink()
                }
                let events = applyingQuirks(to: event, entry: entry, receivedAt: queued.receivedAt)
                // A schedule may hand the link's callbacks to the session queued next (linkSessionOrder).
                if holdForNextSession(events) { return }
                await deliver(events, queued: queued)
                return
            }
        }
    }

    /// Whether links are answered with `didResolveDeepLink`: as the first session decided, else as the delegates say now.
    var isUDLMode: Bool {
        // SDK 7 has no onAppOpenAttribution: every direct link goes through didResolveDeepLink.
        if generation == .v7 { return true }
        return sessions.udlMode ?? (published.withLock { $0.delegates.value.deepLinkDelegate } != nil)
    }

    /// Asks the delegate for extra resolution headers, on the delivery queue, as the real SDK asks its delegate.
    private func resolutionHeaders(for link: String, scope: AppsFlyerLib?) async -> [String: String] {
        trace?.hop()
        guard let url = URL(string: link), let delegate = published.withLock({ $0.delegates.value.delegate })
        else {
            return [:]
        }
        let box = Handoff(delegate)
        return await onDeliveryQueue(scope: scope) {
            box.value.allHTTPHeaderFieldsForResolveDeepLinkURL(url) ?? [:]
        }
    }

    /// The lowercased scheme of a link's text, when it has one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard scheme.first?.isLetter == true,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    // MARK: - Delivery

    /// Publishes events, then calls the delegates and the completion handler on the delivery queue, in order.
    ///
    /// Returns once every call has returned, so the SDK's queue stays serial
    /// across the hop to the main queue.
    func deliver(_ events: [AppsFlyerEvent], queued: QueuedCommand, launch: LaunchOutcome? = nil) async {
        trace?.hop()
        var events = events
        var launch = launch
        if !events.isEmpty, configuration.withLock({ $0.isStopped }) {
            debug(
                .controlStopped,
                "isStopped is set: \(events.map(\.callbackName).joined(separator: ", ")) not delivered")
            events = []
            if launch != nil { launch = .failed(.sdkStopped) }
        }
        if launch != nil { scheduled.withLock { $0.sessionDelivered = true } }
        let completion = launch == nil ? nil : queued.completion
        let calls = completion != nil || !events.isEmpty
        // The delegates are read under the lock that publishes the events: one lock, not two.
        let (subscribers, delegates) = published.withLock {
            ($0.publish(events), calls ? $0.delegates.value : nil)
        }
        queue.collect(events, for: queued.group)
        for event in events {
            for subscriber in subscribers { subscriber.yield(event) }
        }
        guard let delegates else { return }
        let batch = DeliveryBatch(
            delegates: delegates, events: events, completion: completion?.value, launch: launch)
        if onDeliveryQueue(scope: queued.scope, ifHere: { deliverNow(batch) }) { return }
        let handoff = Handoff(batch)
        await onDeliveryQueue(scope: queued.scope) { self.deliverNow(handoff.value) }
    }

    /// Calls the delegates and the completion handler of `batch`, then logs and reports them: on the delivery queue.
    private func deliverNow(_ batch: DeliveryBatch) {
        call(batch)
        logDeviceCallbacks(batch)
        notifyDeliveryObservers(batch)
    }

    /// Runs `body` at once when callbacks belong right here (``CallbackDelivery/sdkQueue``, or already
    /// on the main queue), with `shared()` returning `scope`; returns whether it ran.
    ///
    /// The synchronous half of ``onDeliveryQueue(scope:_:)``: a body run here needs no escaping
    /// closure, which cost every delivery an allocation.
    func onDeliveryQueue(scope: AppsFlyerLib?, ifHere body: () -> Void) -> Bool {
        guard deliversHere else { return false }
        trace?.hop()
        Self.run(body, in: scope)
        return true
    }

    /// Whether callbacks belong on the current thread: ``CallbackDelivery/sdkQueue``, or the main queue when already on it.
    private var deliversHere: Bool {
        configuration.withLock({ $0.callbackDelivery }) == .sdkQueue || MainQueue.isCurrent
    }

    /// Runs `body` where callbacks belong: on the main queue, or right here for ``CallbackDelivery/sdkQueue``.
    ///
    /// The task scope of `withShared` that queued the work is bound again around `body`.
    func onDeliveryQueue<Value: Sendable>(
        scope: AppsFlyerLib?, _ body: @escaping @Sendable () -> Value
    ) async -> Value {
        trace?.hop()
        if deliversHere { return Self.run(body, in: scope) }
        return await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: Self.run(body, in: scope)) }
        }
    }

    /// Runs `body` with `shared()` returning `scope`, when there is one.
    private static func run<Value>(_ body: () -> Value, in scope: AppsFlyerLib?) -> Value {
        guard let scope else { return body() }
        return $scope.withValue(scope, operation: body)
    }

    private func call(_ batch: DeliveryBatch) {
        trace?.hop()
        if let completion = batch.completion {
            switch batch.launch {
            case .accepted(let response)?: completion(response.foundationStringKeyed, nil)
            case .failed(let error)?: completion(nil, error.bridged)
            case nil: break
            }
        }
        for event in batch.events {
            switch event {
            case .conversionDataSuccess(let payload):
                guard let delegate = batch.delegates.delegate else { dropped(event); continue }
                delegate.onConversionDataSuccess(payload.foundationDictionary)
            case .conversionDataFail(let error):
                guard let delegate = batch.delegates.delegate else { dropped(event); continue }
                delegate.onConversionDataFail(error)
            case .appOpenAttribution(let payload):
                #if SDK7
                    // SDK 7's delegate protocol has no legacy callbacks: the event is only published.
                    _ = payload
                    dropped(event)
                #else
                    guard let delegate = batch.delegates.delegate else { dropped(event); continue }
                    delegate.onAppOpenAttribution(payload.foundationDictionary)
                #endif
            case .appOpenAttributionFailure(let error):
                #if SDK7
                    _ = error
                    dropped(event)
                #else
                    guard let delegate = batch.delegates.delegate else { dropped(event); continue }
                    delegate.onAppOpenAttributionFailure(error)
                #endif
            case .deepLink(let result):
                guard let deepLinkDelegate = batch.delegates.deepLinkDelegate else {
                    dropped(event); continue
                }
                deepLinkDelegate.didResolveDeepLink(result)
            }
        }
    }

    private func dropped(_ event: AppsFlyerEvent) {
        debug(
            .delegateMissing, "no delegate set: \(event.callbackName) dropped (still published on events)")
    }
}

/// The engine's small flags: read together on each call, so under one lock.
struct EngineFlags: Sendable {
    /// This SDK's id among its virtual clock's participants, while it is one.
    var participant: UInt64?
    /// Whether every drainer starts on the thread of the call that queued its first command (see ``AppsFlyerLib/drainerStartsHere``).
    var drainerStartsHere = false
    /// The entry points (`start()`, links, pushes) app code called on this SDK, each once, first first.
    var entryPointsCalled = CalledEntryPoints()
    /// When this process last delivered a link's callback, for ``SDKQuirk/linksSuppressedInsideMinTimeBetweenSessions``.
    var lastLinkDelivery: Date?
    /// The links handled as re-engagements (``LinkService/attributedOpenCount``), counted here so
    /// the link service needs no lock of its own.
    var attributedOpenCount = 0
    /// The session service's state (``SessionService/State``), kept here so the service needs no lock of its own.
    var session = SessionService.State()
    /// The ATT status and its waiters (``TrackingGate``), kept here so the gate needs no lock of its own.
    var tracking = TrackingGate.State()
    /// The public API's own state (``FacadeState``): the ATT prompt, the optional surface, the configuration errors.
    var facade = FacadeState()
}

/// The delegates, events and completion handler of one delivery.
struct DeliveryBatch {
    let delegates: Delegates
    let events: [AppsFlyerEvent]
    let completion: (([String: Any]?, (any Error)?) -> Void)?
    let launch: LaunchOutcome?
}

/// The app's delegates, held weakly as the real SDK holds them; not `Sendable`, so the engine keeps
/// them in a ``Handoff`` behind its lock and calls them only on the delivery queue.
struct Delegates {
    weak var delegate: (any AppsFlyerLibDelegate)?
    weak var deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
}

/// What `start(completionHandler:)` reports: the launch response, or why there was none.
enum LaunchOutcome: Sendable {
    case accepted(AttributionPayload)
    case failed(AttributionError)
}
