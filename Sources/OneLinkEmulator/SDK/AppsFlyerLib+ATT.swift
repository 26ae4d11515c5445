import Foundation

extension AppsFlyerLib {
    /// Holds each session's launch until the ATT status is decided, or until `timeoutInterval` seconds pass on the SDK's clock.
    ///
    /// As the dev hub describes it: call it before `start()`; while the
    /// emulated ``trackingAuthorizationStatus`` is `.notDetermined`, a session
    /// waits, so its conversion data and deferred deep link come only after the
    /// user answers (or the time limit passes). A status that is already
    /// decided costs no wait.
    #if SDK7
        @available(
            *, deprecated,
            message:
                "Use registerSessionReadyListener(_:) and collect ATT consent inside the listener before start()"
        )
    #endif
    public func waitForATTUserAuthorization(timeoutInterval: TimeInterval) {
        let seconds = timeoutInterval.isFinite ? max(0, timeoutInterval) : 0
        if seconds != timeoutInterval {
            recordConfigurationError(
                "waitForATTUserAuthorization(timeoutInterval: \(timeoutInterval)) is not a number of seconds; using \(seconds)"
            )
        }
        configuration.withLock { $0.attWaitTimeout = seconds }
    }

    /// The emulated App Tracking Transparency status: tests set it to play the user's answer.
    ///
    /// Emulator only (on a device, `ATTrackingManager` owns it). A change away
    /// from `.notDetermined` releases a session held by
    /// ``waitForATTUserAuthorization(timeoutInterval:)``.
    public var trackingAuthorizationStatus: TrackingAuthorizationStatus {
        get { trackingGate.status }
        set {
            trackingGate.status = newValue
            debug(.attStatus, "tracking authorization is now \(newValue)")
            noteChange()
        }
    }

    /// The advertising identifier (IDFA) the SDK sends: the device's, only when tracking is authorized and collection is not disabled.
    ///
    /// Empty otherwise, as on a device that did not authorize tracking.
    public var advertisingIdentifier: String {
        guard trackingGate.status == .authorized else { return "" }
        return configuration.withLock {
            $0.flags.disableAdvertisingIdentifier ? nil : $0.deviceInfo.advertisingID
        }
            ?? ""
    }

    /// Waits for the ATT answer before a session's launch, when the app asked for it and the status is undecided.
    ///
    /// - Returns: Whether it waited, so the session's deadlines count from after the wait.
    @discardableResult
    func waitForTrackingDecision(config: Configuration, started: Date) async -> Bool {
        guard let timeout = config.attWaitTimeout, !trackingGate.status.isDetermined else { return false }
        guard sdkGeneration == .v6 else {
            debug(.attWait, "SDK 7: waitForATTUserAuthorization is deprecated and no longer delays start()")
            return false
        }
        debug(.attWait, "waiting up to \(timeout) s for the ATT answer before the launch")
        let gate = trackingGate
        let milliseconds = UInt(clamping: Int((timeout * 1000).rounded()))
        do {
            try await withDeadline(
                started.addingTimeInterval(timeout), limitMilliseconds: milliseconds, backend: "ATT prompt",
                rule: .attWait
            ) { await gate.waitUntilDetermined() }
            debug(.attWait, "ATT answered: \(gate.status); the launch goes ahead")
        } catch {
            debug(.attWait, "no ATT answer within \(timeout) s; the launch goes ahead")
        }
        return true
    }

    /// The device as the requests describe it: no advertising ID unless tracking is authorized, collection allowed and the user not anonymized.
    func reportedDevice(_ config: Configuration) -> DeviceInfo {
        var device = config.deviceInfo
        if trackingGate.status != .authorized || config.flags.disableAdvertisingIdentifier
            || config.flags.anonymizeUser
        {
            device.advertisingID = nil
        }
        return device
    }

    /// The identity the requests carry: none while the user is anonymized.
    func reportedIdentity(_ config: Configuration) -> UserIdentity {
        config.flags.anonymizeUser ? UserIdentity() : config.identity
    }
}
