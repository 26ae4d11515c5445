public import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// Holds each session's launch until the ATT status is decided, or until `timeoutInterval` seconds pass on the SDK's clock.
    ///
    /// As the dev hub describes it: call it before `start()`; while the
    /// emulated ``trackingAuthorizationStatus`` is `.notDetermined`, a session
    /// waits, so its conversion data and deferred deep link come only after the
    /// user answers (or the time limit passes). A status that is already
    /// decided costs no wait. SDK 7 deprecates it with the header's message and no longer waits.
    #if SDK7
        @available(
            *, deprecated,
            message:
                "Use registerSessionReadyListener: instead. Register the listener in didFinishLaunching and call start() inside it. If ATT consent is needed before start, collect it inside the listener block. The SDK no longer manages ATT timing internally."
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
            if newValue.isDetermined { answerPendingTrackingPrompts(with: newValue) }
            engine.noteChange()
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
}
