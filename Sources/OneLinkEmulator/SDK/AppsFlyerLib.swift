import Foundation

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
public final class AppsFlyerLib: @unchecked Sendable {
    struct Configuration {
        var devKey = ""
        var appID = ""
        var customDomains: [String]?
        var resolveDeepLinkURLs: [String]?
        var deepLinkTimeout: UInt = 3000
        var conversionDataTimeout: UInt = 10_000
        var minTimeBetweenSessions: UInt = 5
        var isDebug = false
        var pushPaths: [[String]] = []
        var deviceInfo = DeviceInfo()
        var callbackDelivery = CallbackDelivery.mainQueue
        var valueTyping = LinkParser.ValueTyping.strings
        var identity = UserIdentity()
        var flags = PrivacyFlags()
        var isStopped = false
        var host = AppsFlyerLib.defaultHost
        var hostPrefix = ""
        var appInviteOneLinkID: String?
        var currencyCode: String?
        var attWaitTimeout: TimeInterval?
        var appendedDeepLinkParameters: [AppendedDeepLinkParameters] = []
        var recordedCalls: [RecordedCall] = []
        var sharingFilter: [String]?
        var facebookDeferredAppLink: URL?

        /// The host requests go to when `setHost(_:withHostPrefix:)` changed it, prefix first.
        var customHost: String? {
            host == AppsFlyerLib.defaultHost && hostPrefix.isEmpty ? nil : hostPrefix + host
        }
    }

    struct Delegates {
        weak var delegate: (any AppsFlyerLibDelegate)?
        weak var deepLinkDelegate: (any DeepLinkDelegate)?
    }

    let shortLinkResolver: any ShortLinkResolver
    let conversionDataSource: any ConversionDataSource
    let deferredDeepLinkSource: any DeferredDeepLinkSource
    let launchRecorder: any LaunchRecorder
    let deviceStore: any DeviceStore
    let clock: any EmulatorClock
    let logSink: any DebugLogSink
    let eventRecorder: any EventRecorder
    let purchaseValidator: any PurchaseValidator
    let shortLinkCreator: (any ShortLinkCreator)?

