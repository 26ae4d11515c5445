import Foundation

extension AppsFlyerLib {
    /// Keys of the cached install attribution that are merged into legacy `onAppOpenAttribution` payloads.
    ///
    /// The link's own parameters win when a key appears on both sides.
    public static let installKeysMergedIntoOpenAttribution = ["install_time", "af_status", "af_message"]

    func processStart(_ item: QueuedCommand) async {
        let config = configuration.value
        var now = clock.now
        var missing: [String] = []
        if config.devKey.isEmpty { missing.append("appsFlyerDevKey") }
        if config.appID.isEmpty { missing.append("appleAppID") }
        if !missing.isEmpty {
            let error = AttributionError.developerError(
                "start() needs \(missing.joined(separator: " and ")); no session was started")
            debug(.startDeveloperError, "\(error)")
            var events: [AppsFlyerEvent] = [.conversionDataFail(error)]
            if delegates.withLock({ $0.deepLinkDelegate }) != nil {
                events.append(.deepLink(.failure(error)))
            }
            await deliver(events, item: item, launch: .failed(error))
            return
        }

        let minimum = TimeInterval(config.minTimeBetweenSessions)
        let decision = engine.withLock { state -> (skip: TimeInterval?, udl: Bool, cold: Bool) in
            if !state.processStarted {
                state.processStarted = true
                state.udlMode = delegates.withLock { $0.deepLinkDelegate } != nil
                state.lastSessionStart = now
                return (nil, state.udlMode ?? false, true)
            }
            if let last = state.lastSessionStart, now.timeIntervalSince(last) < minimum {
                return (now.timeIntervalSince(last), state.udlMode ?? false, false)
            }
            state.lastSessionStart = now
            return (nil, state.udlMode ?? false, false)
        }
        if let elapsed = decision.skip {
            debug(
                .sessionMinTimeBetweenSessions,
                "no session: \(Int(elapsed * 1000)) ms since the last session, minimum \(config.minTimeBetweenSessions) s"
            )
            let error = AttributionError.sessionSkipped(
                elapsedMilliseconds: Int(elapsed * 1000), minimumSeconds: config.minTimeBetweenSessions)
            await deliver([], item: item, launch: .failed(error))
            return
        }
        debug(
            .sessionStart,
            "\(decision.cold ? "cold" : "warm") session started in \(decision.udl ? "UDL" : "legacy") mode")

        if await waitForTrackingDecision(config: config, started: now) { now = clock.now }
        var device = loadDeviceState(now: now)
        device.sessionCount += 1
        device.lastSessionStart = now
        save(device)

        let launch = await recordLaunch(device: device, config: config, started: now)
        if case .failed(let error) = launch {
            debug(.sessionLaunchFailed, "the launch request failed, so no conversion data: \(error)")
            deliverLater([.conversionDataFail(error)], item: item, launch: launch)
            return
        }

        var events: [AppsFlyerEvent] = []
        if decision.udl && !device.deferredLookupDone {
            device.deferredLookupDone = true
            save(device)
            if let event = await deferredLookup(device: device, config: config, item: item) {
                events.append(event)
            }
        }

        if let cached = device.conversionData {
            debug(.conversionCache, "delivering cached conversion data (iscache = true)")
            var payload = cached
            payload["iscache"] = .bool(true)
            events.append(.conversionDataSuccess(firstLaunchFlagged(payload, device: &device)))
        } else {
            let request = InstallAttributionRequest(
                appID: config.appID, devKey: config.devKey, deviceID: device.deviceID,
                installTime: device.installTime, device: reportedDevice(config),
                identity: reportedIdentity(config),
                host: config.customHost)
            let source = conversionDataSource
            do {
                let data = try await withDeadline(
                    now.addingTimeInterval(Double(config.conversionDataTimeout) / 1000),
                    limitMilliseconds: config.conversionDataTimeout, backend: "\(type(of: source))",
                    rule: .conversionFetch
                ) { try await source.conversionData(for: request) }
                var cleaned = data
                cleaned["is_first_launch"] = nil
                cleaned["iscache"] = nil
                device.conversionData = cleaned
                var payload = cleaned
                payload["iscache"] = data["iscache"].flatMap(Self.flag) ?? .bool(false)
                events.append(.conversionDataSuccess(firstLaunchFlagged(payload, device: &device)))
            } catch {
                debug(.conversionFail, "conversion data fetch failed; the next session retries: \(error)")
                events.append(.conversionDataFail(error))
            }
        }
        save(device)
        deliverLater(events, item: item, launch: launch)
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

    /// Sends the session's launch request within the conversion-data time limit.
    private func recordLaunch(
        device: DeviceState, config: Configuration, started: Date
    ) async -> LaunchOutcome {
        let request = LaunchRequest(
            appID: config.appID, devKey: config.devKey, deviceID: device.deviceID,
            sessionCount: device.sessionCount, device: reportedDevice(config),
            identity: reportedIdentity(config),
            host: config.customHost)
        let recorder = launchRecorder
        do {
            let response = try await withDeadline(
                started.addingTimeInterval(Double(config.conversionDataTimeout) / 1000),
                limitMilliseconds: config.conversionDataTimeout, backend: "\(type(of: recorder))",
                rule: .sessionLaunch
            ) { try await recorder.recordLaunch(request) }
            return .accepted(response)
        } catch {
            return .failed(error)
        }
    }

    private func firstLaunchFlagged(
        _ data: AttributionPayload, device: inout DeviceState
    ) -> AttributionPayload {
        var payload = data
        if device.firstLaunchDelivered {
            payload["is_first_launch"] = .bool(false)
        } else {
            payload["is_first_launch"] = .bool(true)
            device.firstLaunchDelivered = true
            debug(
                .conversionFirstLaunch, "is_first_launch = true: first successful delivery for this install"
            )
        }
        return payload
    }

    private func deferredLookup(
        device: DeviceState, config: Configuration, item: QueuedCommand
    ) async -> AppsFlyerEvent? {
        let directWaiting = engine.withLock { state in
            state.directDeepLinkThisLaunch
                || state.queue.contains { queued in
                    switch queued.command {
                    case .action(.openURL), .action(.universalLink), .action(.push): return true
                    default: return false
                    }
                }
        }
        if directWaiting {
            debug(.udlDeferredSkipped, "a direct deep link opened this first launch; no deferred lookup")
            return nil
        }
        let request = InstallAttributionRequest(
            appID: config.appID, devKey: config.devKey, deviceID: device.deviceID,
            installTime: device.installTime, device: reportedDevice(config),
            identity: reportedIdentity(config),
            host: config.customHost)
        let source = deferredDeepLinkSource
        do {
            let response = try await withDeadline(
                clock.now.addingTimeInterval(Double(config.deepLinkTimeout) / 1000),
                limitMilliseconds: config.deepLinkTimeout, backend: "\(type(of: source))",
                rule: .udlDeferred
            ) { try await source.deferredDeepLink(for: request) }
            guard response.found else {
                debug(.udlDeferredNotFound, "no click matched within the lookup window before the install")
                return .deepLink(.notFound)
            }
            return .deepLink(.found(DeepLink(clickEvent: response.clickEvent, isDeferred: true)))
        } catch {
            return .deepLink(.failure(error))
        }
    }

    func loadDeviceState(now: Date) -> DeviceState {
        do {
            if let state = try deviceStore.load() { return state }
            debug(.deviceFresh, "no device state: fresh install")
        } catch {
            engine.withLock { $0.freshInstall = nil }
            recordStorageError(error)
            debug(.deviceCorrupt, "\(error); treating this as a fresh install")
            try? deviceStore.erase()
        }
        // getAppsFlyerUID() may race the first session: both must create the same install, so the
        // first one created is kept until a reinstall or a corrupt store starts a new one.
        let state = engine.withLock { engine -> DeviceState in
            if let fresh = engine.freshInstall { return fresh }
            let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded())
            let suffix = UInt64.random(in: 1_000_000_000_000_000_000...9_999_999_999_999_999_999)
            let fresh = DeviceState(deviceID: "\(milliseconds)-\(suffix)", installTime: now)
            engine.freshInstall = fresh
            return fresh
        }
        save(state)
        return state
    }

    func save(_ state: DeviceState) {
        do {
            try deviceStore.save(state)
        } catch {
            recordStorageError(error)
            debug(.deviceSave, "saving the device state failed: \(error)")
        }
    }

    /// Keeps a device-store failure for ``storageErrors``, whether or not `isDebug` is on.
    private func recordStorageError(_ error: StorageError) {
        engine.withLock { state in
            state.storageErrors.append(error)
            if state.storageErrors.count > Self.storageErrorLimit {
                state.storageErrors.removeFirst(state.storageErrors.count - Self.storageErrorLimit)
            }
        }
    }
}
