import Foundation
import OneLinkSupport

/// The emulated SDK's engine: the serial action queue, the services, delivery and the task scope of `withShared`.
///
/// ``AppsFlyerLib`` is the public API only: each call becomes an
/// ``EngineCommand`` here, and the engine runs the commands one at a time,
/// in call order. The services (``SessionService``, ``LinkService``) do the
/// backend work and return values; the engine decides what happens next and
/// hands the callbacks to the app on the delivery queue.
///
/// The road of a warm universal link, in this file and `LinkService.swift`:
/// ``enqueue(_:completion:waiter:group:startImmediately:helping:)`` queues the
/// command; ``process(_:)`` runs it; ``processUniversalLink(_:fromLaunchOptions:item:)``
/// applies the rules every entry point shares; ``processLink(_:entry:item:)``
/// drives ``LinkService`` step by step (asking the delegate for resolution
/// headers when a request is about to go out); ``deliver(_:item:launch:)``
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
    let delegates = Locked(Delegates())
    let published = Locked(PublishedEvents())
    let sessionReadiness = Locked(SessionReadinessState())
    let trackingGate = TrackingGate()

    /// The serial action queue every call goes through.
    let queue = EngineQueue()
    /// Races backend calls against their deadlines.
    let deadlines: Deadlines
    /// Sessions and the install's state.
    let sessions: SessionService
    /// Link parsing, unwrapping and resolution.
    let links: LinkService
    let logger: DebugLogger
    /// The engine's small flags, under one lock.
    private let flags = Locked(Flags())

    private struct Flags: Sendable {
        /// Calls that ran queued work in place since the last yield (see ``Engine/yieldIfDue()``).
        var ranInPlace: UInt = 0
        /// The engine's registration with a virtual clock.
        var participant: UInt64?
        /// Whether queued commands run only when someone waits for them (see ``Engine/runsWhenAwaited``).
        var runsWhenAwaited = false
    }

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
        let configuration = self.configuration
        let queue = self.queue
        let logger = DebugLogger(sink: logSink, clock: clock, configuration: configuration)
        let deadlines = Deadlines(clock: clock, virtualClock: virtualClock, log: logger) {
            queue.noteChange()
        }
        self.logger = logger
        self.deadlines = deadlines
        sessions = SessionService(
            conversionDataSource: conversionDataSource, deferredDeepLinkSource: deferredDeepLinkSource,
            launchRecorder: launchRecorder, deviceStore: deviceStore, clock: clock, deadlines: deadlines,
            trackingGate: trackingGate, log: logger)
        links = LinkService(
            resolver: shortLinkResolver, deviceStore: deviceStore, deadlines: deadlines, log: logger)
        if let virtual = virtualClock {
            let sessionReadiness = self.sessionReadiness
            // The queue's waits read the clock's sleepers; an advance waits for this SDK to react
            // to each deadline it reaches before time moves on.
            flags.withLock {
                $0.participant = virtual.addParticipant(
                    VirtualTimeParticipant(
                        sleepersChanged: { queue.noteChange() },
                        settle: { [weak self] in
                            // Commands queued without a worker run now, before time moves on.
                            if let self, self.runsWhenAwaited { _ = self.processQueuedNow() }
                            await queue.waitUntil { status in
                                // A due session-ready timer is about to call the listener: not settled yet.
                                let now = clock.now
                                if sessionReadiness.withLock({ $0.timerIsDue(at: now) }) { return false }
                                return status.isIdle || deadlines.waitOnTime
                            }
                        }))
            }
        }
    }

    deinit {
        if let id = flags[\.participant], let virtual = virtualClock {
            virtual.removeParticipant(id)
        }
    }

    // MARK: - Queueing

    /// Queues `command`, with the caller's `withShared` scope, and starts a worker when none holds the queue.
    ///
    /// - Parameters:
    ///   - startImmediately: Start the worker on the calling thread, until it first waits.
    ///   - helping: The caller waits for the command: it runs the queue itself, on its own thread
    ///     until the work first waits, when nobody holds the queue, and no worker is started.
    /// - Returns: Whether the caller, `helping`, ran the queue.
    @discardableResult
    func enqueue(
        _ command: EngineCommand, completion: Completion? = nil, waiter: EngineQueue.Waiter? = nil,
        group: EngineQueue.Group? = nil, startImmediately: Bool = false, helping: Bool = false
    ) -> Bool {
        if case .action(.start) = command { sessionReadiness.withLock { $0.startRequested = true } }
        let queued = QueuedCommand(
            command: command, receivedAt: clock.now, completion: completion, scope: Self.scope)
        let outcome = queue.enqueue(
            queued, into: group, waiter: waiter, claiming: helping, asksForWorker: !runsWhenAwaited)
        if outcome.claimed {
            Deadlines.startWork { await self.queue.drainClaimed { await self.process($0) } }
        }
        guard outcome.startWorker else { return outcome.claimed }
        if startImmediately {
            Deadlines.startWork { await self.queue.drain { await self.process($0) } }
        } else {
            Task { await self.queue.drain { await self.process($0) } }
        }
        return false
    }

    /// Whether the engine runs queued commands only when someone waits for them, on the waiter's thread: a deterministic simulation.
    ///
    /// Replay and the wiring check set it on an SDK over a virtual clock:
    /// an app's call queues its command and starts no worker task, and the
    /// next `settle()`, `waitUntilIdle()`, `perform(_:)` or advance of the
    /// clock runs it in call order, on the caller's thread, until the work
    /// waits on the clock. No thread waits for another, and the order of
    /// events does not depend on the scheduler. Apps and consumers' tests
    /// keep the worker (the default), since they may wait in other ways.
    var runsWhenAwaited: Bool {
        get { flags[\.runsWhenAwaited] }
        set { flags[\.runsWhenAwaited] = newValue }
    }

    /// Runs the queued commands on the calling thread, until they first have to wait, if no worker has started on them.
    ///
    /// For callers about to wait for the queue (`settle()`, `waitUntilIdle()`,
    /// `perform(_:)`, `simulateReinstall()`, `simulateRelaunch()`): the
    /// commands were queued by calls that already returned, so running them
    /// here keeps their order and never calls a delegate inside the app's own
    /// call, and it saves the thread hand-off to the worker and back. Work
    /// that waits continues on another task.
    ///
    /// - Returns: Whether it ran anything.
    func processQueuedNow() -> Bool {
        guard queue.claimForHelping() else { return false }
        Deadlines.startWork { await self.queue.drainClaimed { await self.process($0) } }
        return true
    }

    /// ``processQueuedNow()``, then a yield when ``yieldIfDue()`` says it is due.
    nonisolated(nonsending) func processQueuedHere() async {
        if processQueuedNow() { await yieldIfDue() }
    }

    /// Queues a command with a waiter, runs the queue here when no worker has started on it, and returns what the waiter is resumed with.
    func enqueueAndWait(_ command: EngineCommand) async -> [AppsFlyerEvent] {
        var ranHere = false
        let outputs = await withUnsafeContinuation { continuation in
            ranHere = enqueue(command, waiter: .outputs(continuation), helping: true)
        }
        if ranHere { await yieldIfDue() }
        return outputs
    }

    /// Counts one call that ran queued work in place, and yields once in every sixteen.
    ///
    /// A caller whose queued work all finishes where it runs never suspends,
    /// so a loop of such calls would hold its thread and starve every other
    /// task that needs one (a server's answers, timers, other tests). The
    /// yield stays on the caller's actor; the other fifteen calls skip the
    /// hop, which on the main actor costs about what running in place saved.
    nonisolated(nonsending) func yieldIfDue() async {
        let due = flags.withLock { flags in
            flags.ranInPlace &+= 1
            return flags.ranInPlace % 16 == 0
        }
        if due { await Task.yield() }
    }

    /// Returns once no command is queued or running and no session-ready timer is about to fire.
    nonisolated(nonsending) func waitUntilIdle() async {
        await processQueuedHere()
        // Checked first without an escaping closure: usually it already holds.
        if queue.holds({ status in status.isIdle && !sessionReadyTimerFiring }) { return }
        await queue.waitUntil { [weak self] status in status.isIdle && self?.sessionReadyTimerFiring != true }
    }

    /// Returns once the engine is idle, or every call it makes waits on the virtual clock or the ATT answer.
    nonisolated(nonsending) func settle() async {
        await processQueuedHere()
        // Checked first without an escaping closure: usually it already holds.
        if queue.holds({ status in isSettled(status) }) { return }
        await queue.waitUntil { [weak self] status in self?.isSettled(status) ?? true }
    }

    /// What ``settle()`` waits for: no session-ready timer about to fire, and the queue idle or every call in flight blocked on the clock or the ATT answer.
    ///
    /// It reads the engine's parts in place: copying the deadline runner and
    /// the clock into locals cost more than the check itself.
    private func isSettled(_ status: EngineQueue.Status) -> Bool {
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
        logger(rule, message(), backend: backend, duration: duration)
    }

    // MARK: - Processing

    /// Runs one command: the only place the engine decides what a call does.
    ///
    /// A command with a large payload (an event, a purchase, an invite, a
    /// push) is taken apart in a function of its own, never inlined: an async
    /// function's frame holds every value it keeps across an `await`, and the
    /// task allocates each frame that does not fit its current block from
    /// `malloc`. Kept here, those payloads (with the synchronous work
    /// inlined around them) made this frame, which every command's run
    /// allocates, nearly 5 KB.
    func process(_ item: EngineJob) async {
        if let name = item.command.command.actionName, configuration.withLock({ $0.isStopped }) {
            await processWhileStopped(name, item: item)
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
        case .action(.push):
            await processPush(item)
        case .action(.performOnAppAttribution(let text)):
            await processLink(text, entry: .performOnAppAttribution, item: item)
        case .deliver(let events, let launch):
            await deliver(events, item: item, launch: launch)
        case .reinstall:
            resetForNewProcess(reinstall: true)
        case .relaunch:
            resetForNewProcess(reinstall: false)
        case .sessionReadyCheck(let activation):
            await fireSessionReadyListener(scope: item.scope, activation: activation, timedOut: false)
        case .event, .purchase, .invite, .callBlocks:
            await processWork(item)
        }
    }

    /// An entry point called while `isStopped` is set: logged and ignored; a completion handler hears why.
    @inline(never)
    private func processWhileStopped(_ name: String, item: EngineJob) async {
        debug(.controlStopped, "isStopped is set: \(name) ignored, nothing sent")
        if item.completion != nil { await deliver([], item: item, launch: .failed(.sdkStopped)) }
    }

    /// A push notification's payload, as a link.
    @inline(never)
    private func processPush(_ item: EngineJob) async {
        guard case .action(.push(let payload)) = item.command.command else { return }
        await runLink(beginPush(payload), item: item)
    }

    /// Logs the push and reads its link: the synchronous part of ``processPush(_:)``, never inlined for the same reason as ``beginLink(_:entry:)``.
    @inline(never)
    private func beginPush(_ payload: AttributionPayload) -> LinkStep {
        logger.device(DeviceLog.push(payload))
        return links.beginPush(payload, udl: isUDLMode, config: configuration.value)
    }

    /// An event, a purchase, an invite link or app blocks waiting for the queue.
    @inline(never)
    private func processWork(_ item: EngineJob) async {
        switch item.command.command {
        case .event(let event):
            await sendEvent(event, item: item)
        case .purchase(let purchase):
            await validatePurchase(purchase, item: item)
        case .invite(let link, let context, let stopped, let completion):
            let text = await inviteLink(link, context: context, stopped: stopped)
            await onDeliveryQueue(scope: item.scope) { completion.value(text.flatMap(URL.init(string:))) }
        case .callBlocks(let blocks):
            for block in blocks { await onDeliveryQueue(scope: block.scope) { block.body.value() } }
        default:
            return
        }
    }

    /// `simulateReinstall()` or `simulateRelaunch()`: the install's state (on a reinstall) or the process's is gone, and the delegates with it.
    @inline(never)
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
        // The delegates were objects of the process that ended; the app's launch code sets them again.
        delegates.withLock { $0 = Delegates() }
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
    func processUniversalLink(_ text: String, fromLaunchOptions: Bool, item: EngineJob) async {
        if fromLaunchOptions {
            sessionReadiness.withLock { $0.launchLinks.append((text, item.receivedAt)) }
        } else if isLaunchLinkAlreadyHandled(text, calledAt: item.receivedAt) {
            debug(.sessionReady, "\(text) was handed over by handleLaunchOptions; not handled twice")
            return
        }
        if generation == .v7, let scheme = Self.scheme(of: text), scheme != "https" {
            debug(
                .linkOpen, "SDK 7: a \(scheme) URL handed over as a universal link is handled as handleOpen")
            await processLink(text, entry: .openURL, item: item)
            return
        }
        await processLink(text, entry: .universalLink, item: item)
    }

    /// Resolves a link the app handed over and delivers its callback.
    func processLink(_ text: String, entry: LinkEntry, item: EngineJob) async {
        await runLink(beginLink(text, entry: entry), item: item)
    }

    /// Logs the hand-over and parses the link: the synchronous part of ``processLink(_:entry:item:)``.
    ///
    /// Never inlined: in the async caller, its temporaries would take room in
    /// the frame every link's run allocates (see ``process(_:)``).
    @inline(never)
    private func beginLink(_ text: String, entry: LinkEntry) -> LinkStep {
        switch entry {
        case .universalLink: logger.device(DeviceLog.userActivity(text))
        case .openURL: logger.device(DeviceLog.openURL(text))
        case .performOnAppAttribution: logger.device(DeviceLog.performOnAppAttribution(text))
        case .push: break
        }
        return links.begin(text, entry: entry, udl: isUDLMode, config: configuration.value)
    }

    /// Drives the link service from `step` to its callback, within `deepLinkTimeout` of the hand-over; each request it is about to send gets the delegate's headers first.
    private func runLink(_ step: LinkStep, item: EngineJob) async {
        let deadline = item.receivedAt.addingTimeInterval(
            Double(configuration.withLock { $0.deepLinkTimeout }) / 1000)
        var step = step
        while true {
            switch step {
            case .request(let pending):
                let headers = await resolutionHeaders(for: pending.requestLink, scope: item.scope)
                step = await links.send(pending, headers: headers, deadline: deadline)
            case .finished(let event):
                guard let event else { return }
                if case .deepLink(let result) = event, result.deepLink?.isDeferred == false {
                    sessions.noteDirectDeepLink()
                }
                await deliver([event], item: item)
                return
            }
        }
    }

    /// Whether links are answered with `didResolveDeepLink`: as the first session decided, else as the delegates say now.
    var isUDLMode: Bool {
        // SDK 7 has no onAppOpenAttribution: every direct link goes through didResolveDeepLink.
        if generation == .v7 { return true }
        return sessions.udlMode ?? (delegates.withLock { $0.deepLinkDelegate } != nil)
    }

    /// Asks the delegate for extra resolution headers, on the delivery queue, as the real SDK asks its delegate.
    private func resolutionHeaders(for link: String, scope: AppsFlyerLib?) async -> [String: String] {
        guard let url = URL(string: link), let delegate = delegates.withLock({ $0.delegate }) else {
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
    func deliver(_ events: [AppsFlyerEvent], item: EngineJob, launch: LaunchOutcome? = nil) async {
        var events = events
        var launch = launch
        if !events.isEmpty, configuration.withLock({ $0.isStopped }) {
            debug(
                .controlStopped,
                "isStopped is set: \(events.map(\.callbackName).joined(separator: ", ")) not delivered")
            events = []
            if launch != nil { launch = .failed(.sdkStopped) }
        }
        let subscribers = published.withLock { $0.publish(events) }
        queue.collect(events, for: item.group)
        for event in events {
            for subscriber in subscribers { subscriber.yield(event) }
        }
        let completion = launch == nil ? nil : item.completion
        if completion == nil && events.isEmpty { return }
        let batch = Handoff(
            DeliveryBatch(
                delegates: delegates.value, events: events, completion: completion?.value, launch: launch))
        await onDeliveryQueue(scope: item.scope) {
            self.call(batch.value)
            self.logDeviceCallbacks(batch.value)
            self.notifyDeliveryObservers(batch.value)
        }
    }

    /// Runs `body` where callbacks belong: on the main queue, or right here for ``CallbackDelivery/sdkQueue``.
    ///
    /// The task scope of `withShared` that queued the work is bound again around `body`.
    func onDeliveryQueue<Value: Sendable>(
        scope: AppsFlyerLib?, _ body: @escaping @Sendable () -> Value
    ) async -> Value {
        let scoped: @Sendable () -> Value = {
            guard let scope else { return body() }
            return Self.$scope.withValue(scope, operation: body)
        }
        if configuration.withLock({ $0.callbackDelivery }) == .sdkQueue || MainQueue.isCurrent {
            return scoped()
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: scoped()) }
        }
    }

    private func call(_ batch: DeliveryBatch) {
        if let completion = batch.completion {
            switch batch.launch {
            case .accepted(let response)?: completion(response.foundationStringKeyed, nil)
            case .failed(let error)?: completion(nil, error.bridged)
            case nil: break
            }
        }
        // A package delegate that reads the events as they are: cast once for the whole batch.
        let receiver = batch.delegates.delegate as? any EngineEventReceiver
        for event in batch.events {
            switch event {
            case .conversionDataSuccess(let payload):
                guard let delegate = batch.delegates.delegate else { dropped(event); continue }
                if let receiver {
                    receiver.receive(event)
                } else {
                    delegate.onConversionDataSuccess(payload.foundationDictionary)
                }
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
                    if let receiver {
                        receiver.receive(event)
                    } else {
                        delegate.onAppOpenAttribution(payload.foundationDictionary)
                    }
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

/// The delegates, events and completion handler of one delivery.
struct DeliveryBatch {
    let delegates: Delegates
    let events: [AppsFlyerEvent]
    let completion: (([String: Any]?, (any Error)?) -> Void)?
    let launch: LaunchOutcome?
}

/// The app's delegates, held weakly as the real SDK holds them.
// @unchecked because the delegates are not Sendable: the engine keeps them behind its lock and calls
// them only on the delivery queue; this is the one place the SDK's own state needs the exemption.
struct Delegates: @unchecked Sendable {
    weak var delegate: (any AppsFlyerLibDelegate)?
    weak var deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
}

/// What `start(completionHandler:)` reports: the launch response, or why there was none.
enum LaunchOutcome: Sendable {
    case accepted(AttributionPayload)
    case failed(AttributionError)
}
