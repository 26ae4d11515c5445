import Foundation
import OneLinkEmulator

/// Turns the SDK's events from a log into a scenario: settings, backends, device, steps, and the callbacks as expectations.
///
/// The backends are set up to answer what the log shows the device received: the conversion data
/// of the first launch, the deferred click, each short link's parameters, the failures and the
/// delays (from the timestamps). Steps follow the log's sessions, links and processes, with
/// `advance` steps where time passed. The callbacks become the expectations, placed by
/// ``LogImporter`` after a trial replay.
struct LogScenarioBuilder {
    /// A callback the log shows, as an expectation, with the step it followed in the log.
    struct LoggedCallback {
        var expectation: [String: AttributionValue]
        var step: Int
        var line: Int
    }

    private(set) var notes: [String] = []
    private(set) var steps: [[String: AttributionValue]] = []
    private(set) var callbacks: [LoggedCallback] = []
    private var sdk: [String: AttributionValue] = [:]
    private var backend: [String: AttributionValue] = [:]
    private var device: [String: AttributionValue] = [:]
    private var shortLinks: [String: AttributionValue] = [:]
    private var redirects: [String: AttributionValue] = [:]
    private var customDomains: [String] = []
    private var pushPaths: [[String]] = []
    private var udl = false
    private var version: String?
    /// Whether a session ran in the current process, so a new version line is a relaunch.
    private var sessionInProcess = false
    private var anySession = false
    private var installKnown = false
    private var installPayload: AttributionPayload?
    /// The time of the latest step, to turn time gaps into `advance` steps.
    private var clock: Date?
    /// The time of the latest step that is not an `advance`: when its link or session began.
    private var stepTime: Date?
    /// The time of the latest session's start, which the conversion-data and deferred requests are measured from.
    private var sessionTime: Date?
    /// When the session's deferred lookup answered: the SDK asks for the conversion data after it (the dev hub's
    /// extended deferred deep linking sample prints `[GCD-B01]` after `didResolveDeepLink`), so that delay counts from here.
    private var deferredAnswerTime: Date?
    /// Whether the scenario's clock reads the log's times, so an `install_time` the emulator stamps matches.
    private var synced = false
    /// Whether a conversion-data callback was dropped before any conversion data was seen.
    private var conversionDropped = false
    private var redactionNoted = false
    /// The start step the latest lines belong to: the lines of one start (`isFirstLaunch`, `Initial start`, the
    /// launch request, `Skip launch`, …) are one step; `openRoles` are the roles seen (a request is role 3).
    private var openStart: Int?
    private var openRoles: Set<Int> = []
    private var sessionsBeforeOpen = false
    /// The step kinds that make the SDK call a backend or a delegate: a callback's delay is measured from the latest.
    private static let activeKinds: Set<AttributionValue> = [
        "start", "universalLink", "handleOpen", "push", "performOnAppAttribution",
    ]
    /// The short links whose parameters the log printed (`[Shortlink] OneLink:`), which the callbacks need not be read for.
    private var storedKeys: Set<String> = []
    /// The link of the latest link step, and its kind.
    private var lastLink: (url: String, kind: String)?
    private var lastPush: AttributionPayload?
    private var afterDeferredStart = false
    /// Whether `[DDL] Start DDL` came with the lines of the session about to start, so that session's start keeps it.
    private var deferredStartJustSeen = false
    /// The behaviour in force for each backend, as the scenario's `behaviour` would set it.
    private var behaviour: [String: AttributionValue] = [:]
    private var delegatePresent = (app: true, deepLink: true)

    /// Errors of the SDK's network domain printed on their own, not an HTTP status: which call they answered is
    /// not in the line.
    private var bareErrors: [(error: LoggedError, event: LogEvent)] = []

    /// Builds the scenario of `events`; `sdkLine` is the log's first line of the SDK's, which shows it ran.
    init(events: [LogEvent], version: String?, sdkLine: (line: Int, excerpt: String)? = nil) {
        self.version = version
        if let version, version.hasPrefix("7") { sdk["version"] = 7 }
        for event in events { add(event) }
        explainBareErrors()
        if steps.isEmpty {
            // Only side lines (a receipt URL, `[CFG] Applied new configuration`, `[SKAd]`, `[HTTP] Dealloc…`):
            // the SDK ran, so the smallest scenario that explains them is one session.
            let line = sdkLine?.line ?? events.first?.line
            note(
                line,
                "the log shows the SDK at work\(sdkLine.map { " (`\($0.excerpt)`)" } ?? "") but no session start, "
                    + "link or callback: the SDK was started, so the scenario has one session; what it received "
                    + "is not in the log, so the replay shows the callbacks the log does not")
            steps.append(["do": "start"])
            anySession = true
        }
        if !anySession && !steps.isEmpty {
            note(
                nil, "the log shows no session start, so the scenario has none either"
            )
        }
    }

