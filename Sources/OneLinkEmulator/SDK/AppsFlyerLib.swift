public import Foundation
import OneLinkSupport

#if !canImport(Darwin)
    public import UserActivityStandIn
#endif

/// The emulated AppsFlyer SDK: same Swift names as the real `AppsFlyerLib`, backed by pluggable parts.
///
/// Handler code compiles against either this class or the real SDK:
///
/// ```swift
/// #if canImport(AppsFlyerLib)
/// import AppsFlyerLib
/// #else
/// import OneLinkEmulator
/// #endif
/// ```
///
/// Configure it as the real SDK (`appsFlyerDevKey`, `appleAppID`,
/// `delegate`, `deepLinkDelegate`, ...), then call ``start()->()``,
/// ``handleOpen(_:options:)``, ``continue(_:restorationHandler:)`` or
/// ``handlePushNotification(_:)``. Every call returns at once; calls are
/// processed one at a time, in order, by the SDK's serial action queue, and
/// callbacks are delivered on the main queue, as the real SDK delivers them
/// (see ``callbackDelivery``). ``perform(_:)`` and ``waitUntilIdle()`` let
/// tests await delivery instead of sleeping.
///
/// App code reaches the SDK through ``shared()``; a test makes it return an
/// instance over its own backends and clock with
/// ``withShared(_:isolation:operation:)``:
///
/// ```swift
/// let clock = ManualClock()
/// let sdk = AppsFlyerLib(
///     shortLinkResolver: .inMemory(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
///     conversionDataSource: .inMemory(.organic, clock: clock),
///     clock: clock)
/// await AppsFlyerLib.withShared(sdk) {
///     appDelegate.didBecomeActive()  // calls AppsFlyerLib.shared().start()
///     await sdk.waitUntilIdle()
/// }
/// ```
///
/// While no delegate is set, callbacks are not queued for later: they are
/// dropped (and logged when ``isDebug`` is on), still published on
/// ``events``, and their side effects (such as using up `is_first_launch`)
/// still happen, as with the real SDK's nil delegate.
///
/// Thread safety: `Sendable`. Its state lives in the engine, behind locks;
/// the delegates are held weakly there and called only on the delivery queue.
public final class AppsFlyerLib: Sendable {
    /// The engine that runs every call: the queue, the services, delivery.
    let engine: Engine

    /// Creates an SDK over the given backends.
    ///
    /// - Parameters:
    ///   - shortLinkResolver: Resolves short OneLinks and unwraps wrapped links.
    ///   - conversionDataSource: Answers the install attribution request of a session.
    ///   - deferredDeepLinkSource: Answers the first launch's UDL deferred lookup.
    ///   - launchRecorder: Answers each session's launch request, which `start(completionHandler:)` reports.
    ///   - deviceStore: Keeps the install's state across launches.
    ///   - clock: Measures sessions, timeouts and install times.
    ///   - logSink: Receives the debug log while ``isDebug`` is on.
    ///   - eventRecorder: Receives the in-app events (`logEvent`, `logLocation`, validated purchases, `logInvite`).
    ///   - purchaseValidator: Validates purchases for `validateAndLog(inAppPurchase:…)`.
    ///   - shortLinkCreator: Creates short user-invite links; `nil` (the default) makes invite links long.
    public init(
        shortLinkResolver: any ShortLinkResolver = InMemoryShortLinkResolver(),
        conversionDataSource: any ConversionDataSource = InMemoryConversionDataSource(),
        deferredDeepLinkSource: any DeferredDeepLinkSource = InMemoryDeferredDeepLinkSource(),
        launchRecorder: any LaunchRecorder = InMemoryLaunchRecorder(),
        deviceStore: any DeviceStore = InMemoryDeviceStore(),
        clock: any EmulatorClock = SystemClock(),
        logSink: any DebugLogSink = PrintDebugLogSink(),
        eventRecorder: any EventRecorder = InMemoryEventRecorder(),
        purchaseValidator: any PurchaseValidator = InMemoryPurchaseValidator(),
        shortLinkCreator: (any ShortLinkCreator)? = nil
    ) {
        engine = Engine(
            shortLinkResolver: shortLinkResolver, conversionDataSource: conversionDataSource,
            deferredDeepLinkSource: deferredDeepLinkSource, launchRecorder: launchRecorder,
            deviceStore: deviceStore, clock: clock, logSink: logSink, eventRecorder: eventRecorder,
            purchaseValidator: purchaseValidator, shortLinkCreator: shortLinkCreator)
    }

