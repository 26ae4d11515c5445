public import Foundation
import OneLinkEmulator

/// The four SDK entry points that app-side code calls, so a classified launch can drive the SDK.
///
/// `AppsFlyerLib` conforms with its own methods of the same names; tests use
/// a recording fake. Contract for conforming types:
/// - ``start()`` begins (or resumes) an SDK session; the SDK itself enforces
///   `minTimeBetweenSessions`, so callers may call it on every foreground start.
/// - ``handleOpen(_:options:)`` receives a URL-scheme open with the
///   `UIApplication.OpenURLOptionsKey` dictionary (`UIApplicationOpenURLOptionsSourceApplicationKey`, ...).
/// - ``handlePushNotification(_:)`` receives a push payload as delivered to the app.
/// - ``handleUniversalLink(_:)`` receives the `webpageURL` of a web-browsing user activity.
///
/// The emulator calls these from the thread that delivered the signal, in the
/// order the signals arrive; it never calls them concurrently by itself.
public protocol AttributionSDKDriver: AnyObject {
    /// Starts or resumes an SDK session.
    func start()
    /// Handles a URL-scheme open, with the open-URL options dictionary.
    func handleOpen(_ url: URL?, options: [AnyHashable: Any]?)
    /// Handles a remote or local push payload.
    func handlePushNotification(_ pushPayload: [AnyHashable: Any]?)
    /// Handles a universal link (the web-browsing activity's `webpageURL`).
    func handleUniversalLink(_ url: URL)
}
