import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// An app's execution state, driven by lifecycle signals, emitting app start and end events.
///
/// Feed it the UIKit notifications as ``LifecycleSignal`` values; it moves
/// between the five ``AppExecutionState``s and emits ``LifecycleEvent``s:
///
/// - `$AppStart` on `didBecomeActive`: ``AppStartKind/cold`` for the first
///   activation after a foreground launch, ``AppStartKind/warm`` otherwise.
/// - `$AppEnd` on `didEnterBackground` (or `willTerminate` in the foreground)
///   when a start is open.
/// - `$AppStartPassively` on `didFinishLaunching` in ``LaunchMode/background(_:)``.
///
/// **Resign-active debounce.** Pulling down Notification Center or Control
/// Center, or opening the app switcher and picking the same app again, sends
/// `willResignActive` then `didBecomeActive` with no `didEnterBackground`
/// between them. That return emits no `$AppStart`: `willResignActive` sets a
/// flag, `didBecomeActive` clears it and skips the event, and
/// `didEnterBackground` clears it too, so a real trip to the background
/// starts a new session.
///
/// A signal that cannot happen in the current state throws
/// ``LifecycleError/invalidTransition(from:signal:)`` and changes nothing.
/// One instance lives as long as the install: after `willTerminate` or
/// `purge` the next `didFinishLaunching` starts a new process.
///
/// Events are recorded in ``events``, returned by ``handle(_:)``, streamed by
/// ``eventStream()`` and passed, with the state change, to observers.
public final class AppLifecycle: Sendable {
    private struct State {
        var appState: AppExecutionState = .notRunning
        var resignedActive = false
        var activatedThisProcess = false
        var launchedPassively = false
        var openStart: Date?
        var hasStarted: Bool
        var events: [LifecycleEvent] = []
        var nextID: UInt64 = 0
        var continuations: [UInt64: AsyncStream<LifecycleEvent>.Continuation] = [:]
        var observers: [UInt64: @Sendable (LifecycleTransition) -> Void] = [:]
    }

    private let storage: Locked<State>
    /// The clock event times are read from.
    public let clock: any EmulatorClock
    /// The device facts every event carries.
    public let device: DeviceProperties

    /// Creates a lifecycle for an app that is not running.
    ///
    /// - Parameters:
    ///   - clock: The clock event times are read from.
    ///   - device: The device facts every event carries.
    ///   - isFirstLaunch: Whether the install has never started before; the
    ///     first `$AppStart` then has `$is_first_time` = `true`.
    public init(
        clock: any EmulatorClock = SystemClock(), device: DeviceProperties = DeviceProperties(),
        isFirstLaunch: Bool = true
    ) {
        self.clock = clock
        self.device = device
        storage = Locked(State(hasStarted: !isFirstLaunch))
    }

    deinit {
        for continuation in storage.withLock({ $0.continuations.values }) { continuation.finish() }
    }

    /// The current execution state.
    public var state: AppExecutionState { storage.withLock { $0.appState } }

    /// Every event emitted so far, oldest first.
    public var events: [LifecycleEvent] { storage.withLock { $0.events } }

    /// Whether a `willResignActive` is waiting for its `didBecomeActive` (the debounce flag).
    public var isResignActivePending: Bool { storage.withLock { $0.resignedActive } }

    /// Handles one signal, returning the events it emitted.
    ///
    /// Valid transitions (anything else throws):
    ///
    /// | From | Signal | To | Emits |
    /// |---|---|---|---|
    /// | notRunning | didFinishLaunching(.foreground) | inactive | — |
    /// | notRunning | didFinishLaunching(.background) | background | `$AppStartPassively` |
    /// | inactive | didBecomeActive | active | `$AppStart`, unless debounced |
    /// | inactive | didEnterBackground | background | `$AppEnd` if a start is open |
    /// | inactive, active, background | willTerminate | notRunning | `$AppEnd` if a start is open |
    /// | active | willResignActive | inactive | — (sets the debounce flag) |
    /// | background, suspended | willEnterForeground | inactive | — |
    /// | background | suspend | suspended | — |
    /// | suspended | purge | notRunning | — |
    ///
    /// - Throws: ``LifecycleError/invalidTransition(from:signal:)``; the state is unchanged.
    @discardableResult
    public func handle(_ signal: LifecycleSignal) throws(LifecycleError) -> [LifecycleEvent] {
        guard let event = try transition(signal, returnsEvent: true) else { return [] }
        return [event]
    }

    /// ``handle(_:)`` for a caller that does not read the events.
    func apply(_ signal: LifecycleSignal) throws(LifecycleError) {
        _ = try transition(signal, returnsEvent: false)
    }