    /// The bare network errors: with no callback and no link in the log, the first is the deferred deep link's
    /// failure, as an app prints `result.error` in `didResolveDeepLink` (AppsFlyerFramework#313); else a note each.
    private mutating func explainBareErrors() {
        let linkKinds: Set<AttributionValue> = [
            "universalLink", "handleOpen", "push", "performOnAppAttribution",
        ]
        guard let (error, event) = bareErrors.first, callbacks.isEmpty,
            !steps.contains(where: { linkKinds.contains($0["do"] ?? .null) })
        else {
            for (error, event) in bareErrors {
                note(
                    event.line,
                    "\(error.domain) code \(error.code) \"\(error.message)\" printed on its own: which call it answered "
                        + "is not in the log, so it is not replayed")
            }
            return
        }
        udl = true
        ensureSession(at: event)
        note(
            event.line,
            "\(error.domain) code \(error.code) \"\(error.message)\"\(error.underlyingCode.map { " (NSURLErrorDomain \($0) under it)" } ?? "") "
                + "printed on its own, with no callback line in the log: taken as the deferred deep-link lookup's "
                + "failure, the error an app prints from didResolveDeepLink's result, so the scenario is in UDL mode "
                + "and its expectation names the error's kind, domain and code")
        failingBackend("deferred", error, at: event)
        callback(
            [
                "output": "didResolveDeepLink", "status": "FAILURE", "kind": .string(error.kind.rawValue),
                "domain": .string(error.domain), "code": .int(error.code),
            ], at: event)
        for (error, event) in bareErrors.dropFirst() {
            note(
                event.line,
                "\(error.domain) code \(error.code) \"\(error.message)\" printed on its own as well: not replayed"
            )
        }
    }

    private mutating func note(_ line: Int?, _ text: String) {
        guard notes.count < 200 else { return }
        notes.append(line.map { "line \($0): \(text)" } ?? text)
    }

