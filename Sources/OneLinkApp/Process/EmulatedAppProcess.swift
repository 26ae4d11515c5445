import Foundation
public import OneLinkEmulator

/// One emulated app process: the app's lifecycle, and the one place where an opening either launches the app (cold) or resumes it (warm).
///
/// ``bringToFront(launching:_:)`` decides from the lifecycle's state, as iOS
/// does when it hands an app a link or a launch, and runs the app's code for
/// the opening between the signals before and after it:
///
/// | Lifecycle state | Before the app's code | Start | After |
/// |---|---|---|---|
/// | not running | `didFinishLaunching` in the launch's mode | cold | `didBecomeActive` (a foreground launch only) |
/// | background, suspended | `willEnterForeground` | warm | `didBecomeActive` |
/// | inactive | — | warm | `didBecomeActive` |
/// | active | — | warm | — |
///
/// Everything on the app side that launches or resumes an app goes through
/// it: an ``EmulatedDevice`` owns one process per installed app; a process
/// made with an ``AppWiring`` (on hosts without UIKit) hands links to the
/// app's own delegates through `open(_:)`, for ``WiringCheck``; replay's
/// `launch` step runs the scenario's app in one.
///
/// The lifecycle is safe to read from any thread; drive one process from one
/// thread at a time, as iOS drives an app from its main thread.
///
/// ```swift
/// let process = EmulatedAppProcess(clock: clock)
/// let launch = LaunchClassification(options: options)
/// try process.bringToFront(launching: LaunchMode(launch)) { isColdLaunch in
///     launch.drive(appsFlyer)   // the app's didFinishLaunchingWithOptions
/// }
/// ```
public final class EmulatedAppProcess: Sendable {
    /// The app's lifecycle, driven by launches, trips to the background and terminations.
    public let lifecycle: AppLifecycle
    #if !canImport(UIKit)
        /// The app's entry points, or `nil` for a process whose app code is the caller's closures.
        public let wiring: AppWiring?
        /// The SDK instance app code reaches through `AppsFlyerLib.shared()`, or `nil` to leave `shared()` alone.
        public let sdk: AppsFlyerLib?
        /// What the wired app's code made and was called with; held in place rather than in an object of its own.
        @MainActor var code = AppCode()
    #endif

    /// Creates a process that is not running, with no wiring: its app code is what ``bringToFront(launching:_:)`` is given.
    ///
    /// - Parameters:
    ///   - clock: The clock the lifecycle's events read.
    ///   - device: The device facts every lifecycle event carries.
    ///   - isFirstLaunch: Whether the install has never started before (``AppLifecycle/init(clock:device:isFirstLaunch:)``).
    public init(
        clock: any EmulatorClock = SystemClock(), device: DeviceProperties = DeviceProperties(),
        isFirstLaunch: Bool = true
    ) {
        lifecycle = AppLifecycle(clock: clock, device: device, isFirstLaunch: isFirstLaunch)
        #if !canImport(UIKit)
            wiring = nil
            sdk = nil
        #endif
    }

    #if !canImport(UIKit)
        /// Creates a process of a wired app that is not running; ``open(_:)`` hands links to its entry points.
        public init(wiring: AppWiring, sdk: AppsFlyerLib? = nil, clock: any EmulatorClock = SystemClock()) {
            lifecycle = AppLifecycle(clock: clock)
            self.wiring = wiring
            self.sdk = sdk
        }
    #endif

    /// The process's state, as the delivery paths name it.
    public var state: DeliveryAppState {
        switch lifecycle.state {
        case .notRunning: return .notRunning
        case .background, .suspended: return .background
        case .inactive, .active: return .foreground
        }
    }

    /// Launches the app when it is not running (cold), or brings it to the front (warm), running `app` in between.
    ///
    /// A not-running app gets `didFinishLaunching` in `mode`: a background
    /// (passive) launch stops there, a foreground one ends with
    /// `didBecomeActive`. A running app comes back through
    /// `willEnterForeground` and `didBecomeActive` as its state needs.
    ///
    /// - Parameters:
    ///   - mode: How a not-running app launches; a background mode is rejected for an app in the background.
    ///   - app: The app's code for this opening (`didFinishLaunchingWithOptions`, or the running app's
    ///     open handler), told whether this is a cold launch.
    /// - Returns: Whether the app was launched (cold) rather than resumed.
    /// - Throws: ``LifecycleError/invalidTransition(from:signal:)`` for a background launch of an app in
    ///   the background, or when the lifecycle was changed underneath; `app` has not run if the first
    ///   signal was rejected.
    @discardableResult
    public func bringToFront(
        launching mode: LaunchMode = .foreground, _ app: (_ isColdLaunch: Bool) -> Void = { _ in }
    ) throws(LifecycleError) -> Bool {
        let lifecycle = self.lifecycle
        return try bringToFront(
            launching: mode, sending: { signal throws(LifecycleError) in try lifecycle.apply(signal) }, app)
    }

    /// ``bringToFront(launching:_:)``, handing each signal to `send`, which passes it to ``lifecycle``
    /// (through a ``LifecycleSessionDriver``, say, so every `$AppStart` starts an SDK session).
    @discardableResult
    package func bringToFront(
        launching mode: LaunchMode, sending send: (LifecycleSignal) throws(LifecycleError) -> Void,
        _ app: (_ isColdLaunch: Bool) -> Void
    ) throws(LifecycleError) -> Bool {
        let state = lifecycle.state
        var isColdLaunch = false
        var after: LifecycleSignal? = .didBecomeActive
        switch state {
        case .notRunning:
            try send(.didFinishLaunching(mode))
            isColdLaunch = true
            if mode != .foreground { after = nil }
        case .background, .suspended:
            // A background launch needs a process that is not running; this one would only come forward.
            guard mode == .foreground else {
                throw .invalidTransition(from: state, signal: .didFinishLaunching(mode))
            }
            try send(.willEnterForeground)
        case .inactive: break
        case .active: after = nil
        }
        app(isColdLaunch)
        if let after { try send(after) }
        return isColdLaunch
    }

    /// Sends the foreground app to the background: `willResignActive` (when active), then `didEnterBackground`.
    public func enterBackground() {
        switch lifecycle.state {
        case .active:
            signal(.willResignActive)
            signal(.didEnterBackground)
        case .inactive: signal(.didEnterBackground)
        case .notRunning, .background, .suspended: return
        }
    }

    /// Ends the lifecycle of a running process: to the background, suspended, purged.
    func endLifecycle() {
        guard state != .notRunning else { return }
        enterBackground()
        if lifecycle.state == .background { signal(.suspend) }
        signal(.purge)
    }

    /// Hands the lifecycle one signal; one at a time, so no list is allocated for it.
    func signal(_ signal: LifecycleSignal) {
        // Each signal is chosen from the current state, so the lifecycle cannot reject it.
        _ = try? lifecycle.apply(signal)
    }
}
