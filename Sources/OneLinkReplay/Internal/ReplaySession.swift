import Foundation
import OneLinkApp
import OneLinkClicks
@_spi(SDK7) import OneLinkEmulator
import OneLinkSupport

/// The live objects of one scenario run: clock, backends, SDK, delegates and app-side systems.
final class ReplaySession {
    /// The SDK generation whose session model the scenario runs (`$.sdk.version`).
    let version: Scenario.SDKVersion
    /// Whether the scenario runs in UDL mode, so each process sets the deep-link delegate too.
    let isUDL: Bool
    /// Whether every debug log entry is an output (`$.sdk.debug`).
    let reportsLog: Bool
    /// The pending deep-link router's configuration (`$.app.routing`).
    let routing: RoutingConfiguration?
    /// Whether every SDK deep-link payload goes to the router (`$.app.routeCallbacks`).
    let routeCallbacks: Bool
    /// The other apps on the device (`$.device.apps`).
    let otherApps: [Scenario.OtherApp]
    /// The pasteboard's text at the start (`$.device.pasteboard`).
    let initialPasteboard: String?
    let profile: ValueProfile
    let clock: ManualClock
    let backends: ScenarioBackends
    let deviceStore: InMemoryDeviceStore
    /// The SDK's debug log and device lines, when they are reported (`$.sdk.debug`) or recorded
    /// (``ScenarioRunner/recordsDeviceLog``); without either the SDK writes none.
    let log: RecordingDebugLogSink?
    let sdk: AppsFlyerLib
    let proxy: ReplayDelegate
    /// App-side outputs not yet reported, and (SDK 7) how many SDK callbacks had been delivered each
    /// time the session-ready listener fired, to place its output; and the delegate's record of the
    /// callbacks that reached it: one lock for all three.
    let outputs = Locked(Outputs())
    /// The pasteboard, made when a step first uses it: most scenarios never do.
    private(set) lazy var pasteboard = InMemoryPasteboard(PasteboardContents(string: initialPasteboard))
    /// The router's store, when the scenario routes.
    let routerStore: InMemoryPendingActionStore?
    /// The scenario's app, once a `launch` or `lifecycle` step has run in this process.
    var process: EmulatedAppProcess?
    var sessions: LifecycleSessionDriver?
    var router: PendingDeepLinkRouter?
    var device: EmulatedDevice?
    var hasStarted: Bool
    var eventCursor = 0
    var logCursor = 0
    /// SDK 7: whether the first `start` step registered the session-ready listener in this process.
    var listenerRegistered = false
    /// Who hears the scenario's `appEvent` steps: the team's handler, or the scenario's example handler.
    let appEventHandlers: [any ScenarioAppEventHandler]
    /// The scenario's example handler (`app.handler`), when it stands in for the team's.
    let example: ExampleLinkHandler?
    /// Whether the team's delegates get their callbacks on the main queue (the app events too).
    let onMainQueue: Bool

    /// What the session's lock guards: outputs in the order they happened, the listener's marks, and
    /// which callbacks reached the delegate.
    struct Outputs {
        var observations: [ScenarioObservation] = []
        var sessionReadyMarks: [Int] = []
        /// The delegate's record of which callbacks reached it.
        var delivered = ReplayDelegate.Delivered()

        mutating func append(_ observation: ScenarioObservation) { observations.append(observation) }

        /// The observations so far, leaving none behind.
        ///
        /// Swapped out: keeping the capacity of a buffer the caller still holds allocated a new one
        /// on every call, with or without observations.
        mutating func take() -> [ScenarioObservation] {
            var taken: [ScenarioObservation] = []
            swap(&taken, &observations)
            return taken
        }
    }