    /// Logs one decision to the debug log, if it is on.
    func debug(_ rule: DebugRule, _ message: @autoclosure () -> String) {
        engine.deadlines.log(rule, message())
    }

    /// The settings every public property reads and writes.
    var configuration: Locked<Configuration> { engine.configuration }
    /// The clock sessions, timeouts and install times are measured on.
    var clock: any EmulatorClock { engine.clock }
    /// The ATT status and the sessions waiting for it.
    var trackingGate: TrackingGate { engine.trackingGate }

    /// Keys of the cached install attribution that are merged into legacy `onAppOpenAttribution` payloads.
    ///
    /// The link's own parameters win when a key appears on both sides.
    public static let installKeysMergedIntoOpenAttribution = ["install_time", "af_status", "af_message"]

    /// The most hops a wrapped link is followed before unwrapping fails.
    public static let maximumUnwrapHops = 10

    // MARK: - Delegates

    /// The delegate for conversion data and legacy deep links; held weakly.
    public weak var delegate: (any AppsFlyerLibDelegate)? {
        get { engine.published.withLock { $0.delegates.value.delegate } }
        set {
            engine.published.withLock {
                $0.delegates = Handoff(
                    Delegates(delegate: newValue, deepLinkDelegate: $0.delegates.value.deepLinkDelegate))
            }
            (newValue as? any SDKDelegateObserver)?.becameDelegate(of: self)
        }
    }

    /// The unified deep linking delegate; held weakly.
    ///
    /// Set it before ``start()->()`` for UDL mode.
    public weak var deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? {
        get { engine.published.withLock { $0.delegates.value.deepLinkDelegate } }
        set {
            engine.published.withLock {
                $0.delegates = Handoff(
                    Delegates(delegate: $0.delegates.value.delegate, deepLinkDelegate: newValue))
            }
            (newValue as? any SDKDelegateObserver)?.becameDelegate(of: self)
        }
    }

    // MARK: - Entry points

    /// Begins a session, if `minTimeBetweenSessions` has passed since the last one.
    ///
    /// Every session sends a launch request, then delivers
    /// `onConversionDataSuccess` (or `onConversionDataFail`); in UDL mode the
    /// first launch also delivers one deferred `didResolveDeepLink`.
    public func start() {
        engine.trace?.hop()
        engine.enqueue(.action(.start))
    }

    /// Begins a session and reports its launch request to `completionHandler`, on the delivery queue.
    ///
    /// The handler receives the launch response (`["status": "ok"]` from the
    /// in-memory recorder), or the error: the launch was rejected (an invalid
    /// dev key is HTTP 400, an account whose plan does not cover SDK traffic
    /// 403), failed, or no session started because keys are missing or
    /// `minTimeBetweenSessions` had not passed (an `NSError` in
    /// `com.appsflyer.sdk.event`, code 10, as the real SDK reports it; see
    /// ``AttributionError/bridged``).
    /// It is called before the session's conversion-data callbacks.
    public func start(completionHandler: (([String: Any]?, (any Error)?) -> Void)?) {
        engine.trace?.hop()
        engine.enqueue(.action(.start), completion: completionHandler.map(Completion.init))
    }

    /// Begins a session and returns its launch response: the form Swift generates for `start(completionHandler:)`.
    ///
    /// In an asynchronous context, a bare `start()` call resolves to this
    /// method, as it does with the real SDK, so it needs `try await`.
    ///
    /// - Throws: The error that `start(completionHandler:)` would report: an
    ///   ``AttributionError``, or for a skipped session its ``AttributionError/bridged`` `NSError`.
    @discardableResult
    public func start() async throws -> [String: Any] {
        engine.trace?.hop()
        let outcome: LaunchOutcome = await withCheckedContinuation { continuation in
            let completion = Completion { response, error in
                if let error {
                    continuation.resume(returning: .failed(AttributionError(wrapping: error)))
                } else {
                    continuation.resume(
                        returning: .accepted((try? AttributionPayload(foundation: response ?? [:])) ?? [:]))
                }
            }
            engine.enqueue(.action(.start), completion: completion)
        }
        switch outcome {
        case .accepted(let response): return response.foundationStringKeyed
        case .failed(let error): throw error.bridged
        }
    }

    /// The AppsFlyer device ID of this install, creating the install's state if no session has started yet.
    ///
    /// Available before `start()`, as in the real SDK; the first session keeps the same ID.
    public func getAppsFlyerUID() -> String {
        engine.sessions.loadDeviceState(now: clock.now).deviceID
    }

