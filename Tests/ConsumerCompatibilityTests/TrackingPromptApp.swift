import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif
#if canImport(AppTrackingTransparency)
    import AppTrackingTransparency
#endif

// App code that asks for tracking permission as the dev hub's iOS integration guide shows: wait for
// the ATT answer (at most 60 s), start, then show the prompt. On Linux the emulator's
// AppTrackingTransparency stand-in plays the prompt; the test decides the answer.

/// An app delegate that shows the ATT prompt when the app becomes active.
final class TrackingPromptApp: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: its only state is in logs, which lock.
    private let log = SharedLog<String>()
    private let sharedInCompletions = SharedLog<ObjectIdentifier>()

    var calls: [String] { log.entries }

    /// The instance `AppsFlyerLib.shared()` returned inside the prompt's completion.
    var sharedInCompletion: ObjectIdentifier? { sharedInCompletions.entries.last }

    private func note(_ call: String) { log.append(call) }

    func didFinishLaunching() {
        let sdk = AppsFlyerLib.shared()
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        sdk.waitForATTUserAuthorization(timeoutInterval: 60)
    }

    func didBecomeActive() {
        AppsFlyerLib.shared().start()
        ATTrackingManager.requestTrackingAuthorization { status in
            let shared = ObjectIdentifier(AppsFlyerLib.shared())
            self.sharedInCompletions.append(shared)
            switch status {
            case .authorized: self.note("att:authorized")
            case .denied: self.note("att:denied")
            case .restricted: self.note("att:restricted")
            case .notDetermined: self.note("att:notDetermined")
            @unknown default: self.note("att:unknown")
            }
        }
    }

    /// What a settings screen reads.
    var currentStatus: ATTrackingManager.AuthorizationStatus {
        ATTrackingManager.trackingAuthorizationStatus
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) { note("onConversionDataSuccess") }
    func onConversionDataFail(_ error: Error) { note("onConversionDataFail") }
}