    private mutating func add(_ event: LogEvent) {
        switch event.kind {
        case .start, .launch, .devKeyMissing: break
        default:
            openStart = nil
            openRoles = []
        }
        switch event.kind {
        case .deferredStart, .start, .launch, .process, .deepLinkDelegate: break
        default: deferredStartJustSeen = false
        }
        switch event.kind {
        case .process:
            if sessionInProcess {
                step(["do": "relaunch"], at: event)
                sessionInProcess = false
            }
        case .deepLinkDelegate:
            udl = true
        case .deferredStart:
            udl = true
            afterDeferredStart = true
            deferredStartJustSeen = true
        case .deferredDone:
            udl = true
            if !anySession {
                device["state"] = "installed"
                note(event.line, "the deferred deep link was already resolved: the device starts installed")
            }
        case .launch(let counter, let appID):
            if let appID, !appID.isEmpty, appID.allSatisfy(\.isNumber), sdk["appID"] == nil {
                sdk["appID"] = .string(appID)
            } else if let appID, !appID.isEmpty, sdk["appID"] == nil, !redactionNoted {
                redactionNoted = true
                note(
                    event.line,
                    "the app ID \(appID) is redacted or not numeric: the scenario keeps its default")
            }
            // The start lines just before (`Start`, SDK 7's `[START]`) and their launch request are one session.
            let joins = joinsOpenStart(role: 3, at: event)
            let earlier = joins ? sessionsBeforeOpen : anySession
            if counter == 1, earlier {
                // The install's first launch again: the app was deleted and installed in between.
                let before = (joins ? openStart ?? steps.count - 1 : steps.count) - 1
                if before >= 0, steps[before]["do"] == "relaunch" {
                    steps[before]["do"] = "reinstall"
                } else if joins, let open = openStart {
                    insertStep(["do": "reinstall"], at: open)
                } else {
                    step(["do": "reinstall"], at: event)
                }
            } else if let counter, counter > 1, !earlier {
                device["state"] = "installed"
                device["sessions"] = .int(counter - 1)
                note(
                    event.line,
                    "the first launch in the log is the install's launch number \(counter): the device starts installed"
                )
            }
            if !joins { openNewStart(role: 3, skipped: false, at: event) }
        case .start(let line):
            if !joinsOpenStart(role: line.role, at: event) {
                openNewStart(role: line.role, skipped: line.isSkipped, at: event)
            }
            if line.isLater, !sessionsBeforeOpen, device["state"] == nil, !installKnown {
                device["state"] = "installed"
                note(
                    event.line,
                    "the first start in the log is a later launch (\(line == .sinceLast ? "Time from last start" : line == .backgroundTransition ? "a return from the background" : "isFirstLaunch false")): the device starts installed"
                )
            }
        case .sessionCounter(let count):
            if !anySession, count > 1, device["state"] == nil, !installKnown {
                device["state"] = "installed"
                device["sessions"] = .int(count)
                note(
                    event.line,
                    "the SDK's session counter is \(count) before any session in the log: the device starts installed with "
                        + "\(count) sessions")
            }
        case .devKeyMissing:
            sdk["devKey"] = ""
            note(
                event.line,
                "the SDK found no dev key and did not start: the scenario starts without one, to the same effect"
            )
            if !joinsOpenStart(role: 1, at: event) { openNewStart(role: 1, skipped: false, at: event) }
        case .shortLinkAnswer(let status):
            guard let status, status >= 400 else {
                note(
                    event.line,
                    "the short link's answer\(status.map { " (status \($0))" } ?? ""): what it resolved to is in the callback that follows"
                )
                break
            }
            note(
                event.line,
                "the short link's request failed with HTTP status \(status): the short-link backend fails the same way"
            )
            failingBackend(
                "shortLinks",
                LoggedError(
                    domain: "com.appsflyer.sdk.network", code: 50, message: "Status code failure: \(status)"),
                at: event)
        case .unreadCallback(let name):
            if name == "onConversionDataSuccess" { ensureSession(at: event) }
            ensureDelegate(deepLink: false, at: event)
            callback(["output": .string(name)], at: event)
        case .universalLink(let url):
            link("universalLink", url, at: event)
        case .openURL(let url):
            link("handleOpen", url, at: event)
        case .performOnAppAttribution(let url):
            link("performOnAppAttribution", url, at: event)
        case .push(let payload):
            step(["do": "push", "payload": .object(payload.values)], at: event)
            lastLink = nil
            lastPush = payload
        case .conversionData(let payload):
            ensureSession(at: event)
            conversionData(payload, at: event)
        case .conversionFailure(let error):
            ensureSession(at: event)
            failure("onConversionDataFail", error, backendKey: "conversion", at: event)
        case .openAttribution(let payload):
            ensureLink(payload, at: event)
            openAttribution(payload, at: event)
        case .openAttributionFailure(let error):
            failure("onAppOpenAttributionFailure", error, backendKey: "shortLinks", at: event)
        case .deepLink(var result):
            if result.status.isEmpty {
                ensureDelegate(deepLink: true, at: event)
                udl = true
                callback(["output": "didResolveDeepLink"], at: event)
                break
            }
            if result.isDeferred == nil {
                // The iOS line carries no is_deferred: after `[DDL] Start DDL`, or a result with a match type and
                // no link of its own before any session or link, it is the first launch's deferred lookup.
                let matchType = result.clickEvent?["match_type"]?.textValue ?? ""
                let linkless = result.clickEvent?["link"] == nil && lastLink == nil
                if afterDeferredStart
                    || (linkless && !anySession && !matchType.isEmpty && matchType != "null")
                {
                    result.isDeferred = true
                    if !afterDeferredStart {
                        note(
                            event.line,
                            "a deep link with a match type and no link before it: taken as the deferred one")
                    }
                }
            }
            if result.isDeferred == true {
                ensureSession(at: event)
            } else if let clickEvent = result.clickEvent {
                ensureLink(clickEvent, at: event)
            }
            udl = true
            deepLink(result, at: event)
        case .shortLinkStored(let stored):
            storedShortLink(stored, at: event)
        case .dropped(let callback):
            if callback == "onConversionDataSuccess" || callback == "onConversionDataFail" {
                ensureSession(at: event)
            }
            dropped(callback, at: event)
        case .error(let error):
            if error.domain == AttributionError.errorDomain, error.kind == .network || error.kind == .timeout
            {
                bareErrors.append((error, event))
                break
            }
            guard error.kind == .httpStatusCode, error.httpStatus != nil,
                !callbacks.contains(where: { $0.line > event.line })
            else {
                note(
                    event.line,
                    "\(error.domain) code \(error.code) \"\(error.message)\" printed on its own: which call it answered is "
                        + "not in the log, so it is not replayed")
                break
            }
            // A request's failure printed on its own (the app's start completion, say): the launch failed,
            // and the SDK then fails the session's conversion data with the same error (rule 14).
            ensureSession(at: event)
            note(
                event.line,
                "\(error.domain) code \(error.code) \"\(error.message)\" printed on its own: replayed as the session's "
                    + "conversion data failing with it, which is what the SDK reports after a failed launch")
            failure("onConversionDataFail", error, backendKey: "conversion", at: event)
        }
    }

