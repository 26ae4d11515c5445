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
    /// The Strict build has none (`AFSDK_NO_IDFA`): unavailable with the `Strict` trait; while
    /// ``sdkBuild`` is ``SDKBuild/strict`` a call records a configuration error and nothing waits.
    #if Strict
        @available(*, unavailable, message: "AppsFlyerLib-Strict has no ATT wait (AFSDK_NO_IDFA)")
    #elseif SDK7
        @available(
            *, deprecated,
            message:
                "Use registerSessionReadyListener: instead. Register the listener in didFinishLaunching and call start() inside it. If ATT consent is needed before start, collect it inside the listener block. The SDK no longer manages ATT timing internally."
        )
    #endif
    public func waitForATTUserAuthorization(timeoutInterval: TimeInterval) {
        setATTWait(timeoutInterval: timeoutInterval)
    }

    /// The body of `waitForATTUserAuthorization(timeoutInterval:)`, which replay's `sdk` step calls in every build.
    package func setATTWait(timeoutInterval: TimeInterval) {
        if sdkBuild == .strict {
            recordConfigurationError(
                "waitForATTUserAuthorization is not in the Strict build (AFSDK_NO_IDFA): the real call crashes with an unrecognized selector (AppsFlyerFramework#239, #306); nothing waits"
            )
            return
        }
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
    /// Empty otherwise, as on a device that did not authorize tracking, and always in the Strict
    /// build, which has no such property (unavailable with the `Strict` trait).
    #if Strict
        @available(*, unavailable, message: "AppsFlyerLib-Strict collects no IDFA (AFSDK_NO_IDFA)")
    #endif
    public var advertisingIdentifier: String { collectedAdvertisingID }

    /// The body of ``advertisingIdentifier``, in every build.
    var collectedAdvertisingID: String {
        guard trackingGate.status == .authorized else { return "" }
        return configuration.withLock {
            $0.flags.disableAdvertisingIdentifier || $0.build == .strict ? nil : $0.deviceInfo.advertisingID
        }
            ?? ""
    }
}