    // The scenario is borrowed: the session keeps only the few settings its steps read, not a copy.
    init(
        scenario: borrowing Scenario, profile: ValueProfile, delegate: (any AppsFlyerLibDelegate)?,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?, schedule: ReplaySchedule? = nil,
        recordsDeviceLog: Bool = false
    ) throws(ScenarioError) {
        version = scenario.sdk.version
        isUDL = scenario.sdk.mode == .udl
        reportsLog = scenario.sdk.debug
        routing = scenario.app.routing
        routeCallbacks = scenario.app.routeCallbacks
        otherApps = scenario.device.apps
        initialPasteboard = scenario.device.pasteboard
        routerStore = routing == nil ? nil : InMemoryPendingActionStore()
        self.profile = profile
        // The session's parts are set up through locals: each call through a stored property cost a
        // retain and a release of its object, some twenty per replay.
        let clock = ManualClock()
        self.clock = clock
        // Not through a local: that is a copy of every backend, a retain and a release each.
        backends = try scenario.backends(clock: clock)
        var state: DeviceState?
        if let installed = scenario.device.installed {
            let installTime = clock.now.addingTimeInterval(-Double(installed.installedAgoMilliseconds) / 1000)
            state = DeviceState(
                deviceID: "replay-device", installTime: installTime, conversionData: installed.conversionData,
                firstLaunchDelivered: installed.firstLaunchUsed, deferredLookupDone: true,
                sessionCount: installed.sessions, lastSessionStart: installTime)
            // The attribution service saw that install: a reinstall on this device is a reinstall to it.
            backends.clickConversionSource?.recordInstall(
                deviceID: "replay-device", installTime: installTime, device: scenario.sdk.deviceInfo)
        }
        hasStarted = state != nil
        let deviceStore = InMemoryDeviceStore(state)
        self.deviceStore = deviceStore
        // The SDK writes to its sink only while `isDebug` or `writesDeviceLog` is on, and a replay
        // sets both here, once: without them, a sink that keeps nothing spares three allocations.
        let log = scenario.sdk.debug || recordsDeviceLog ? RecordingDebugLogSink() : nil
        self.log = log
        let sink: any DebugLogSink
        if let log { sink = log } else { sink = DiscardingLogSink() }
        let sdk = AppsFlyerLib(
            shortLinkResolver: backends.shortLinkResolver,
            conversionDataSource: backends.conversionDataSource,
            deferredDeepLinkSource: backends.deferredDeepLinkSource, launchRecorder: backends.launchRecorder,
            deviceStore: deviceStore, clock: clock,
            logSink: sink)
        self.sdk = sdk
        sdk.writesDeviceLog = recordsDeviceLog
        sdk.drainerStartsHere = true
        sdk.sdkGeneration = SDKGeneration(rawValue: scenario.sdk.version.rawValue) ?? .v6
        sdk.emulatedRelease = scenario.sdk.release
        sdk.setCredentials(devKey: scenario.sdk.devKey, appID: scenario.sdk.appID)
        sdk.oneLinkCustomDomains = scenario.sdk.customDomains
        sdk.resolveDeepLinkURLs = scenario.sdk.resolveDeepLinkURLs
        sdk.deepLinkTimeout = scenario.sdk.deepLinkTimeout
        sdk.minTimeBetweenSessions = scenario.sdk.minTimeBetweenSessions
        sdk.conversionDataTimeout = scenario.sdk.conversionDataTimeout
        sdk.isDebug = scenario.sdk.debug
        sdk.deviceInfo = scenario.sdk.deviceInfo
        sdk.sdkQuirks = scenario.sdk.quirks
        schedule?.chooseQuirks(scenario.sdk.quirks)
        sdk.scheduleRun = schedule?.run
        // The team's delegates are app code, often `@MainActor`: they get the main queue, as from the
        // real SDK. Without them nothing needs it, and the run does not depend on the main queue
        // being drained.
        let onMainQueue = delegate != nil || deepLinkDelegate != nil
        self.onMainQueue = onMainQueue
        sdk.callbackDelivery = onMainQueue ? .mainQueue : .sdkQueue
        // Outputs are matched to delegate calls by their index in the history: keep all of this short run's.
        sdk.deliveredEventLimit = .max
        sdk.valueTyping = profile.linkValueTyping
        for path in scenario.sdk.pushPaths { sdk.addPushNotificationDeepLinkPath(path) }
        // The scenario's example handler stands in for the team's when none is given; it is
        // thread-safe, so its callbacks need not go to the main queue.
        // A team's own ExampleLinkHandler reports its navigations as the scenario's would, and takes
        // its place; any other team delegate gets the callbacks first, then the scenario's handler.
        var teamHandlers: [ExampleLinkHandler] = []
        var appEventHandlers: [any ScenarioAppEventHandler] = []
        if onMainQueue {
            for case let handler as any ScenarioAppEventHandler in [
                delegate as AnyObject?, deepLinkDelegate as AnyObject?,
            ]
            where !appEventHandlers.contains(where: { $0 === handler }) {
                appEventHandlers.append(handler)
                if let example = handler as? ExampleLinkHandler { teamHandlers.append(example) }
            }
        }
        var example: ExampleLinkHandler?
        if scenario.app.handler != nil || !teamHandlers.isEmpty {
            let outputs = self.outputs
            let navigate: @Sendable (ExampleLinkHandler.Navigation) -> Void = { navigation in
                outputs.withLock {
                    $0.append(
                        ScenarioObservation(
                            "navigate",
                            fields: ["value": .string(navigation.value), "shown": .bool(navigation.shown)]))
                }
            }
            for handler in teamHandlers { handler.observeNavigations(navigate) }
            if let mistakes = scenario.app.handler, teamHandlers.isEmpty {
                example = ExampleLinkHandler(mistakes: mistakes, clock: clock, onNavigate: navigate)
            }
        }
        self.example = example
        if let example { appEventHandlers.append(example) }
        self.appEventHandlers = appEventHandlers
        let proxy = ReplayDelegate(
            profile: profile, forward: delegate, forwardDeepLink: deepLinkDelegate, example: example,
            state: outputs)
        self.proxy = proxy
        proxy.sdk = sdk
        sdk.delegate = proxy
        if isUDL { sdk.deepLinkDelegate = proxy }
        if let routing, let routerStore {
            router = try? PendingDeepLinkRouter(configuration: routing, store: routerStore, clock: clock)
        }
    }