    // MARK: - Steps

    /// Adds a step, after an `advance` step for the time since the previous one.
    private mutating func step(_ fields: [String: AttributionValue], at event: LogEvent) {
        advance(to: event.time)
        steps.append(fields)
        stepTime = event.time
    }

    /// Adds an `advance` step when `time` is later than the latest step's.
    private mutating func advance(to time: Date?) {
        guard let time else { return }
        defer { if clock == nil || time > clock! { clock = time } }
        guard let clock else {
            // A log of the emulator's own (or one whose clock starts the same day) keeps its times:
            // the scenario's clock starts at ManualClock.defaultStart and moves to the first line's.
            let lead = time.timeIntervalSince(ManualClock.defaultStart)
            if lead >= 0, lead <= 86_400 {
                synced = true
                let milliseconds = Int64((lead * 1000).rounded())
                if milliseconds >= 1 { steps.append(["do": "advance", "by": .string("\(milliseconds)ms")]) }
            }
            return
        }
        let milliseconds = Int64(((time.timeIntervalSince(clock)) * 1000).rounded())
        guard milliseconds >= 1 else { return }
        // A gap over a day is a paste of two runs, or a clock change: keep the order, not the gap.
        guard milliseconds <= 86_400_000 else {
            note(nil, "a gap of \(milliseconds / 1000) s between two lines was left out")
            return
        }
        steps.append(["do": "advance", "by": .string("\(milliseconds)ms")])
    }

    /// Whether a start line of `role` (or the launch request, role 3) belongs to the start the latest lines opened: one
    /// of each role, within two seconds.
    private mutating func joinsOpenStart(role: Int, at event: LogEvent) -> Bool {
        guard openStart != nil, !openRoles.contains(role) else { return false }
        if let time = event.time, let started = stepTime, abs(time.timeIntervalSince(started)) > 2 {
            return false
        }
        openRoles.insert(role)
        return true
    }

    /// A start step for the first line of a start; a skipped start (`Skip launch`) is a start step that begins no session.
    private mutating func openNewStart(role: Int, skipped: Bool, at event: LogEvent) {
        let before = anySession
        if skipped {
            step(["do": "start"], at: event)
        } else {
            startSession(at: event)
        }
        openStart = steps.count - 1
        openRoles = [role]
        sessionsBeforeOpen = before
    }

    /// Inserts a step at `index`, moving the callbacks and the open start after it.
    private mutating func insertStep(_ fields: [String: AttributionValue], at index: Int) {
        steps.insert(fields, at: index)
        for callback in callbacks.indices where callbacks[callback].step >= index {
            callbacks[callback].step += 1
        }
        if let open = openStart, open >= index { openStart = open + 1 }
    }

    /// The index of the latest step that made the SDK call a backend or a delegate (a start, a link, a push).
    private var triggerIndex: Int? {
        steps.lastIndex { Self.activeKinds.contains($0["do"] ?? .null) }
    }

    private mutating func startSession(at event: LogEvent) {
        step(["do": "start"], at: event)
        sessionTime = event.time
        deferredAnswerTime = nil
        sessionInProcess = true
        anySession = true
        if !deferredStartJustSeen { afterDeferredStart = false }
    }

    /// A callback with no session before it in the log: the app must have started the SDK.
    private mutating func ensureSession(at event: LogEvent) {
        guard !anySession else { return }
        note(event.line, "a callback comes before any session in the log; a start step was added before it")
        step(["do": "start"], at: event)
        sessionTime = event.time
        sessionInProcess = true
        anySession = true
    }

