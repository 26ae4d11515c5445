import Foundation
import OneLinkSupport

/// What a `start` call produced: the callbacks to deliver and the launch outcome for its completion handler.
struct SessionOutcome: Sendable {
    /// The callbacks, in delivery order.
    var events: [AppsFlyerEvent]
    /// What `start(completionHandler:)` reports.
    var launch: LaunchOutcome
    /// Whether the callbacks wait behind the calls queued while the session ran.
    var afterQueuedCalls: Bool
}

/// What a `start` call has reached: its outcome, or an accepted launch whose callbacks follow.
enum SessionStep: Sendable {
    /// No callbacks follow: the outcome is complete.
    case finished(SessionOutcome)
    /// The launch was accepted; ``SessionService/complete(_:directLinkQueued:)`` fetches the callbacks.
    case launched(SessionInProgress)
}

/// A session whose launch request was accepted.
struct SessionInProgress: Sendable {
    /// The install's state, already saved with this session counted.
    var device: DeviceState
    let config: SessionSettings
    /// When the session started: its conversion-data deadline counts from here.
    let started: Date
    /// Whether the process runs in UDL mode.
    let udl: Bool
    /// The launch response, for `start(completionHandler:)`.
    let launch: LaunchOutcome
}

/// Sessions and the install they belong to: the `start` flow and the state it keeps.
///
/// A session is decided (cold or warm, UDL or legacy, or skipped by
/// `minTimeBetweenSessions`), waits for the ATT answer when the app asked
/// for it, sends its launch request, makes the install's one deferred
/// deep-link lookup in UDL mode and fetches (or reuses) the conversion data.
/// The service returns the callbacks; the SDK delivers them. A struct over the engine's flags lock
/// (``EngineFlags/session``): the engine's copy is the only one outside tests, and copies would share
/// the state.
struct SessionService: Sendable {
    /// The process's session state, reset by a relaunch, and the install state kept across sessions.
    struct State: Sendable {
        var processStarted = false
        var udlMode: Bool?
        var lastSessionStart: Date?
        var directDeepLinkThisLaunch = false
        /// The install created when the store had none, so concurrent creators agree on it.
        var freshInstall: DeviceState?
        var storageErrors = BoundedHistory<StorageError>(limit: AppsFlyerLib.storageErrorLimit)
    }

    private let conversionDataSource: any ConversionDataSource
    private let deferredDeepLinkSource: any DeferredDeepLinkSource
    private let launchRecorder: any LaunchRecorder
    private let deviceStore: any DeviceStore
    private let deadlines: Deadlines
    private let trackingGate: TrackingGate
    /// The engine's flags, where ``State`` lives: a lock of the service's own cost every SDK one more.
    private let flags: Locked<EngineFlags>