    // MARK: - Steps

    func perform(_ action: ScenarioStep.Action) async -> [ScenarioObservation] {
        switch action {
        case .start where version == .v7 && !listenerRegistered:
            hasStarted = true
            registerSessionReadyListener()
        case .startWithCompletion where version == .v7 && !listenerRegistered:
            hasStarted = true
            registerSessionReadyListener(reportingCompletion: true)
        case .startWithCompletion:
            hasStarted = true
            sdk.start(completionHandler: startCompletionReporter())
        case .foreground where version == .v7:
            sdk.simulateDidBecomeActive()
        case .background where version == .v7:
            sdk.simulateDidEnterBackground()
        case .universalLink(let text)
        where version == .v7 && !listenerRegistered && URL(string: text) != nil:
            sdk.handleLaunchOptions(AppsFlyerLib.launchOptions(universalLink: URL(string: text)!))
        case .start, .foreground:
            hasStarted = true
            sdk.submitAndRunHere(.start)
        case .background: break
        case .handleOpen(let url, let source):
            sdk.submitAndRunHere(.openURL(url, sourceApplication: source))
        case .universalLink(let url): sdk.submitAndRunHere(.universalLink(url))
        case .push(let payload): sdk.submitAndRunHere(.push(payload))
        case .performOnAppAttribution(let url): sdk.submitAndRunHere(.performOnAppAttribution(url))
        case .advance(let milliseconds): await clock.advance(by: .milliseconds(milliseconds))
        case .reinstall: await restart(reinstall: true)
        case .relaunch: await restart(reinstall: false)
        case .setDelegate(let deepLink):
            if deepLink { sdk.deepLinkDelegate = proxy } else { sdk.delegate = proxy }
        case .clearDelegate(let deepLink):
            if deepLink { sdk.deepLinkDelegate = nil } else { sdk.delegate = nil }
        case .behaviour(let shortLinks, let conversion, let deferred):
            backends.setBehavior(shortLinks: shortLinks, conversion: conversion, deferred: deferred)
        case .launch(let options): launch(options)
        case .sdkSettings(let change): change.apply(to: sdk)
        case .lifecycle(let signal): send(signal)
        case .route(let input): route(input)
        case .setRoot(let name): _ = router?.setRoot(handler(name))
        case .pushScreen(let name): _ = router?.push(handler(name))
        case .popScreen: _ = router?.pop()
        case .routerReady: _ = router?.markReady()
        case .routerBackground: router?.appDidEnterBackground()
        case .routerActive: _ = router?.appDidBecomeActive()
        case .setPasteboard(let text): pasteboard.setContents(PasteboardContents(string: text))
        case .clipboardLink(let firstLaunch): await clipboardLink(firstLaunch: firstLaunch)
        case .openURL(let url, let source): await openURL(url, from: source)
        case .click(let request): await click(request)
        case .delivery(let step): await perform(step)
        case .appEvent(let name): await appEvent(name)
        }
        if Self.touchesSDK(action) { await sdk.settle() }
        return collect()
    }