    /// A direct link's callback with no link handed over before it in the log: the link is taken from its payload.
    private mutating func ensureLink(_ payload: AttributionPayload, at event: LogEvent) {
        guard lastLink == nil, lastPush == nil, let link = payload["link"]?.textValue, !link.isEmpty else {
            lastLink = nil
            return
        }
        let kind = link.lowercased().hasPrefix("https://") ? "universalLink" : "handleOpen"
        note(
            event.line,
            "a deep link's callback with no link line before it: the link \(link) is taken from its payload")
        self.link(kind, link, at: event)
        lastLink = nil
    }

    private mutating func link(_ kind: String, _ url: String, at event: LogEvent) {
        // Two lines for one link (`NSUserActivity` and `UniversalLink/Deeplink found:`): one step.
        if let lastLink, lastLink.url == url, callbacks.last.map({ $0.step < steps.count - 1 }) ?? true,
            steps.last?["url"] == .string(url)
        {
            return
        }
        step(["do": .string(kind), "url": .string(url)], at: event)
        lastLink = (url, kind)
        lastPush = nil
        afterDeferredStart = false
    }

    /// Records a callback; one that came after its step by some time gets an `advance` step before it.
    private mutating func callback(_ expectation: [String: AttributionValue], at event: LogEvent) {
        if steps.isEmpty {
            note(
                event.line,
                "a callback with no session or link before it in the log: a start step was added before it")
            step(["do": "start"], at: event)
            sessionInProcess = true
            anySession = true
        }
        advance(to: event.time)
        callbacks.append(
            LoggedCallback(expectation: expectation, step: max(0, steps.count - 1), line: event.line))
    }

    // MARK: - Callbacks

    private mutating func conversionData(_ payload: AttributionPayload, at event: LogEvent) {
        ensureDelegate(deepLink: false, at: event)
        var data = payload
        let first = data["is_first_launch"]?.boolValue
        data["is_first_launch"] = nil
        data["iscache"] = nil
        if !installKnown {
            installKnown = true
            installPayload = data
            if first == false, !conversionDropped {
                device["state"] = "installed"
                device["conversionData"] = .object(data.values)
                note(
                    event.line,
                    "the first conversion data in the log is not the first launch's: the device starts installed with it"
                )
            } else {
                var answer = data
                if synced, let started = stepTime,
                    answer["install_time"] == .string(AttributionTimestamp.string(from: started))
                {
                    // The install happened at this session: the emulator stamps it the same way, and again after a reinstall.
                    answer["install_time"] = nil
                }
                backend["install"] = ["nonOrganic": .object(answer.values)]
            }
        }
        resetBehaviour("conversion", at: event)
        delayed("conversion", "the conversion data", at: event)
        callback(
            ["output": "onConversionDataSuccess", "payload": .object(payload.values), "types": "loose"],
            at: event)
    }

    private mutating func openAttribution(_ payload: AttributionPayload, at event: LogEvent) {
        ensureDelegate(deepLink: false, at: event)
        if !installKnown, !anySession, payload["af_status"] != nil {
            // Legacy mode merges the cached install's fields into a link's data: an earlier session ran.
            var cached = AttributionPayload()
            for key in AppsFlyerLib.installKeysMergedIntoOpenAttribution { cached[key] = payload[key] }
            installKnown = true
            installPayload = cached
            device["state"] = "installed"
            device["conversionData"] = .object(cached.values)
            note(
                event.line,
                "the link's data carries the install's af_status: the device starts installed with that attribution"
            )
        }
        learnLink(payload, at: event)
        resetBehaviour("shortLinks", at: event)
        delayedLink("onAppOpenAttribution", at: event)
        callback(
            ["output": "onAppOpenAttribution", "payload": .object(payload.values), "types": "loose"],
            at: event)
    }

    private mutating func deepLink(_ result: LoggedDeepLink, at event: LogEvent) {
        ensureDelegate(deepLink: true, at: event)
        let deferred = result.isDeferred ?? afterDeferredStart
        let backendKey = deferred ? "deferred" : "shortLinks"
        var expectation: [String: AttributionValue] = ["output": "didResolveDeepLink"]
        switch result.status {
        case "FOUND":
            expectation["status"] = "FOUND"
            expectation["isDeferred"] = .bool(deferred)
            if let clickEvent = result.clickEvent {
                expectation["payload"] = .object(clickEvent.values)
                expectation["types"] = "loose"
                if deferred { deferredClick(clickEvent, at: event) } else { learnLink(clickEvent, at: event) }
            }
            resetBehaviour(backendKey, at: event)
            if deferred {
                delayed("deferred", "the deferred deep link", at: event)
            } else {
                delayedLink("didResolveDeepLink", at: event)
            }
        case "NOT_FOUND":
            expectation["status"] = "NOT_FOUND"
            resetBehaviour(backendKey, at: event)
            if deferred {
                delayed("deferred", "the deferred lookup's NOT_FOUND", at: event)
            } else {
                delayedLink("didResolveDeepLink", at: event)
            }
        default:
            expectation["status"] = "FAILURE"
            if let error = result.error {
                expectation["kind"] = .string(error.kind.rawValue)
                failingBackend(backendKey, error, at: event)
            }
        }
        if deferred {
            afterDeferredStart = false
            deferredAnswerTime = event.time
        }
        callback(expectation, at: event)
    }

