import Foundation
import OneLinkSupport

// The SDK 7 session model (Docs/behaviour.md, rules 20-23). The listener check is queued on the
// SDK's serial queue, so every link handed over before it (the cold-start link from
// `handleLaunchOptions(_:)`, a warm link from `continue`) is resolved and delivered before the
// listener fires; a timer on the SDK's clock bounds that wait.
extension Engine {
    /// The session model the engine follows: `.v7` with the `SDK7` trait, `.v6` without.
    var generation: SDKGeneration {
        get { sessionReadiness.withLock { $0.generation } }
        set { sessionReadiness.withLock { $0.generation = newValue } }
    }

    /// Whether the session-ready timer is due but has not finished: the listener is about to fire, so the SDK is not settled.
    var sessionReadyTimerFiring: Bool {
        // The clock is read only when a timer is set: usually none is, and each read takes the clock's
        // lock, on every check of what `settle()` waits for.
        guard let due = sessionReadiness.withLock({ $0.timerDue }) else { return false }
        return clock.now >= due
    }

    /// Holds `listener` in place of any earlier one and checks session readiness.
    func setSessionReadyListener(_ listener: @escaping () -> Void) {
        let keysSet = configuration.withLock { !$0.devKey.isEmpty && !$0.appID.isEmpty }
        if !keysSet {
            // The string SDK 7.0.1's binary logs (galean/CoreIntegrations, APPSFLYER_V7_SMOKE_TEST.md);
            // the header's "must be set before the listener fires" is kept: the listener waits.
            debug(
                .sessionReady,
                "devKey and appleAppID must be set before calling registerSessionReadyListener:")
        }
        let afterStart = sessionReadiness.withLock { state -> Bool in
            if state.generation == .v7 && state.startRequested { return true }
            state.nextListenerID += 1
            state.listener = SessionReadyListener(id: state.nextListenerID, body: Handoff(listener))
            return false
        }
        if afterStart {
            debug(
                .sessionReady,
                "registerSessionReadyListener after start(): the listener never fires (SDK 7 migration guide)"
            )
            return
        }
        scheduleSessionReadyCheck()
    }

    /// Drops the listener; a no-op without one.
    func removeSessionReadyListener() {
        sessionReadiness.withLock { $0.listener = nil }
        stopSessionReadyTimer()
    }

    /// Whether the listener has been called in the current foreground cycle; never before its body runs.
    var sessionReadyThisCycle: Bool { sessionReadiness.withLock { $0.readyThisCycle } }

    /// Hands the cold-start universal link in `launchOptions` to the SDK, so the listener waits for it.
    ///
    /// The link is the `webpageURL` of the browsing-web activity under
    /// `UIApplicationLaunchOptionsUserActivityDictionaryKey`; any other launch is a no-op.
    func acceptLaunchOptions(_ launchOptions: [AnyHashable: Any]?) {
        guard let url = AppsFlyerLib.launchUniversalLink(in: launchOptions) else {
            debug(.sessionReady, "handleLaunchOptions: no universal link in the launch options")
            return
        }
        debug(.sessionReady, "handleLaunchOptions: the listener waits for \(url.absoluteString)")
        enqueue(.launchLink(url.absoluteString))
    }

    /// Whether `text` is the cold-start link `handleLaunchOptions(_:)` already handed over; it is then forgotten.
    ///
    /// Only a call made within ``sessionReadyTimeLimit`` of the hand-over counts: iOS passes the
    /// cold-start link on during the launch; the same link opened later is a new open.
    func isLaunchLinkAlreadyHandled(_ text: String, calledAt: Date) -> Bool {
        trace?.hop()
        return sessionReadiness.withLock { state in
            let window = TimeInterval(AppsFlyerLib.sessionReadyTimeLimit.components.seconds)
            guard
                let index = state.launchLinks.firstIndex(where: {
                    $0.text == text && calledAt.timeIntervalSince($0.handedOver) <= window
                })
            else { return false }
            state.launchLinks.remove(at: index)
            return true
        }
    }

    /// Ends the foreground cycle: the listener may fire once in the next one.
    func enterBackground() {
        // The continue iOS makes for the cold-start link comes during launch: once the app has been
        // in the background, the same link opened again is a new open.
        sessionReadiness.withLock {
            $0.endCycle()
            $0.launchLinks.removeAll()
        }
        stopSessionReadyTimer()
        debug(.sessionReady, "the app went to the background; the listener resets")
    }