    let configuration = Locked(Configuration())
    let delegates = Locked(Delegates())
    let engine = Locked(EngineState())
    let trackingGate = TrackingGate()
    private var clockObserver: UInt64?

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
        self.shortLinkResolver = shortLinkResolver
        self.conversionDataSource = conversionDataSource
        self.deferredDeepLinkSource = deferredDeepLinkSource
        self.launchRecorder = launchRecorder
        self.deviceStore = deviceStore
        self.clock = clock
        self.logSink = logSink
        self.eventRecorder = eventRecorder
        self.purchaseValidator = purchaseValidator
        self.shortLinkCreator = shortLinkCreator
        if let manual = clock as? ManualClock {
            clockObserver = manual.addObserver { [weak self] in self?.noteChange() }
        }
    }

    deinit {
        if let clockObserver, let manual = clock as? ManualClock {
            manual.removeObserver(clockObserver)
        }
    }

    // MARK: - Delegates

    /// The delegate for conversion data and legacy deep links; held weakly.
    public weak var delegate: (any AppsFlyerLibDelegate)? {
        get { delegates.withLock { $0.delegate } }
        set { delegates.withLock { $0.delegate = newValue } }
    }

    /// The unified deep linking delegate; held weakly.
    ///
    /// Set it before ``start()->()`` for UDL mode.
    public weak var deepLinkDelegate: (any DeepLinkDelegate)? {
        get { delegates.withLock { $0.deepLinkDelegate } }
        set { delegates.withLock { $0.deepLinkDelegate = newValue } }
    }

    // MARK: - Configuration

    /// The AppsFlyer dev key; ``start()->()`` refuses to begin a session without it.
    public var appsFlyerDevKey: String {
        get { configuration.withLock { $0.devKey } }
        set { configuration.withLock { $0.devKey = newValue } }
    }

    /// The app's Apple ID (digits only); ``start()->()`` refuses to begin a session without it.
    public var appleAppID: String {
        get { configuration.withLock { $0.appID } }
        set { configuration.withLock { $0.appID = newValue } }
    }

    /// Custom domains that serve OneLinks, in addition to `*.onelink.me`.
    public var oneLinkCustomDomains: [String]? {
        get { configuration.withLock { $0.customDomains } }
        set { configuration.withLock { $0.customDomains = newValue } }
    }

    /// Domains whose links wrap a OneLink (email click recorders and the like); they are unwrapped through the resolver.
    public var resolveDeepLinkURLs: [String]? {
        get { configuration.withLock { $0.resolveDeepLinkURLs } }
        set { configuration.withLock { $0.resolveDeepLinkURLs = newValue } }
    }

    /// How long a deep-link resolution may take, in milliseconds (default 3000).
    ///
    /// The time counts from the moment the link is handed to the SDK; an
    /// answer that arrives later is dropped.
    public var deepLinkTimeout: UInt {
        get { configuration.withLock { $0.deepLinkTimeout } }
        set { configuration.withLock { $0.deepLinkTimeout = newValue } }
    }

    /// The minimum time between two sessions, in seconds (default 5).
    public var minTimeBetweenSessions: UInt {
        get { configuration.withLock { $0.minTimeBetweenSessions } }
        set { configuration.withLock { $0.minTimeBetweenSessions = newValue } }
    }

    /// Whether every decision is written to the debug log sink.
    public var isDebug: Bool {
        get { configuration.withLock { $0.isDebug } }
        set { configuration.withLock { $0.isDebug = newValue } }
    }

    /// How long the conversion-data request may take, in milliseconds (default 10000).
    ///
    /// Emulator only: the real SDK does not expose this limit.
    public var conversionDataTimeout: UInt {
        get { configuration.withLock { $0.conversionDataTimeout } }
        set { configuration.withLock { $0.conversionDataTimeout = newValue } }
    }

    /// Where delegates and completion handlers are called: the main queue by default, as in the real SDK.
    ///
    /// Emulator only. See ``CallbackDelivery``.
    public var callbackDelivery: CallbackDelivery {
        get { configuration.withLock { $0.callbackDelivery } }
        set { configuration.withLock { $0.callbackDelivery = newValue } }
    }

    /// How values read from link text are typed: strings by default, as the real SDK hands them over.
    ///
    /// Emulator only. ``LinkParser/ValueTyping/documented`` types `true`,
    /// `false` and integers as the documentation's sample payloads print them,
    /// for handler code that was written against those samples. Conversion
    /// data keeps the JSON types its source answered with either way.
    public var valueTyping: LinkParser.ValueTyping {
        get { configuration.withLock { $0.valueTyping } }
        set { configuration.withLock { $0.valueTyping = newValue } }
    }

    /// The device's fingerprint and advertising ID sent to the backends.
    ///
    /// Emulator only: the real SDK reads these from the device.
    public var deviceInfo: DeviceInfo {
        get { configuration.withLock { $0.deviceInfo } }
        set { configuration.withLock { $0.deviceInfo = newValue } }
    }

    /// Adds a key path in push payloads that holds a OneLink URL, such as `["af_push_link"]`.
    ///
    /// With at least one path configured, ``handlePushNotification(_:)`` uses
    /// the OneLink method; with none, it reads legacy attribution parameters
    /// from the payload's `"af"` dictionary.
    public func addPushNotificationDeepLinkPath(_ deepLinkPath: [String]) {
        configuration.withLock { $0.pushPaths.append(deepLinkPath) }
    }

    // MARK: - Entry points

    /// Begins a session, if `minTimeBetweenSessions` has passed since the last one.
    ///
    /// Every session sends a launch request, then delivers
    /// `onConversionDataSuccess` (or `onConversionDataFail`); in UDL mode the
    /// first launch also delivers one deferred `didResolveDeepLink`.
    public func start() {
        submit(.start)
    }

    /// Begins a session and reports its launch request to `completionHandler`, on the delivery queue.
    ///
    /// The handler receives the launch response (`["status": "ok"]` from the
    /// in-memory recorder), or the error: the launch was rejected (an invalid
    /// dev key is HTTP 403), failed, or no session started because keys are
    /// missing or `minTimeBetweenSessions` had not passed
    /// (``AttributionError/sessionSkipped(elapsedMilliseconds:minimumSeconds:)``).
    /// It is called before the session's conversion-data callbacks.
    public func start(completionHandler: (([String: Any]?, Error?) -> Void)?) {
        enqueue(.action(.start), completion: completionHandler.map(UncheckedCompletion.init), waiter: nil)
    }

    /// Begins a session and returns its launch response: the form Swift generates for `start(completionHandler:)`.
    ///
    /// In an asynchronous context, a bare `start()` call resolves to this
    /// method, as it does with the real SDK, so it needs `try await`.
    ///
    /// - Throws: The ``AttributionError`` that `start(completionHandler:)` would report.
    @discardableResult
    public func start() async throws -> [String: Any] {
        let outcome: LaunchOutcome = await withCheckedContinuation { continuation in
            let completion = UncheckedCompletion { response, error in
                if let error {
                    continuation.resume(returning: .failed(AttributionError(wrapping: error)))
                } else {
                    continuation.resume(
                        returning: .accepted((try? AttributionPayload(foundation: response ?? [:])) ?? [:]))
                }
            }
            enqueue(.action(.start), completion: completion, waiter: nil)
        }
        switch outcome {
        case .accepted(let response): return response.foundationStringKeyed
        case .failed(let error): throw error
        }
    }

    /// The AppsFlyer device ID of this install, creating the install's state if no session has started yet.
    ///
    /// Available before `start()`, as in the real SDK; the first session keeps the same ID.
    public func getAppsFlyerUID() -> String {
        loadDeviceState(now: clock.now).deviceID
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
        submit(.openURL(url?.absoluteString ?? "", sourceApplication: source))
    }

    /// A dictionary key's name: the string itself, or a string-backed key type's raw value (`UIApplication.OpenURLOptionsKey`).
    private static func keyName(_ key: AnyHashable) -> String? {
        if let name = key.base as? String { return name }
        return (key.base as? any RawRepresentable)?.rawValue as? String
    }

    /// Handles a URL that opened the app, as the pre-iOS 9 `application(_:open:sourceApplication:annotation:)` passes it.
    public func handleOpen(_ url: URL?, sourceApplication: String?) {
        submit(.openURL(url?.absoluteString ?? "", sourceApplication: sourceApplication))
    }

    /// Handles a URL that opened the app, with the annotation the pre-iOS 9 entry point passes; the annotation is not read.
    public func handleOpen(_ url: URL?, sourceApplication: String?, withAnnotation annotation: Any?) {
        handleOpen(url, sourceApplication: sourceApplication)
    }

    /// Handles a universal link that opened the app: the entry point that works on every platform.
    ///
    /// ``continue(_:restorationHandler:)`` forwards a browsing-web
    /// `NSUserActivity`'s `webpageURL` here.
    public func handleUniversalLink(_ url: URL) {
        submit(.universalLink(url.absoluteString))
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
            submit(.push([:]))
            return
        }
        do {
            submit(.push(try AttributionPayload(foundation: pushPayload)))
        } catch {
            debug(.pushPayload, "push payload cannot be read (\(error)); push ignored")
        }
    }

    /// Resolves a link the app opened itself, delivering the deep-link callbacks without counting a re-engagement.
    ///
    /// A `nil` URL is reported through the failure callback as an empty link.
    public func performOnAppAttribution(with URL: URL?) {
        submit(.performOnAppAttribution(URL?.absoluteString ?? ""))
    }

    // MARK: - Swift-native layer

    /// Runs an action and returns every callback it caused, once all of them have been delivered.
    ///
    /// With a ``ManualClock`` and a backend that waits on it, advance the
    /// clock from another task, or use the non-waiting entry points with
    /// ``settle()``.
    @discardableResult
    public func perform(_ action: SDKAction) async -> [AppsFlyerEvent] {
        await withCheckedContinuation { continuation in
            enqueue(.action(action), completion: nil, waiter: continuation)
        }
    }

    /// Queues an action without waiting for its callbacks.
    public func submit(_ action: SDKAction) {
        enqueue(.action(action), completion: nil, waiter: nil)
    }

    /// Queues an action and starts processing the queue on the calling thread, until it first has to wait.
    ///
    /// For the replay harness, which awaits ``settle()`` right after: with
    /// backends that answer at once, the callbacks are delivered before this
    /// returns and no thread hand-off is needed. Callbacks still come in queue
    /// order; a call that waits on the clock continues on another task as with
    /// ``submit(_:)``. The caller must not hold a lock its delegates need.
    package func submitProcessingNow(_ action: SDKAction) {
        enqueue(.action(action), completion: nil, waiter: nil, startImmediately: true)
    }

    /// Simulates deleting the app and installing it again: the device state is erased and the process state reset.
    ///
    /// Ordered with the other calls: actions queued earlier finish first.
    public func simulateReinstall() async {
        await withCheckedContinuation { continuation in
            enqueue(.reinstall, completion: nil, waiter: continuation)
        }
    }

    /// Simulates the app process being killed and launched again on the same install.
    ///
    /// The device state is kept; the next ``start()->()`` is a cold start.
    public func simulateRelaunch() async {
        await withCheckedContinuation { continuation in
            enqueue(.relaunch, completion: nil, waiter: continuation)
        }
    }

    /// Every callback from now on, as an asynchronous sequence; each access starts a new subscription.
    public var events: AsyncStream<AppsFlyerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppsFlyerEvent.self)
        let id = engine.withLock { state -> UInt64 in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.engine.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Every callback delivered so far by this instance, oldest first.
    ///
    /// At most ``deliveredEventLimit`` are kept, so a long-lived instance's memory stays bounded.
    public var deliveredEvents: [AppsFlyerEvent] { engine.withLock { $0.history.elements } }

    /// The number of events ``deliveredEvents`` keeps by default: 10,000.
    public static let defaultDeliveredEventLimit = 10_000

    /// The most events ``deliveredEvents`` keeps; older ones are dropped, and 0 keeps none.
    ///
    /// Emulator only. ``events`` subscribers and ``perform(_:)`` see every event regardless.
    public var deliveredEventLimit: Int {
        get { engine.withLock { $0.history.limit } }
        set { engine.withLock { $0.history.limit = newValue } }
    }

    /// How many events were dropped from ``deliveredEvents`` to respect ``deliveredEventLimit``.
    public var droppedEventCount: Int { engine.withLock { $0.history.droppedCount } }

    /// The most ``storageErrors`` keeps.
    public static let storageErrorLimit = 64

    /// Device-store failures so far, oldest first: a corrupt state file (treated as a fresh install) or a failed save.
    ///
    /// Kept whether or not ``isDebug`` is on, so a test can assert that a
    /// corrupt file was reported; at most ``storageErrorLimit`` are kept.
    public var storageErrors: [StorageError] { engine.withLock { $0.storageErrors } }

    /// The number of sessions this install has started, from the device store.
    public var sessionCount: Int { (try? deviceStore.load())?.sessionCount ?? 0 }

    /// The number of links handled as re-engagements (all link entry points but ``performOnAppAttribution(with:)``).
    public var attributedOpenCount: Int { engine.withLock { $0.attributedOpenCount } }

    /// The AppsFlyer device ID of this install, once the first session created it.
    public var deviceID: String? { (try? deviceStore.load())?.deviceID }

    /// Whether no action is queued or running right now.
    ///
    /// After ``settle()`` returns, `false` means the SDK is blocked on a
    /// ``ManualClock`` and will not progress until the clock is advanced.
    public var isIdle: Bool { engine.withLock { $0.queue.isEmpty && !$0.running } }

    /// Waits until every queued action has been processed and its callbacks delivered.
    public func waitUntilIdle() async {
        await waitUntil { state in state.queue.isEmpty && !state.running }
    }

    /// Waits until the SDK cannot progress without the clock moving.
    ///
    /// With a ``SystemClock`` this is ``waitUntilIdle()``. With a
    /// ``ManualClock`` it also returns while a backend call is waiting on
    /// virtual time (a delayed or stalled in-memory backend), so a test or
    /// scenario can then advance the clock.
    public func settle() async {
        let manual = clock as? ManualClock
        let gate = trackingGate
        await waitUntil { state in
            if state.queue.isEmpty && !state.running { return true }
            guard let manual, state.racing > 0 else { return false }
            // A race whose timer has already fired is finishing, not blocked: wait for it. A race
            // waiting for the ATT answer is blocked on the test, as one waiting on the clock is.
            return manual.workSleeperCount + gate.waiterCount >= state.racing
                && manual.timerSleeperCount >= state.racing
        }
    }
}