    private mutating func failure(
        _ name: String, _ error: LoggedError, backendKey: String, at event: LogEvent
    ) {
        ensureDelegate(deepLink: false, at: event)
        switch (error.code, error.kind) {
        case (10, _), (21, _):
            break
        case (20, _):
            sdk["devKey"] = ""
            note(event.line, "\(error.message): the scenario starts without a dev key, to the same effect")
        default:
            failingBackend(backendKey, error, at: event)
        }
        callback(["output": .string(name), "kind": .string(error.kind.rawValue)], at: event)
    }

    private mutating func dropped(_ method: String, at event: LogEvent) {
        // A first launch's conversion data dropped for want of a delegate still used up is_first_launch.
        if method == "onConversionDataSuccess", !installKnown { conversionDropped = true }
        let deepLink = method == "didResolveDeepLink"
        // The SDK ran its deep-link flow and found no delegate for the result: UDL mode, without the delegate.
        if deepLink { udl = true }
        setDelegate(deepLink: deepLink, present: false, at: event)
        callback(["output": .string(method), "dropped": true], at: event)
    }

    /// A callback reached a delegate: if the scenario had cleared it, set it again before the step.
    private mutating func ensureDelegate(deepLink: Bool, at event: LogEvent) {
        setDelegate(deepLink: deepLink, present: true, at: event)
    }

    private mutating func setDelegate(deepLink: Bool, present: Bool, at event: LogEvent) {
        let current = deepLink ? delegatePresent.deepLink : delegatePresent.app
        guard current != present else { return }
        if deepLink { delegatePresent.deepLink = present } else { delegatePresent.app = present }
        let change: [String: AttributionValue] = [
            "do": present ? "setDelegate" : "clearDelegate",
            "delegate": deepLink ? "deepLinkDelegate" : "delegate",
        ]
        insertStep(change, at: triggerIndex ?? max(0, steps.count - 1))
    }

    // MARK: - Backends

    /// A backend failure, as the scenario's `behaviour` sets it before the step that met it.
    private mutating func failingBackend(_ key: String, _ error: LoggedError, at event: LogEvent) {
        let value: AttributionValue
        switch error.kind {
        case .timeout:
            value = "stall"
            if let time = event.time, let started = stepTime {
                let milliseconds = Int64((time.timeIntervalSince(started) * 1000).rounded())
                let setting = key == "conversion" ? "conversionDataTimeout" : "deepLinkTimeout"
                let standard: Int64 = key == "conversion" ? 10_000 : 3_000
                if milliseconds > 0, milliseconds != standard, sdk[setting] == nil {
                    sdk[setting] = .int(Int(milliseconds))
                }
            }
        case .httpStatusCode:
            value = [
                "fail": [
                    "kind": "HTTP_STATUS_CODE", "status": .int(error.httpStatus ?? 500),
                    "message": .string(error.message),
                ]
            ]
        default:
            value = ["fail": ["kind": .string(error.kind.rawValue), "message": .string(error.message)]]
        }
        setBehaviour(key, value, at: event)
    }

    private mutating func resetBehaviour(_ key: String, at event: LogEvent) {
        if behaviour[key] != nil { setBehaviour(key, nil, at: event) }
    }

    /// A success that came some time after the step that asked for it: the backend answered after that delay.
    private mutating func delayed(_ key: String, _ what: String, at event: LogEvent) {
        var from = key == "shortLinks" ? stepTime : sessionTime
        if key == "conversion", let answered = deferredAnswerTime, let session = sessionTime,
            answered >= session
        {
            from = answered
        }
        guard let time = event.time, let started = from else {
            return
        }
        let milliseconds = Int64((time.timeIntervalSince(started) * 1000).rounded())
        guard milliseconds >= 1 else { return }
        guard milliseconds <= 60_000 else {
            note(
                event.line,
                "\(what) came \(milliseconds / 1000) s after its step: longer than the 60 s the importer takes as a "
                    + "backend's delay, so the backend answers at once and the time is an advance step")
            return
        }
        setBehaviour(key, ["delay": .string("\(milliseconds)ms")], at: event)
    }

