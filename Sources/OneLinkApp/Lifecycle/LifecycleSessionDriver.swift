import OneLinkEmulator

/// Starts an SDK session on every app start, as an app's `didBecomeActive` handler does.
///
/// It calls ``AttributionSDKDriver/start()`` once per `$AppStart`, cold or
/// warm. It never calls it for a debounced return (Notification Center,
/// Control Center, app switcher), which emits no `$AppStart`, nor for
/// `$AppStartPassively`: a background launch has no user session. The SDK
/// applies `minTimeBetweenSessions` itself.
///
/// Use it from the thread that delivers lifecycle signals (the main thread on
/// iOS); it holds no mutable state.
///
/// ```swift
/// let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: appsFlyer)
/// try sessions.send(.didFinishLaunching(.foreground))
/// try sessions.send(.didBecomeActive)   // appsFlyer.start()
/// ```
public final class LifecycleSessionDriver {
    /// The lifecycle whose events start sessions.
    public let lifecycle: AppLifecycle
    /// The SDK that sessions start on.
    public let driver: any AttributionSDKDriver

    /// Creates a session driver for `lifecycle` and `driver`.
    public init(lifecycle: AppLifecycle, driver: any AttributionSDKDriver) {
        self.lifecycle = lifecycle
        self.driver = driver
    }

    /// Hands `signal` to the lifecycle, then starts a session for each `$AppStart` it emitted.
    ///
    /// - Returns: The events the signal emitted.
    /// - Throws: ``LifecycleError``; no session starts then.
    @discardableResult
    public func send(_ signal: LifecycleSignal) throws(LifecycleError) -> [LifecycleEvent] {
        let events = try lifecycle.handle(signal)
        startSessions(for: events)
        return events
    }

    /// Calls ``AttributionSDKDriver/start()`` once for each `$AppStart` among `events`.
    ///
    /// - Returns: The number of sessions started.
    @discardableResult
    public func startSessions(for events: [LifecycleEvent]) -> Int {
        var started = 0
        for event in events where event.name == .appStart {
            driver.start()
            started += 1
        }
        return started
    }
}