    /// Lets work still blocked on the clock run out, so no task outlives the run, and returns what that produced (no step reports it).
    func finish() async -> [ScenarioObservation] {
        var rounds = 0
        while !sdk.isIdle, rounds < 1000, let deadline = clock.nextDeadline {
            await clock.advance(to: deadline)
            await sdk.settle()
            rounds += 1
        }
        return collect()
    }

    /// Whether an action can make the SDK work, so the step must wait for it to settle.
    static func touchesSDK(_ action: ScenarioStep.Action) -> Bool {
        switch action {
        case .start, .startWithCompletion, .foreground, .handleOpen, .universalLink, .push,
            .performOnAppAttribution, .advance,
            .reinstall,
            .relaunch, .launch, .lifecycle, .delivery, .sdkSettings:
            return true
        case .background, .setDelegate, .clearDelegate, .behaviour, .route, .setRoot, .pushScreen, .popScreen,
            .routerReady, .routerBackground, .routerActive, .setPasteboard, .clipboardLink, .openURL, .click,
            .appEvent:
            return false
        }
    }

    /// Hands one of the app's own events to its handlers, on the main queue when the team's delegates get their callbacks there.
    private func appEvent(_ name: String) async {
        let handlers = Handoff(appEventHandlers)
        guard onMainQueue, !MainQueue.isCurrent else {
            for handler in handlers.value { handler.handleAppEvent(name) }
            return
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                for handler in handlers.value { handler.handleAppEvent(name) }
                done.resume()
            }
        }
    }

    private func emit(_ output: String, _ fields: [String: AttributionValue]) {
        outputs.withLock { $0.append(ScenarioObservation(output, fields: fields)) }
    }

    /// App-side outputs in the order they happened, then SDK callbacks, then debug log entries.
    private func collect() -> [ScenarioObservation] {
        // Locals: a call through a stored property costs a retain and a release of its object.
        let (sdk, proxy, outputs) = (self.sdk, self.proxy, self.outputs)
        var result = outputs.withLock { $0.take() }
        // The events after the cursor only: earlier steps already observed the rest.
        let start = eventCursor
        let newer = sdk.deliveredEvents(from: start)
        proxy.match(newer, from: start)
        var routed: [AttributionPayload] = []
        var marks = outputs.withLock { outputs in
            defer { outputs.sessionReadyMarks.removeAll() }
            return outputs.sessionReadyMarks[...]
        }
        while eventCursor - start < newer.count {
            while let mark = marks.first, mark <= eventCursor {
                result.append(ScenarioObservation("sessionReady"))
                marks.removeFirst()
            }
            let event = newer[eventCursor - start]
            result.append(observation(of: event, dropped: !proxy.wasDelivered(eventCursor)))
            if routeCallbacks {
                switch event {
                case .appOpenAttribution(let payload): routed.append(payload)
                case .deepLink(let deepLinkResult):
                    if let payload = deepLinkResult.deepLink?.clickEventPayload { routed.append(payload) }
                default: break
                }
            }
            eventCursor += 1
        }
        for _ in marks { result.append(ScenarioObservation("sessionReady")) }
        if reportsLog, let log {
            let entries = log.entries
            while logCursor < entries.count {
                let entry = entries[logCursor]
                var fields: [String: AttributionValue] = [
                    "rule": .string(entry.rule.rawValue), "message": .string(entry.message),
                ]
                if let backend = entry.backend { fields["backend"] = .string(backend) }
                if let duration = entry.duration {
                    fields["durationMs"] = .int(Int(duration.wholeMilliseconds))
                }
                result.append(ScenarioObservation("log", fields: fields))
                logCursor += 1
            }
        }
        if !routed.isEmpty {
            for payload in routed { route(.callback(payload)) }
            result += outputs.withLock { $0.take() }
        }
        return result
    }

    private func observation(of event: AppsFlyerEvent, dropped: Bool) -> ScenarioObservation {
        // Room for every field the event can give, with `dropped`: grown from empty, a failure's
        // six fields cost three tables.
        let room: Int
        switch event {
        case .conversionDataSuccess, .appOpenAttribution: room = 2
        case .conversionDataFail, .appOpenAttributionFailure: room = 6
        case .deepLink: room = 9
        }
        var fields = [String: AttributionValue](minimumCapacity: room)
        switch event {
        case .conversionDataSuccess(let payload), .appOpenAttribution(let payload):
            fields["payload"] = .object(profile.apply(payload).values)
        case .conversionDataFail(let error), .appOpenAttributionFailure(let error):
            Self.describe(error, into: &fields)
        case .deepLink(let result):
            fields["status"] = .string(result.status.description)
            if let deepLink = result.deepLink {
                fields["isDeferred"] = .bool(deepLink.isDeferred)
                fields["payload"] = .object(profile.apply(deepLink.clickEventPayload).values)
            }
            if let error = result.attributionError { Self.describe(error, into: &fields) }
        }
        if dropped { fields["dropped"] = true }
        return ScenarioObservation(event.callbackName, fields: fields)
    }

    /// A failure's fields: the documented kind, the emulator's explanation, and the real SDK's `NSError` domain, code and description.
    static func describe(_ error: AttributionError, into fields: inout [String: AttributionValue]) {
        fields["kind"] = .string(error.kind.rawValue)
        fields["error"] = .string(error.explanation)
        fields["domain"] = .string(error.domain)
        fields["code"] = .int(error.errorCode)
        fields["description"] = .string(error.localizedDescription)
    }

    // MARK: - Process

    private func restart(reinstall: Bool) async {
        let sdk = self.sdk
        let task = Task {
            if reinstall { await sdk.simulateReinstall() } else { await sdk.simulateRelaunch() }
        }
        // A call blocked on the clock would keep the process alive forever; let its deadlines pass instead.
        while true {
            await sdk.settle()
            if sdk.isIdle { break }
            guard let deadline = clock.nextDeadline else { break }
            await clock.advance(to: deadline)
        }
        await task.value
        // The new process's launch code sets the delegates again, as the scenario's mode says.
        sdk.delegate = proxy
        if isUDL { sdk.deepLinkDelegate = proxy }
        listenerRegistered = false
        // The handler's object died with the process; its successor starts with no screen.
        example?.startNewProcess()
        if reinstall {
            try? routerStore?.save([])
            hasStarted = false
        }
        process = nil
        sessions = nil
        if let routing, let routerStore {
            router = try? PendingDeepLinkRouter(configuration: routing, store: routerStore, clock: clock)
        }
    }

    // MARK: - Launch and lifecycle

    /// The app's process and the session driver over its lifecycle, made on first use in each process.
    private func ensureProcess() -> (EmulatedAppProcess, LifecycleSessionDriver) {
        if let process, let sessions { return (process, sessions) }
        let process = EmulatedAppProcess(clock: clock, isFirstLaunch: !hasStarted)
        let driver = LifecycleSessionDriver(lifecycle: process.lifecycle, driver: sdk)
        self.process = process
        sessions = driver
        if let router { _ = router.follow(process.lifecycle) }
        return (process, driver)
    }

    private func send(_ signal: LifecycleSignal) {
        do {
            try sendThroughSessions(signal)
        } catch {
            emit("lifecycleError", ["error": .string(error.description)])
        }
    }

    /// Hands a signal to the app's lifecycle through the session driver, and reports the events it emitted.
    private func sendThroughSessions(_ signal: LifecycleSignal) throws(LifecycleError) {
        let driver = ensureProcess().1
        let events = try driver.send(signal)
        let deviceKeys = driver.lifecycle.device.eventProperties.values
        for event in events {
            if event.name == .appStart { hasStarted = true }
            let own = event.properties.values.filter { deviceKeys[$0.key] == nil }
            emit(event.name.rawValue, ["payload": .object(own)])
        }
    }

    private func launch(_ options: LaunchOptions) {
        let classification = LaunchClassification(options: options)
        var fields = [String: AttributionValue](minimumCapacity: 4)
        fields["source"] = .string(classification.source.rawValue)
        if let url = classification.url { fields["url"] = .string(url.absoluteString) }
        if let source = classification.sourceApplication { fields["sourceApplication"] = .string(source) }
        if let reason = classification.passiveReason { fields["passiveReason"] = .string(reason.rawValue) }
        emit("launch", fields)
        do {
            try ensureProcess().0.bringToFront(
                launching: LaunchMode(classification), sending: sendThroughSessions
            ) { _ in
                // The app's didFinishLaunchingWithOptions.
                classification.drive(sdk)
                if router != nil {
                    if let payload = classification.pushPayload { route(.push(payload)) }
                    if classification.source == .urlScheme, let url = classification.url {
                        route(.url(url.absoluteString))
                    }
                }
            }
        } catch {
            emit("lifecycleError", ["error": .string(error.description)])
        }
    }

    // MARK: - Routing

    private func handler(_ name: String) -> RouteHandler {
        let outputs = self.outputs
        return RouteHandler(name: name) { action in
            outputs.withLock {
                $0.append(
                    ScenarioObservation(
                        "route", fields: ["handler": .string(name), "action": .string(action.text)]))
            }
        }
    }

    private func route(_ input: ScenarioStep.RouteInput) {
        guard let router else {
            emit("routingError", ["error": "no router: the scenario has no app.routing"])
            return
        }
        do {
            let outcome: RoutingOutcome
            switch input {
            case .action(let text): outcome = try router.receive(actionText: text)
            case .callback(let payload): outcome = try router.receive(callbackPayload: payload)
            case .push(let payload): outcome = try router.receive(pushPayload: payload)
            case .url(let text):
                guard let url = URL(string: text) else {
                    outcome = try router.receive(actionText: text, source: .url)
                    break
                }
                outcome = try router.receive(url: url)
            }
            if case .held(let pending, let reason) = outcome {
                emit(
                    "held",
                    [
                        "action": .string(pending.action.text), "reason": .string(reason.rawValue),
                        "source": .string(pending.source.rawValue),
                    ])
            }
        } catch {
            emit("routingError", ["error": .string(error.description)])
        }
    }

    // MARK: - Pasteboard, other apps, server

    private func clipboardLink(firstLaunch: Bool) async {
        let link = ClipboardDeferredLink(pasteboard: pasteboard, matchSource: backends.clipboardMatchSource)
        let result = await link.resolve(isFirstLaunch: firstLaunch)
        var fields: [String: AttributionValue] = [:]
        switch result {
        case .skippedNotFirstLaunch: fields["result"] = "skippedNotFirstLaunch"
        case .noToken: fields["result"] = "noToken"
        case .malformedToken(let text, let error):
            fields = ["result": "malformedToken", "text": .string(text), "error": .string(error.description)]
        case .notFound(let token): fields = ["result": "notFound", "token": .string(token.value)]
        case .matched(let token, let payload):
            fields = ["result": "matched", "token": .string(token.value), "payload": .object(payload.values)]
        case .lookupFailed(let token, let error):
            fields = [
                "result": "lookupFailed", "token": .string(token.value), "kind": .string(error.kind.rawValue),
                "error": .string(error.description),
            ]
        }
        fields["pasteboard"] = pasteboard.peek.string.map(AttributionValue.string) ?? .null
        emit("clipboard", fields)
    }

    private func openURL(_ text: String, from source: String?) async {
        let device = ensureDevice()
        guard let url = URL(string: text), url.scheme != nil else {
            emit("openURL", ["result": "failed", "error": .string("\"\(text)\" has no URL scheme")])
            return
        }
        var fields = [String: AttributionValue](minimumCapacity: 5)
        fields["canOpen"] = .bool(device.canOpenURL(url))
        switch await device.open(url, from: source) {
        case .notInstalled(let scheme):
            fields["result"] = "notInstalled"
            fields["scheme"] = .string(scheme)
        case .launched(let delivery), .delivered(let delivery):
            fields["result"] = delivery.isColdLaunch ? "launched" : "delivered"
            fields["bundleID"] = .string(delivery.bundleID)
            fields["source"] = .string(delivery.classification.source.rawValue)
            if let source = delivery.sourceApplication { fields["sourceApplication"] = .string(source) }
        case .failed(let error):
            fields["result"] = "failed"
            fields["error"] = .string(error.description)
        }
        emit("openURL", fields)
    }

    private func ensureDevice() -> EmulatedDevice {
        if let device { return device }
        let device = EmulatedDevice(clock: clock, pasteboard: pasteboard)
        for app in otherApps {
            try? device.install(
                EmulatedApp(
                    bundleID: app.bundleID, urlSchemes: app.schemes, queriesSchemes: app.queriesSchemes))
        }
        self.device = device
        return device
    }

    private func click(_ request: ClickRequest) async {
        guard let handler = backends.clickHandler else {
            emit("clickError", ["error": "no OneLink server: the scenario has no backend.server"])
            return
        }
        do {
            let decision = try await handler.handle(request)
            // Room for all five fields a decision can give: grown from one, the table was made three times.
            var fields = [String: AttributionValue](minimumCapacity: 5)
            fields["recorded"] = .bool(decision.recordedClick != nil)
            switch decision.kind {
            case .openedApp(let universalLink):
                fields["decision"] = "openedApp"
                fields["universalLink"] = .string(universalLink)
                if let appURL = decision.appURL { fields["appURL"] = .string(appURL) }
            case .redirect(let location):
                fields["decision"] = "redirect"
                fields["location"] = .string(location)
            case .interstitial(let page):
                fields["decision"] = "interstitial"
                fields["interstitial"] = [
                    "url": .string(page.url), "browser": .string(page.browser.rawValue),
                    "universalLink": .string(page.universalLink),
                ]
            case .uriSchemeFallback(let url):
                fields["decision"] = "uriSchemeFallback"
                fields["location"] = .string(url)
            }
            if let status = decision.httpStatus { fields["status"] = .int(status) }
            emit("click", fields)
        } catch {
            emit("clickError", ["error": .string(error.description)])
        }
    }
}