    /// A direct link's callback that came after its link: the short-link backend's delay, when a short link was resolved.
    private mutating func delayedLink(_ name: String, at event: LogEvent) {
        guard let time = event.time, let started = stepTime,
            Int64((time.timeIntervalSince(started) * 1000).rounded()) >= 1
        else { return }
        if let url = (lastLink?.url).flatMap(URL.init(string:)), url.path.split(separator: "/").count == 2,
            let host = url.host?.lowercased(),
            host.hasSuffix(".onelink.me") || host == "onelink.me" || customDomains.contains(host)
        {
            delayed("shortLinks", "the short link's \(name)", at: event)
        } else {
            note(
                event.line,
                "\(name) came after its link, but no short link was resolved for it, so no backend's delay explains the "
                    + "time: it is an advance step")
        }
    }

    /// Sets a backend's behaviour before the current step: in `backend.behaviour` when nothing ran yet, else a `behaviour` step.
    private mutating func setBehaviour(_ key: String, _ value: AttributionValue?, at event: LogEvent) {
        guard behaviour[key] != value else { return }
        behaviour[key] = value
        // Before the step that asked the backend: from the start when nothing called a backend before it.
        let stepIndex = triggerIndex ?? max(0, steps.count - 1)
        let firstActive = steps.firstIndex { Self.activeKinds.contains($0["do"] ?? .null) } ?? 0
        if stepIndex <= firstActive, !callbacks.contains(where: { $0.step < stepIndex }) {
            var initial = backend["behaviour"]?.objectValue ?? [:]
            initial[key] = value
            backend["behaviour"] = initial.isEmpty ? nil : .object(initial)
            return
        }
        insertStep(["do": "behaviour", .init(stringLiteral: key): value ?? "immediate"], at: stepIndex)
    }

    /// A found deferred deep link: the click it came from, three minutes before the install.
    private mutating func deferredClick(_ clickEvent: AttributionPayload, at event: LogEvent) {
        guard backend["deferredClicks"] == nil else { return }
        var parameters = clickEvent
        for key in ["is_deferred", "match_type", "link", "host", "path", "scheme"] { parameters[key] = nil }
        // Withheld attribution keys are "" in the click event; the click itself carried no such value.
        for (key, value) in parameters.values where value == .string("") { parameters[key] = nil }
        var click: [String: AttributionValue] = ["at": "-3m", "parameters": .object(parameters.values)]
        if let matchType = clickEvent["match_type"]?.textValue { click["matchType"] = .string(matchType) }
        backend["deferredClicks"] = [.object(click)]
        if device["conversionData"] != nil {
            // The log's first conversion data said the launch was not the install's: the two lines disagree
            // (a paste of two runs, say), and the device stays as the earlier one set it.
            note(
                event.line,
                "a deferred deep link after conversion data that was not the first launch's: the device stays "
                    + "installed, so the replay makes no deferred lookup")
        } else if device["state"] == "installed" {
            device["state"] = nil
            device["sessions"] = nil
        }
    }