    /// Applies `signal`; returns the event it emitted when `returnsEvent` (every transition emits at most one).
    ///
    /// The event is stored in ``events`` and copied out only for a caller or an observer that reads it.
    private func transition(
        _ signal: LifecycleSignal, returnsEvent: Bool
    ) throws(LifecycleError) -> LifecycleEvent? {
        // Only a signal that can emit an event, or open a foreground start, reads the clock.
        let now: Date
        switch signal {
        case .didFinishLaunching(.background), .didBecomeActive, .didEnterBackground, .willTerminate:
            now = clock.now
        case .didFinishLaunching(.foreground), .willResignActive, .willEnterForeground, .suspend, .purge:
            now = Date(timeIntervalSinceReferenceDate: 0)
        }
        let outcome = storage.withLock {
            state -> Result<Applied, LifecycleError> in
            let from = state.appState
            var emitted: LifecycleEvent?
            func closeStart() {
                guard let start = state.openStart else { return }
                state.openStart = nil
                let duration = Duration.milliseconds(Int64(((now.timeIntervalSince(start)) * 1000).rounded()))
                emitted = LifecycleEvent(
                    name: .appEnd, time: now, device: self.device, foregroundDuration: max(duration, .zero))
            }
            switch (from, signal) {
            case (.notRunning, .didFinishLaunching(let mode)):
                state.activatedThisProcess = false
                state.resignedActive = false
                state.openStart = nil
                switch mode {
                case .foreground:
                    state.launchedPassively = false
                    state.appState = .inactive
                case .background(let reason):
                    state.launchedPassively = true
                    state.appState = .background
                    emitted = LifecycleEvent(
                        name: .appStartPassively, time: now, device: self.device, passiveReason: reason)
                }
            case (.inactive, .didBecomeActive):
                state.appState = .active
                if state.resignedActive {
                    state.resignedActive = false
                } else {
                    let kind: AppStartKind =
                        state.activatedThisProcess || state.launchedPassively ? .warm : .cold
                    state.activatedThisProcess = true
                    let isFirstTime = !state.hasStarted
                    state.hasStarted = true
                    state.openStart = now
                    emitted = LifecycleEvent(
                        name: .appStart, time: now, device: self.device, startKind: kind,
                        isFirstTime: isFirstTime)
                }
            case (.active, .willResignActive):
                state.appState = .inactive
                state.resignedActive = true
            case (.inactive, .didEnterBackground):
                state.appState = .background
                state.resignedActive = false
                closeStart()
            case (.background, .willEnterForeground), (.suspended, .willEnterForeground):
                state.appState = .inactive
            case (.background, .suspend):
                state.appState = .suspended
            case (.suspended, .purge):
                state.appState = .notRunning
                state.resignedActive = false
                state.openStart = nil
            case (.inactive, .willTerminate), (.active, .willTerminate), (.background, .willTerminate):
                state.appState = .notRunning
                state.resignedActive = false
                closeStart()
            default:
                return .failure(.invalidTransition(from: from, signal: signal))
            }
            var applied = Applied(
                from: from, to: state.appState,
                observers: state.observers.isEmpty ? [] : Array(state.observers.values))
            if let event = emitted.take() {
                for continuation in state.continuations.values { continuation.yield(event) }
                if returnsEvent || !applied.observers.isEmpty { applied.event = event }
                // Room for a launch's usual start, end and start again in one allocation.
                if state.events.isEmpty { state.events.reserveCapacity(4) }
                state.events.append(event)
            }
            return .success(applied)
        }
        var applied = try outcome.get()
        if !applied.observers.isEmpty {
            let transition = LifecycleTransition(
                signal: signal, from: applied.from, to: applied.to, events: applied.event.map { [$0] } ?? [])
            for observer in applied.observers { observer(transition) }
        }
        return applied.event.take()
    }

    /// What one accepted signal did, and the observers to tell outside the lock.
    private struct Applied {
        var from: AppExecutionState
        var to: AppExecutionState
        var observers: [@Sendable (LifecycleTransition) -> Void]
        /// The emitted event, for a caller or observer that reads it.
        var event: LifecycleEvent?
    }

    /// Handles signals in order, stopping at the first rejected one.
    ///
    /// - Returns: The events all the signals emitted.
    /// - Throws: ``LifecycleError/invalidTransition(from:signal:)`` for the first rejected
    ///   signal; the signals before it have been applied.
    @discardableResult
    public func handle(_ signals: [LifecycleSignal]) throws(LifecycleError) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for signal in signals { events += try handle(signal) }
        return events
    }

    /// A stream of the events emitted from now on; it finishes when the lifecycle is released.
    public func eventStream() -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream<LifecycleEvent>.makeStream()
        let id = storage.withLock { state -> UInt64 in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.storage.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `observer` after every accepted signal, on the thread that handled it, outside any lock.
    ///
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(
        _ observer: @escaping @Sendable (LifecycleTransition) -> Void
    ) -> LifecycleObserverToken {
        storage.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return LifecycleObserverToken(id: state.nextID)
        }
    }

    /// Stops calling the observer `token` identifies.
    public func removeObserver(_ token: LifecycleObserverToken) {
        _ = storage.withLock { $0.observers.removeValue(forKey: token.id) }
    }
}