extension ReplaySession {
    /// SDK 7: registers the listener the app registers in `didFinishLaunching`; it calls `start()`.
    ///
    /// Each call is reported as a `sessionReady` output, placed among the SDK callbacks as it happened.
    fileprivate func registerSessionReadyListener(reportingCompletion: Bool = false) {
        listenerRegistered = true
        let outputs = self.outputs
        let completion = reportingCompletion ? startCompletionReporter() : nil
        sdk.registerSessionReadyListener { [weak sdk] in
            guard let sdk else { return }
            let count = sdk.deliveredEventCount
            outputs.withLock { $0.sessionReadyMarks.append(count) }
            if let completion { sdk.start(completionHandler: completion) } else { sdk.start() }
        }
    }

    /// A `start(completionHandler:)` handler that reports each call as a `startCompletion` output:
    /// the response, or the error's kind, explanation and the real SDK's `NSError` domain, code and description.
    fileprivate func startCompletionReporter() -> ([String: Any]?, (any Error)?) -> Void {
        { [weak self] response, error in
            var fields: [String: AttributionValue] = [:]
            if let error {
                let nsError = error as NSError
                fields["kind"] = .string(AttributionError(wrapping: error).kind.rawValue)
                fields["error"] = .string(AttributionError(wrapping: error).explanation)
                fields["domain"] = .string(nsError.domain)
                fields["code"] = .int(nsError.code)
                fields["description"] = .string(nsError.localizedDescription)
            } else {
                fields["response"] = .object(
                    ((try? AttributionPayload(foundation: response ?? [:])) ?? [:]).values)
            }
            self?.emit("startCompletion", fields)
        }
    }
}

/// A sink for an SDK whose log is off for the whole replay: it never receives an entry.
private struct DiscardingLogSink: DebugLogSink {
    func log(_ entry: DebugLogEntry) {}
}