    /// What a found direct link's payload says about the backends: a short link's stored parameters, a custom domain, a wrapper.
    private mutating func learnLink(_ payload: AttributionPayload, at event: LogEvent) {
        guard let linkText = payload["link"]?.textValue, let url = URL(string: linkText),
            let host = url.host?.lowercased()
        else {
            learnPush(payload)
            return
        }
        if let original = payload["original_link"]?.textValue, original != linkText {
            redirects[original] = .string(linkText)
            if let wrapper = URL(string: original)?.host?.lowercased() {
                var wrapped = sdk["resolveDeepLinkURLs"]?.arrayValue?.compactMap(\.textValue) ?? []
                if !wrapped.contains(wrapper) { wrapped.append(wrapper) }
                sdk["resolveDeepLinkURLs"] = .array(wrapped.map(AttributionValue.string))
            }
        }
        let isOneLinkHost = host.hasSuffix(".onelink.me") || host == "onelink.me"
        let segments = url.path.split(separator: "/")
        let linkKeys: Set<String> = ["link", "host", "path", "scheme", "is_deferred", "original_link"]
        let carriesOneLinkValues = payload.values.keys.contains { !linkKeys.contains($0) }
        if !isOneLinkHost, url.scheme == "https", carriesOneLinkValues {
            if !customDomains.contains(host) {
                customDomains.append(host)
                note(
                    event.line,
                    "\(host) answered as a OneLink: it is taken as a custom OneLink domain (oneLinkCustomDomains)"
                )
            }
        }
        learnPush(payload)
        guard segments.count == 2, url.scheme == "https", isOneLinkHost || customDomains.contains(host) else {
            return
        }
        let key = "\(segments[0])/\(segments[1])"
        var stored = payload
        let own = LogEventReader.query(linkText)
        for name in own.keys { stored[name] = nil }
        for name in ["link", "host", "path", "scheme", "is_deferred", "original_link", "click_event"] {
            stored[name] = nil
        }
        if let installPayload {
            for name in AppsFlyerLib.installKeysMergedIntoOpenAttribution
            where stored[name] == installPayload[name] {
                stored[name] = nil
            }
        }
        for (name, value) in stored.values where value == .string("") { stored[name] = nil }
        if shortLinks[key] == nil, !storedKeys.contains(key), !stored.values.isEmpty {
            shortLinks[key] = .object(stored.values)
        }
    }

    /// `[Shortlink] OneLink:`: what the short link of the latest link step resolved to.
    private mutating func storedShortLink(_ stored: AttributionPayload, at event: LogEvent) {
        guard let url = (lastLink?.url).flatMap(URL.init(string:)) else {
            note(event.line, "a short link's parameters with no link before them were skipped")
            return
        }
        let segments = url.path.split(separator: "/")
        guard segments.count == 2 else { return }
        if let host = url.host?.lowercased(), !(host.hasSuffix(".onelink.me") || host == "onelink.me"),
            !customDomains.contains(host)
        {
            customDomains.append(host)
            note(
                event.line,
                "\(host) resolved as a short OneLink: it is taken as a custom OneLink domain (oneLinkCustomDomains)"
            )
        }
        shortLinks["\(segments[0])/\(segments[1])"] = .object(stored.values)
        storedKeys.insert("\(segments[0])/\(segments[1])")
    }

    /// A push's deep link: the key path in the payload where its OneLink was (the app's `addPushNotificationDeepLinkPath`).
    private mutating func learnPush(_ payload: AttributionPayload) {
        guard let push = lastPush, let link = payload["link"]?.textValue else { return }
        func find(_ value: AttributionValue, _ path: [String]) -> [String]? {
            if value.textValue == link, !path.isEmpty { return path }
            guard case .object(let members) = value else { return nil }
            for key in members.keys.sorted() {
                if let found = find(members[key]!, path + [key]) { return found }
            }
            return nil
        }
        if let path = find(.object(push.values), []), !pushPaths.contains(path) { pushPaths.append(path) }
        lastPush = nil
    }

    // MARK: - Result

    /// The scenario's `sdk`, `backend` and `device`, as the log set them up.
    func document(name: String, description: String) -> [String: AttributionValue] {
        var sdk = self.sdk
        if udl { sdk["mode"] = "udl" }
        if !customDomains.isEmpty {
            sdk["customDomains"] = .array(customDomains.map(AttributionValue.string))
        }
        if !pushPaths.isEmpty {
            sdk["pushPaths"] = .array(pushPaths.map { .array($0.map(AttributionValue.string)) })
        }
        var backend = self.backend
        if !shortLinks.isEmpty { backend["shortLinks"] = .object(shortLinks) }
        if !redirects.isEmpty { backend["redirects"] = .object(redirects) }
        if backend["deferredClicks"] != nil, !udl { backend["deferredClicks"] = nil }
        if backend["install"] == nil, device["state"] != "installed" { backend["install"] = "organic" }
        var device = self.device
        if device["state"] != "installed" {
            // Keys of an installed device only; the builder clears the state when a later line says the device was new.
            for key in ["installedAgo", "conversionData", "firstLaunchUsed", "sessions"] { device[key] = nil }
        }
        var document: [String: AttributionValue] = [
            "name": .string(name), "description": .string(description),
        ]
        if !sdk.isEmpty { document["sdk"] = .object(sdk) }
        if !backend.isEmpty { document["backend"] = .object(backend) }
        if !device.isEmpty { document["device"] = .object(device) }
        return document
    }
}
