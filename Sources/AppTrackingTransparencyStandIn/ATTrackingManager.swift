public import Foundation
public import OneLinkEmulator

// A stand-in for Apple's AppTrackingTransparency framework, so app code that asks for tracking
// permission compiles and runs in a package's tests on Linux. Package.swift declares this module
// only on hosts without Darwin: on Apple platforms `import AppTrackingTransparency` is always the
// real framework. See Docs/platforms.md.

/// The emulated `ATTrackingManager`: the prompt is played by the emulated device of `AppsFlyerLib.shared()`.
///
/// The test decides the user's answer with `AppsFlyerLib.trackingPromptAnswer`
/// (allow, deny, or leave the prompt open) and reads the status the app sees
/// from `AppsFlyerLib.trackingAuthorizationStatus`.
open class ATTrackingManager: NSObject {
    /// The ATT statuses, as `ATTrackingManager.AuthorizationStatus` names them.
    public typealias AuthorizationStatus = TrackingAuthorizationStatus

    /// The status the user decided for this app, on the emulated device of `AppsFlyerLib.shared()`.
    open class var trackingAuthorizationStatus: AuthorizationStatus {
        AppsFlyerLib.shared().trackingAuthorizationStatus
    }

    /// Shows the tracking prompt while the status is `.notDetermined`, and calls `completion` with the status.
    ///
    /// The completion runs once the emulated user answers: at once for an
    /// answer the test decided beforehand, later for a prompt left open. As
    /// Apple's does, it runs on a private serial queue of the framework's own,
    /// not the main queue. The asking task's `withShared` scope is taken here
    /// and bound again around the completion, so `AppsFlyerLib.shared()` in it
    /// (the `start()` AppsFlyer's guides make there) reaches the test's SDK
    /// (Docs/testing.md, "The ATT prompt's completion").
    open class func requestTrackingAuthorization(
        completionHandler completion: @escaping (AuthorizationStatus) -> Void
    ) {
        AppsFlyerLib.shared().requestTrackingAuthorization(completion: completion)
    }

    /// The `async` form Swift offers for `requestTrackingAuthorization(completionHandler:)`.
    open class func requestTrackingAuthorization() async -> AuthorizationStatus {
        await withCheckedContinuation { continuation in
            AppsFlyerLib.shared().requestTrackingAuthorization { continuation.resume(returning: $0) }
        }
    }
}