    /// Handles a URL that opened the app (URI scheme or web link), as `application(_:open:options:)` passes it.
    ///
    /// `options` may carry the source application under
    /// `UIApplicationOpenURLOptionsSourceApplicationKey`. A `nil` URL is
    /// reported through the failure callback as an empty link.
    public func handleOpen(_ url: URL?, options: [AnyHashable: Any]?) {
        let source =
            options?.first { Self.keyName($0.key) == "UIApplicationOpenURLOptionsSourceApplicationKey" }?
            .value as? String
        engine.enqueue(.action(.openURL(url?.absoluteString ?? "", sourceApplication: source)))
    }

    /// A dictionary key's name: the string itself, or a string-backed key type's raw value (`UIApplication.OpenURLOptionsKey`).
    static func keyName(_ key: AnyHashable) -> String? {
        if let name = key.base as? String { return name }
        return (key.base as? any RawRepresentable)?.rawValue as? String
    }

    /// Handles a URL that opened the app, as the pre-iOS 9 `application(_:open:sourceApplication:annotation:)` passes it.
    public func handleOpen(_ url: URL?, sourceApplication: String?) {
        engine.enqueue(.action(.openURL(url?.absoluteString ?? "", sourceApplication: sourceApplication)))
    }

    /// Handles a URL that opened the app, with the annotation the pre-iOS 9 entry point passes; the annotation is not read.
    public func handleOpen(_ url: URL?, sourceApplication: String?, withAnnotation annotation: Any?) {
        handleOpen(url, sourceApplication: sourceApplication)
    }

    /// Handles a universal link that opened the app: the entry point that works on every platform.
    ///
    /// ``continue(_:restorationHandler:)`` forwards a browsing-web
    /// `NSUserActivity`'s `webpageURL` here. The real SDK added `handleUniversalLink(_:)` in 7.0.1,
    /// so without the `SDK7` trait it is `@_spi(SDK7)`: SDK 6 handler code cannot call a name the
    /// real SDK 6 lacks.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func handleUniversalLink(_ url: URL) {
        engine.trace?.hop()
        engine.enqueue(.action(.universalLink(url.absoluteString)))
    }

    /// Handles a universal link delivered as a browsing-web user activity, as `application(_:continue:restorationHandler:)` passes it.
    ///
    /// Compiles on every platform: on Linux, `NSUserActivity` is the
    /// emulator's stand-in. An activity of another type, or one without a
    /// `webpageURL`, is ignored with a debug log.
    ///
    /// - Returns: `true` when the activity carried a universal link the SDK will handle.
    @discardableResult
    public func `continue`(
        _ userActivity: NSUserActivity?, restorationHandler: (([Any]?) -> Void)?
    ) -> Bool {
        engine.trace?.hop()
        guard let userActivity, userActivity.activityType == NSUserActivityTypeBrowsingWeb else {
            debug(.linkUserActivity, "user activity is not a browsing-web activity; ignored")
            return false
        }
        guard let url = userActivity.webpageURL else {
            debug(.linkUserActivity, "user activity has no webpageURL; ignored")
            return false
        }
        handleUniversalLink(url)
        return true
    }

    /// Handles a push notification payload that opened the app.
    ///
    /// A payload without a valid OneLink (at a configured path) or `"af"`
    /// dictionary is ignored with a debug log and no callback, as the real SDK does.
    public func handlePushNotification(_ pushPayload: [AnyHashable: Any]?) {
        guard let pushPayload else {
            engine.enqueue(.action(.push([:])))
            return
        }
        do {
            engine.enqueue(.action(.push(try AttributionPayload(foundation: pushPayload))))
        } catch {
            debug(.pushPayload, "push payload cannot be read (\(error)); push ignored")
        }
    }

    /// Resolves a link the app opened itself, delivering the deep-link callbacks without counting a re-engagement.
    ///
    /// A `nil` URL is reported through the failure callback as an empty link.
    public func performOnAppAttribution(with URL: URL?) {
        engine.enqueue(.action(.performOnAppAttribution(URL?.absoluteString ?? "")))
    }
}

/// What ``AppsFlyerLib`` keeps for itself rather than for its engine, under the engine's flags lock
/// (``EngineFlags/facade``): a lock of its own cost every SDK an object to make and destroy.
struct FacadeState: Sendable {
    var trackingPrompt = TrackingPromptState()
    var optionalSurface = OptionalSurfaceState()
    var configurationErrors = BoundedHistory<String>(limit: AppsFlyerLib.storageErrorLimit)
}