    /// Plays `didBecomeActive`: begins a foreground cycle, or, inside one (an alert closed), lets the listener fire again; then checks session readiness.
    ///
    /// SDK 7.0.1 was seen calling the listener on every `didBecomeActive` of
    /// one foreground cycle (after an ATT or system alert), against the
    /// header's "once per cycle" (Docs/behaviour.md, rule 21): the field wins.
    func becomeActive() {
        let refire = sessionReadiness.withLock { state -> Bool in
            state.activation += 1
            if !state.inForeground {
                state.inForeground = true
                return false
            }
            return state.firedActivation != nil
        }
        if refire {
            debug(.sessionReady, "didBecomeActive inside the foreground cycle: the listener fires again")
        }
        scheduleSessionReadyCheck()
    }

    /// Forgets the listener and the cycle, as a new process would.
    func resetSessionReadiness() {
        sessionReadiness.withLock { state in state = SessionReadinessState(generation: state.generation) }
        stopSessionReadyTimer()
    }

    /// Queues a readiness check behind every action already waiting, with a timer on the SDK's clock in case they take too long.
    func scheduleSessionReadyCheck() {
        let id = sessionReadiness.withLock { state -> UInt64? in
            state.listener != nil && state.mayFire(for: state.activation) ? state.activation : nil
        }
        guard let id else { return }
        let busy = !queue.isIdle
        let scope = Self.scope
        if busy { startSessionReadyTimer(scope: scope) }
        enqueue(.sessionReadyCheck(activation: id))
    }

    private func startSessionReadyTimer(scope: AppsFlyerLib?) {
        let deadline = clock.now.adding(AppsFlyerLib.sessionReadyTimeLimit)
        let clock = self.clock
        // Armed now, not when the timer's task first runs: an advance past the deadline must fire it.
        let alarm = virtualClock?.arm(until: deadline, as: .timer)
        let timer = Task { [weak self] in
            do {
                if let alarm {
                    try await alarm.wait()
                } else {
                    try await clock.sleep(until: deadline)
                }
            } catch {
                return
            }
            await self?.fireSessionReadyListener(scope: scope, activation: nil, timedOut: true)
            self?.stopSessionReadyTimer()
        }
        let previous = sessionReadiness.withLock { state -> SessionReadyTimer? in
            defer {
                state.timer = SessionReadyTimer(task: timer, alarm: alarm)
                state.timerDue = deadline
            }
            return state.timer
        }
        previous?.cancel()
    }

    /// Cancels the time-limit timer, if one runs, and lets waiters go on.
    func stopSessionReadyTimer() {
        let (timer, hadDeadline) = sessionReadiness.withLock { state -> (SessionReadyTimer?, Bool) in
            defer {
                state.timer = nil
                state.timerDue = nil
            }
            return (state.timer, state.timerDue != nil)
        }
        timer?.cancel()
        if hadDeadline { noteChange() }
    }

    /// Calls the listener on the delivery queue if every condition holds and it has not fired for this activation.
    ///
    /// `activation` is the `didBecomeActive` the check was queued for; `nil` (the time limit) means the current one.
    func fireSessionReadyListener(scope: AppsFlyerLib?, activation: UInt64?, timedOut: Bool) async {
        let keysSet = configuration.withLock { !$0.devKey.isEmpty && !$0.appID.isEmpty }
        let listener = sessionReadiness.withLock { state -> SessionReadyListener? in
            guard keysSet, state.inForeground, state.mayFire(for: activation), let listener = state.listener
            else {
                return nil
            }
            state.firedActivation = activation ?? state.activation
            return listener
        }
        guard let listener else {
            if !keysSet {
                debug(
                    .sessionReady, "the listener waits for the dev key and app ID (initialize(devKey:appId:))"
                )
            }
            return
        }
        debug(
            .sessionReady,
            timedOut
                ? "links still resolving after \(AppsFlyerLib.sessionReadyTimeLimit); the listener fires anyway"
                : "keys set and earlier links resolved: the listener fires")
        if !timedOut { stopSessionReadyTimer() }
        let readiness = sessionReadiness
        await onDeliveryQueue(scope: scope) {
            readiness.withLock { $0.readyThisCycle = true }
            listener.body.value()
        }
    }
}
