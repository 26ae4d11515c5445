import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    // MARK: - Swift-native layer

    /// Runs an action and returns every callback it caused, once all of them have been delivered.
    ///
    /// With a ``ManualClock`` and a backend that waits on it, advance the
    /// clock from another task, or use the non-waiting entry points with
    /// ``settle()``.
    @discardableResult
    public func perform(_ action: SDKAction) async -> [AppsFlyerEvent] {
        await engine.enqueueAndWait(.action(action))
    }

    /// Queues an action without waiting for its callbacks.
    public func submit(_ action: SDKAction) {
        engine.enqueue(.action(action))
    }

    /// Whether the queue's drainer starts on the thread of the call that finds the queue free, until its work first suspends, instead of as a task of its own.
    ///
    /// For the replay harness and the wiring check, which drive the SDK from
    /// one thread and wait for it after every step: the same drainer, with no
    /// thread hand-off. App calls then run their work, and may call
    /// delegates, before they return, which the real SDK never does; leave
    /// it off (the default) anywhere else.
    package var drainerStartsHere: Bool {
        get { engine.flags[\.drainerStartsHere] }
        set { engine.flags[\.drainerStartsHere] = newValue }
    }

    /// Queues an action for a caller that waits for the SDK right after (`settle()`, say): the queue's drainer, when this call starts it, runs on the calling thread until its work first suspends.
    ///
    /// For the replay harness: with backends that answer at once, the
    /// callbacks are delivered before this returns, with no thread hand-off.
    /// The caller must not hold a lock its delegates need.
    package func submitAndRunHere(_ action: SDKAction) {
        engine.enqueue(.action(action), startsHere: true)
    }

    /// Simulates deleting the app and installing it again: the device state is erased and the process state reset.
    ///
    /// As with ``simulateRelaunch()``, the delegates and the session-ready listener are gone
    /// and the configuration stays. Ordered with the other calls: actions queued earlier finish first.
    public func simulateReinstall() async {
        _ = await engine.enqueueAndWait(.reinstall)
    }

    /// Simulates the app process being killed and launched again on the same install.
    ///
    /// What survives is what a real relaunch keeps: the device state (the install, its cached
    /// conversion data, whether `is_first_launch` and the deferred lookup were used up). What the
    /// process held is gone: ``delegate`` and ``deepLinkDelegate`` are `nil` (their objects died
    /// with the process), so is the SDK 7 session-ready listener, and the next ``start()->()`` is a
    /// cold start, whose UDL mode is decided again. Run the app's launch code again after it, as
    /// iOS does. The configuration (keys, time limits, domains, `isDebug`, the emulator's backends
    /// and options) stays, so a test need not repeat it; the app's launch code sets the same values
    /// again anyway. Ordered with the other calls: actions queued earlier finish first.
    public func simulateRelaunch() async {
        _ = await engine.enqueueAndWait(.relaunch)
    }

    /// Every callback from now on, as an asynchronous sequence; each access starts a new subscription.
    public var events: AsyncStream<AppsFlyerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppsFlyerEvent.self)
        let id = engine.published.withLock { $0.subscribe(continuation) }
        continuation.onTermination = { [weak self] _ in
            self?.engine.published.withLock { $0.unsubscribe(id) }
        }
        return stream
    }

    /// Every callback delivered so far by this instance, oldest first.
    ///
    /// At most ``deliveredEventLimit`` are kept, so a long-lived instance's memory stays bounded.
    public var deliveredEvents: [AppsFlyerEvent] { engine.published.withLock { $0.history.elements } }

    /// How many events ``deliveredEvents`` holds, without copying them.
    package var deliveredEventCount: Int { engine.published.withLock { $0.history.count } }

    /// How many of the events kept from the `index`-th on satisfy `predicate`, counted under the history's lock without copying them out.
    ///
    /// `predicate` runs under the lock: it must only read the event.
    package func deliveredEventCount(from index: Int, where predicate: (AppsFlyerEvent) -> Bool) -> Int {
        engine.published.withLock { $0.history.count(from: index, where: predicate) }
    }

    /// The events of ``deliveredEvents`` from position `index` on, without copying the earlier ones.
    package func deliveredEvents(from index: Int) -> [AppsFlyerEvent] {
        engine.published.withLock { $0.history.elements(from: index) }
    }

    /// The number of events ``deliveredEvents`` keeps by default: 10,000.
    public static let defaultDeliveredEventLimit = 10_000

    /// The most events ``deliveredEvents`` keeps; older ones are dropped, and 0 keeps none.
    ///
    /// Emulator only. ``events`` subscribers and ``perform(_:)`` see every event regardless.
    public var deliveredEventLimit: Int {
        get { engine.published.withLock { $0.history.limit } }
        set { engine.published.withLock { $0.history.limit = newValue } }
    }

    /// How many events were dropped from ``deliveredEvents`` to respect ``deliveredEventLimit``.
    public var droppedEventCount: Int { engine.published.withLock { $0.history.droppedCount } }

    /// The most ``storageErrors`` keeps.
    public static let storageErrorLimit = 64

    /// Device-store failures so far, oldest first: a corrupt state file (treated as a fresh install) or a failed save.
    ///
    /// Kept whether or not ``isDebug`` is on, so a test can assert that a
    /// corrupt file was reported; at most ``storageErrorLimit`` are kept.
    public var storageErrors: [StorageError] { engine.sessions.storageErrors }

    /// The number of sessions this install has started, from the device store.
    public var sessionCount: Int { (try? engine.deviceStore.load())?.sessionCount ?? 0 }

    /// The number of links handled as re-engagements (all link entry points but ``performOnAppAttribution(with:)``).
    public var attributedOpenCount: Int { engine.links.attributedOpenCount }

    /// The AppsFlyer device ID of this install, once the first session created it.
    public var deviceID: String? { (try? engine.deviceStore.load())?.deviceID }

    /// Whether no action is queued or running right now.
    ///
    /// After ``settle()`` returns, `false` means the SDK is blocked on a
    /// ``ManualClock`` and will not progress until the clock is advanced.
    public var isIdle: Bool { engine.queue.isIdle && !engine.sessionReadyTimerFiring }

    /// Waits until every queued action has been processed and its callbacks delivered.
    ///
    /// It waits on the caller's actor: a `@MainActor` test stays on the main actor throughout.
    nonisolated(nonsending) public func waitUntilIdle() async {
        await engine.waitUntilIdle()
    }

    /// Waits until the SDK cannot progress without the clock moving.
    ///
    /// With a ``SystemClock`` this is ``waitUntilIdle()``. With a
    /// ``ManualClock`` it also returns while a backend call is waiting on
    /// virtual time (a delayed or stalled in-memory backend), so a test or
    /// scenario can then advance the clock.
    ///
    /// It waits on the caller's actor: a `@MainActor` test stays on the main actor throughout.
    nonisolated(nonsending) public func settle() async {
        await engine.settle()
    }

}