    /// Runs `body` on the session state, under the flags lock.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        flags.withLock { body(&$0.session) }
    }

    /// Creates the service over the SDK's backends; it logs through `deadlines`' logger, on its clock.
    init(
        conversionDataSource: any ConversionDataSource, deferredDeepLinkSource: any DeferredDeepLinkSource,
        launchRecorder: any LaunchRecorder, deviceStore: any DeviceStore,
        deadlines: Deadlines, trackingGate: TrackingGate, flags: Locked<EngineFlags> = Locked(EngineFlags())
    ) {
        self.conversionDataSource = conversionDataSource
        self.deferredDeepLinkSource = deferredDeepLinkSource
        self.launchRecorder = launchRecorder
        self.deviceStore = deviceStore
        self.deadlines = deadlines
        self.trackingGate = trackingGate
        self.flags = flags
    }

    // MARK: - Process state

    /// Whether this process runs in UDL mode, once its first session decided it.
    var udlMode: Bool? { withState { $0.udlMode } }

    /// Whether this process has had its first session.
    var processStarted: Bool { withState { $0.processStarted } }

    /// Records that a direct deep link was delivered in this launch, so the first session makes no deferred lookup.
    func noteDirectDeepLink() {
        deadlines.trace?.hop()
        withState { $0.directDeepLinkThisLaunch = true }
    }

    /// Forgets the process's sessions: the next `start()` is a cold start.
    func resetProcess() {
        withState { state in
            state.processStarted = false
            state.udlMode = nil
            state.lastSessionStart = nil
            state.directDeepLinkThisLaunch = false
        }
    }

    /// Erases the install: the next `start()` is a fresh install's cold start.
    func reinstall() {
        do {
            try deviceStore.erase()
            deadlines.log(.deviceReinstall, "device state erased: the next start() is a fresh install")
            withState { $0.freshInstall = nil }
        } catch {
            deadlines.log(.deviceReinstall, "erasing the device state failed: \(error)")
        }
        resetProcess()
    }

    // MARK: - Sessions

    /// Runs one `start` call up to its launch request: the session's outcome, or the accepted launch whose callbacks follow.
    ///
    /// After ``SessionStep/launched(_:)`` the engine calls
    /// ``complete(_:directLinkQueued:)``, saying whether a link call waits in
    /// its queue: a first launch opened by a link makes no deferred lookup.
    func start(config: consuming SessionSettings, deepLinkDelegateSet: Bool) async -> SessionStep {
        deadlines.trace?.hop()
        var now: Date
        let udl: Bool
        let cold: Bool
        switch open(config: config, deepLinkDelegateSet: deepLinkDelegateSet) {
        case .refused(let outcome): return .finished(outcome)
        case .opened(let at, let isUDL, let isCold): (now, udl, cold) = (at, isUDL, isCold)
        }
        if let timeout = config.attWaitTimeout, !trackingGate.status.isDetermined {
            await waitForTrackingDecision(timeout: timeout, started: now)
            now = deadlines.clock.now
        }
        let device = countSession(config: config, cold: cold, now: now)
        let launch = await recordLaunch(device: device, config: config, started: now)
        if case .failed(let error) = launch {
            deadlines.log(
                .sessionLaunchFailed, "the launch request failed, so no conversion data: \(error.explanation)"
            )
            return .finished(
                SessionOutcome(events: [.conversionDataFail(error)], launch: launch, afterQueuedCalls: true))
        }
        return .launched(
            SessionInProgress(device: device, config: consume config, started: now, udl: udl, launch: launch))
    }

    /// What ``open(config:deepLinkDelegateSet:)`` decided for a `start` call.
    private enum Opening {
        /// No session: missing keys or `minTimeBetweenSessions`; the outcome says why.
        case refused(SessionOutcome)
        /// A session starts at `now`, in UDL mode or not, cold or warm.
        case opened(now: Date, udl: Bool, cold: Bool)
    }

    /// Decides whether a `start` call begins a session: the keys are set and `minTimeBetweenSessions` has passed.
    private func open(config: SessionSettings, deepLinkDelegateSet: Bool) -> Opening {
        deadlines.trace?.hop()
        let now = deadlines.clock.now
        var missing: [String] = []
        if config.devKey.isEmpty { missing.append("appsFlyerDevKey") }
        if config.appID.isEmpty { missing.append("appleAppID") }
        if !missing.isEmpty {
            let error = AttributionError.developerError(
                "start() needs \(missing.joined(separator: " and ")); no session was started")
            deadlines.log(.startDeveloperError, error.explanation)
            var events: [AppsFlyerEvent] = [.conversionDataFail(error)]
            if deepLinkDelegateSet { events.append(.deepLink(.failure(error))) }
            return .refused(SessionOutcome(events: events, launch: .failed(error), afterQueuedCalls: false))
        }

        let minimum = TimeInterval(config.minTimeBetweenSessions)
        let decision = withState { state -> (skip: TimeInterval?, udl: Bool, cold: Bool) in
            if !state.processStarted {
                state.processStarted = true
                state.udlMode = deepLinkDelegateSet
                state.lastSessionStart = now
                return (nil, deepLinkDelegateSet, true)
            }
            if let last = state.lastSessionStart, now.timeIntervalSince(last) < minimum {
                return (now.timeIntervalSince(last), state.udlMode ?? false, false)
            }
            state.lastSessionStart = now
            return (nil, state.udlMode ?? false, false)
        }
        if let elapsed = decision.skip {
            deadlines.logDevice(DeviceLog.skipLaunch)
            deadlines.log(
                .sessionMinTimeBetweenSessions,
                "no session: \(Int(elapsed * 1000)) ms since the last session, minimum \(config.minTimeBetweenSessions) s"
            )
            let error = AttributionError.sessionSkipped(
                elapsedMilliseconds: Int(elapsed * 1000), minimumSeconds: config.minTimeBetweenSessions)
            return .refused(SessionOutcome(events: [], launch: .failed(error), afterQueuedCalls: false))
        }
        deadlines.log(
            .sessionStart,
            "\(decision.cold ? "cold" : "warm") session started in \(decision.udl ? "UDL" : "legacy") mode")
        return .opened(now: now, udl: decision.udl, cold: decision.cold)
    }

    /// Counts the session in the install's state and saves it, with the launch's log lines.
    private func countSession(config: SessionSettings, cold: Bool, now: Date) -> DeviceState {
        deadlines.trace?.hop()
        var device = loadDeviceState(now: now, savingFresh: false)
        let sinceLast = device.lastSessionStart.map { now.timeIntervalSince($0) }
        device.sessionCount += 1
        device.lastSessionStart = now
        save(device)
        if config.sdkVersion.hasPrefix("7") {
            deadlines.logDevice(
                DeviceLog.startLines(
                    firstLaunch: !device.firstLaunchDelivered, cold: cold, sinceLast: sinceLast, now: now))
        }
        deadlines.logDevice(
            DeviceLog.launch(
                appID: config.appID, version: config.sdkVersion, counter: device.sessionCount,
                sinceLast: device.sessionCount == 1 ? nil : sinceLast, uid: device.deviceID))
        return device
    }

    /// Completes a session whose launch was accepted: the install's deferred lookup in UDL mode, then conversion data.
    ///
    /// The device state is saved once more, when the session changed it
    /// (twice on the first launch in UDL mode: the lookup is marked done
    /// before it goes out, so it is never made twice).
    func complete(_ session: SessionInProgress, directLinkQueued: Bool) async -> SessionOutcome {
        deadlines.trace?.hop()
        var device = session.device
        var events: [AppsFlyerEvent] = []
        if session.udl && device.deferredLookupDone { deadlines.logDevice(DeviceLog.deferredDone) }
        if session.udl && !device.deferredLookupDone {
            device.deferredLookupDone = true
            save(device)
            if let event = await deferredLookup(
                device: device, config: session.config, directLinkQueued: directLinkQueued)
            {
                events.append(event)
            }
        }
        let saved = device
        events.append(
            await conversionData(device: &device, config: session.config, started: session.started))
        if device != saved { save(device) }
        return SessionOutcome(events: events, launch: session.launch, afterQueuedCalls: true)
    }

    /// The session's conversion-data callback: the cached data, or a fetch within the time limit.
    private func conversionData(
        device: inout DeviceState, config: SessionSettings, started: Date
    ) async -> AppsFlyerEvent {
        deadlines.trace?.hop()
        if let cached = device.conversionData { return cachedConversionData(cached, device: &device) }
        let request = conversionRequest(device: device, config: config)
        let source = conversionDataSource
        do {
            let data = try await deadlines.run(
                until: started.addingTimeInterval(Double(config.conversionDataTimeout) / 1000),
                limitMilliseconds: config.conversionDataTimeout, backend: "\(type(of: source))",
                rule: .conversionFetch, immediate: { source.conversionDataImmediately(for: request) },
                operation: { { try await source.conversionData(for: request) } })
            return fetchedConversionData(data, device: &device)
        } catch {
            deadlines.log(
                .conversionFail,
                "conversion data fetch failed; the next session retries: \(error.explanation)")
            return .conversionDataFail(error)
        }
    }

    /// The callback of conversion data cached by an earlier session.
    private func cachedConversionData(
        _ cached: AttributionPayload, device: inout DeviceState
    ) -> AppsFlyerEvent {
        deadlines.trace?.hop()
        var payload = cached
        if Self.isOrganic(cached) {
            deadlines.log(.conversionCache, "delivering cached conversion data (organic: no iscache)")
        } else {
            deadlines.log(.conversionCache, "delivering cached conversion data (iscache = true)")
            payload["iscache"] = .bool(true)
        }
        return .conversionDataSuccess(firstLaunchFlagged(payload, device: &device))
    }

    /// The conversion-data request, after its log line.
    private func conversionRequest(
        device: DeviceState, config: SessionSettings
    ) -> InstallAttributionRequest {
        deadlines.logDevice(
            DeviceLog.conversionRequest(appID: config.appID, devKey: config.devKey, uid: device.deviceID))
        return installRequest(device: device, config: config)
    }

    /// The callback of freshly fetched conversion data, which is cached without its per-delivery flags.
    private func fetchedConversionData(
        _ data: AttributionPayload, device: inout DeviceState
    ) -> AppsFlyerEvent {
        deadlines.trace?.hop()
        var cleaned = data
        cleaned["is_first_launch"] = nil
        cleaned["iscache"] = nil
        device.conversionData = cleaned
        var payload = cleaned
        if let own = data["iscache"].flatMap(Self.flag) {
            payload["iscache"] = own
        } else if !Self.isOrganic(cleaned) {
            payload["iscache"] = .bool(true)
        }
        return .conversionDataSuccess(firstLaunchFlagged(payload, device: &device))
    }

    /// Whether conversion data is an organic install's, which the real SDK delivers without `iscache`.
    ///
    /// Organic data was seen with exactly `af_message`, `af_status`,
    /// `install_time` and `is_first_launch` (appsflyer-flutter-plugin#397,
    /// AppsFlyerFramework#253); non-organic data with `iscache: true`, on the
    /// first launch too (the dev hub's deferred sample, appsflyer-unity-plugin#29).
    static func isOrganic(_ data: AttributionPayload) -> Bool {
        data["af_status"]?.stringValue == "Organic"
    }

    /// A source's flag as a JSON boolean: `true`/`false`, `1`/`0` or their texts; `nil` for anything else.
    static func flag(_ value: AttributionValue) -> AttributionValue? {
        switch value {
        case .bool: return value
        case .int(let number): return .bool(number != 0)
        case .string("true"), .string("1"): return .bool(true)
        case .string("false"), .string("0"): return .bool(false)
        default: return nil
        }
    }

    /// Holds the launch until the ATT status is decided or `timeout` seconds pass; the caller checks
    /// that the app asked for it and that the status is undecided, and counts the session's deadlines
    /// from after the wait.
    private func waitForTrackingDecision(timeout: TimeInterval, started: Date) async {
        deadlines.log(.attWait, "waiting up to \(timeout) s for the ATT answer before the launch")
        let gate = trackingGate
        let milliseconds = UInt(clamping: Int((timeout * 1000).rounded()))
        do {
            try await deadlines.run(
                until: started.addingTimeInterval(timeout), limitMilliseconds: milliseconds,
                backend: "ATT prompt", rule: .attWait
            ) { await gate.waitUntilDetermined() }
            deadlines.log(.attWait, "ATT answered: \(gate.status); the launch goes ahead")
        } catch {
            deadlines.log(.attWait, "no ATT answer within \(timeout) s; the launch goes ahead")
        }
    }

    /// The install's request to the conversion-data and deferred-deep-link sources.
    private func installRequest(
        device: DeviceState, config: SessionSettings
    ) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: config.appID, devKey: config.devKey, deviceID: device.deviceID,
            installTime: device.installTime, device: config.reportedDevice(tracking: trackingGate.status),
            identity: config.reportedIdentity,
            host: config.customHost)
    }

    /// Sends the session's launch request within the conversion-data time limit.
    private func recordLaunch(
        device: DeviceState, config: SessionSettings, started: Date
    ) async -> LaunchOutcome {
        deadlines.trace?.hop()
        let request = launchRequest(device: device, config: config)
        let recorder = launchRecorder
        do {
            let response = try await deadlines.run(
                until: started.addingTimeInterval(Double(config.conversionDataTimeout) / 1000),
                limitMilliseconds: config.conversionDataTimeout, backend: "\(type(of: recorder))",
                rule: .sessionLaunch, immediate: { recorder.recordLaunchImmediately(request) },
                operation: { { try await recorder.recordLaunch(request) } })
            return .accepted(response)
        } catch {
            return .failed(error)
        }
    }

    /// The session's launch request.
    private func launchRequest(device: DeviceState, config: SessionSettings) -> LaunchRequest {
        LaunchRequest(
            appID: config.appID, devKey: config.devKey, deviceID: device.deviceID,
            sessionCount: device.sessionCount, device: config.reportedDevice(tracking: trackingGate.status),
            identity: config.reportedIdentity,
            host: config.customHost)
    }

    private func firstLaunchFlagged(
        _ data: AttributionPayload, device: inout DeviceState
    ) -> AttributionPayload {
        deadlines.trace?.hop()
        var payload = data
        if device.firstLaunchDelivered {
            payload["is_first_launch"] = .bool(false)
        } else {
            payload["is_first_launch"] = .bool(true)
            device.firstLaunchDelivered = true
            deadlines.log(
                .conversionFirstLaunch, "is_first_launch = true: first successful delivery for this install")
        }
        return payload
    }

    private func deferredLookup(
        device: DeviceState, config: SessionSettings, directLinkQueued: Bool
    ) async -> AppsFlyerEvent? {
        deadlines.trace?.hop()
        if withState({ $0.directDeepLinkThisLaunch }) || directLinkQueued {
            deadlines.log(
                .udlDeferredSkipped, "a direct deep link opened this first launch; no deferred lookup")
            return nil
        }
        let request = deferredLookupRequest(device: device, config: config)
        let source = deferredDeepLinkSource
        do {
            let response = try await deadlines.run(
                until: deadlines.clock.now.addingTimeInterval(Double(config.deepLinkTimeout) / 1000),
                limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: source))",
                rule: .udlDeferred, immediate: { source.deferredDeepLinkImmediately(for: request) },
                operation: { { try await source.deferredDeepLink(for: request) } })
            guard response.found else {
                deadlines.log(
                    .udlDeferredNotFound, "no click matched within the lookup window before the install")
                return .deepLink(.notFound)
            }
            return .deepLink(.found(DeepLink(clickEvent: response.clickEvent, isDeferred: true)))
        } catch {
            return .deepLink(.failure(error))
        }
    }

    /// The deferred lookup's request, after its log lines.
    private func deferredLookupRequest(
        device: DeviceState, config: SessionSettings
    ) -> InstallAttributionRequest {
        deadlines.logDevice(DeviceLog.deferredStart)
        deadlines.logDevice(DeviceLog.deferredURL(appID: config.appID, version: config.sdkVersion))
        return installRequest(device: device, config: config)
    }

    // MARK: - Install state

    /// Device-store failures so far, oldest first, at most `AppsFlyerLib.storageErrorLimit`.
    var storageErrors: [StorageError] { withState { $0.storageErrors.elements } }

    /// The install's state from the store, or a fresh install's when the store has none or cannot be read.
    ///
    /// - Parameter savingFresh: Save a fresh install at once; a session that saves it right after passes `false`.
    func loadDeviceState(now: Date, savingFresh: Bool = true) -> DeviceState {
        deadlines.trace?.hop()
        do {
            if let state = try deviceStore.load() { return state }
            deadlines.log(.deviceFresh, "no device state: fresh install")
        } catch {
            withState { $0.freshInstall = nil }
            recordStorageError(error)
            deadlines.log(.deviceCorrupt, "\(error); treating this as a fresh install")
            try? deviceStore.erase()
        }
        // getAppsFlyerUID() may race the first session: both must create the same install, so the
        // first one created is kept until a reinstall or a corrupt store starts a new one.
        var random = IdentifierRandomNumberGenerator()
        let suffix = UInt64.random(in: 1_000_000_000_000_000_000...9_999_999_999_999_999_999, using: &random)
        let fresh = withState { state -> DeviceState in
            if let fresh = state.freshInstall { return fresh }
            let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded())
            let fresh = DeviceState(deviceID: "\(milliseconds)-\(suffix)", installTime: now)
            state.freshInstall = fresh
            return fresh
        }
        if savingFresh { save(fresh) }
        return fresh
    }

    /// Saves the install's state; a failure is kept in ``storageErrors``.
    func save(_ device: DeviceState) {
        deadlines.trace?.hop()
        do {
            try deviceStore.save(device)
        } catch {
            recordStorageError(error)
            deadlines.log(.deviceSave, "saving the device state failed: \(error)")
        }
    }

    private func recordStorageError(_ error: StorageError) {
        withState { state in
            state.storageErrors.append(error)
        }
    }
}
