public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// Records every callback the SDK makes, for tests of code that sits behind the delegates.
///
/// Set it as both delegates, run the SDK, then read what arrived:
///
/// ```swift
/// let recorder = CallbackRecorder()
/// sdk.delegate = recorder
/// sdk.deepLinkDelegate = recorder
/// sdk.start()
/// try await recorder.waitForCallbacks(2)
/// #expect(recorder.deepLinkResults.first?.status == .found)
/// ```
///
/// It is safe to use from any thread: the SDK calls it on the main queue
/// while the test reads it from its own task. A recorder can also forward
/// each callback to the team's own handler (``forwardingDelegate`` and
/// ``forwardingDeepLinkDelegate``), so the test observes both what the SDK
/// sent and what the handler did. Forwarded calls run on the main queue, as
/// the real SDK calls delegates, even when the SDK delivers on its own queue
/// (``AppsFlyerLib/callbackDelivery``): a `@MainActor` handler is safe.
///
/// Thread safety: the recorder is `@unchecked Sendable` because its state holds the team's
/// delegates and Foundation payloads, which are not `Sendable`; that state is only touched
/// under one lock, and the delegates are called outside it.
public final class CallbackRecorder: NSObject, @unchecked Sendable, AppsFlyerLibDelegate,
    AppsFlyerDeepLinkDelegate
{
    /// One recorded callback.
    public enum Callback: @unchecked Sendable, CustomStringConvertible {
        // @unchecked: the dictionaries hold the SDK's Foundation values (strings, NSNumber,
        // NSNull, arrays, dictionaries), which nobody mutates after delivery, and errors are
        // the SDK's immutable AttributionError values.

        /// `onConversionDataSuccess(_:)` with the conversion data.
        case conversionData([AnyHashable: Any])
        /// `onConversionDataFail(_:)` with the error.
        case conversionDataFailure(any Error)
        /// `onAppOpenAttribution(_:)` with the link's attribution data.
        case openAttribution([AnyHashable: Any])
        /// `onAppOpenAttributionFailure(_:)` with the error.
        case openAttributionFailure(any Error)
        /// `didResolveDeepLink(_:)` with the result.
        case deepLink(DeepLinkResult)

        /// The delegate method's name, such as `onConversionDataSuccess`.
        public var name: String {
            switch self {
            case .conversionData: return "onConversionDataSuccess"
            case .conversionDataFailure: return "onConversionDataFail"
            case .openAttribution: return "onAppOpenAttribution"
            case .openAttributionFailure: return "onAppOpenAttributionFailure"
            case .deepLink: return "didResolveDeepLink"
            }
        }

        /// The error, for the two failure callbacks and a failed deep-link result.
        public var error: (any Error)? {
            switch self {
            case .conversionDataFailure(let error), .openAttributionFailure(let error): return error
            case .deepLink(let result): return result.error
            case .conversionData, .openAttribution: return nil
            }
        }

        /// The method name and its argument.
        public var description: String {
            switch self {
            case .conversionData(let data), .openAttribution(let data):
                let payload = try? AttributionPayload(foundation: data)
                return "\(name)(\(payload?.jsonText() ?? "\(data)"))"
            case .conversionDataFailure(let error), .openAttributionFailure(let error):
                return "\(name)(\(error))"
            case .deepLink(let result): return "\(name)(\(result))"
            }
        }
    }

    /// Thrown by ``waitForCallbacks(_:timeout:)`` and ``wait(timeout:until:)`` when the deadline passes first.
    public struct WaitTimeout: Error, CustomStringConvertible {
        /// What the wait was for.
        public var expectation: String
        /// The deadline that passed.
        public var timeout: Duration
        /// The callbacks recorded by then.
        public var recorded: [String]
        /// The callbacks an observed SDK dropped by then because no delegate was set (see ``CallbackRecorder/dropped``).
        public var dropped: [String] = []
        /// Why nothing may have come, when the recorder can tell: the app's code reached another SDK instance than the one the recorder listens to.
        ///
        /// Set when none of the SDKs the recorder is a delegate of (or
        /// observes) saw `start()` or a link, while the instance
        /// `AppsFlyerLib.shared()` returns outside any `withShared` scope did.
        /// It ends with the `withShared` line to add.
        public var hint: String?

        /// A sentence naming the expectation, the timeout and what arrived, then the ``hint`` when there is one.
        public var description: String {
            "timed out after \(timeout) waiting for \(expectation); recorded: "
                + (recorded.isEmpty ? "nothing" : recorded.joined(separator: ", "))
                + (dropped.isEmpty
                    ? "" : "; dropped for want of a delegate: " + dropped.joined(separator: ", "))
                + (hint.map { ". Hint: " + $0 } ?? "")
        }
    }

    private struct Waiter {
        var condition: @Sendable ([Callback]) -> Bool
        var slot: WaitSlot<[Callback]>
    }

    private struct State {
        var calls: [Callback] = []
        /// Whether each call's forwarding finished; waits see only the finished prefix.
        var finished: [Bool] = []
        var finishedPrefix = 0
        /// Bumped by `removeAll()`, so a delivery still forwarding then does not mark a new call.
        var generation = 0
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
        var delegate: (any AppsFlyerLibDelegate)?
        var deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
        /// Callbacks an observed SDK dropped because the app had set no delegate for them.
        var dropped: [Callback] = []
        /// The SDKs observed through ``observe(_:)``, with their observer IDs.
        var observed: [(sdk: WeakSDK, id: UInt64)] = []
        /// The SDKs the recorder was set on as a delegate, as they told it (``SDKDelegateObserver``).
        var delegateOf: [WeakSDK] = []
        var waitHook: (@Sendable (WaitStep, _ fireDeadline: @Sendable () -> Void) -> Void)?

        /// The calls whose forwarding finished, in order.
        var settled: [Callback] { Array(calls[..<finishedPrefix]) }
    }

    // The state holds delegates, which are not Sendable: every access goes through the lock.
    private let state = Locked(State())

    /// Creates an empty recorder.
    public override init() {
        super.init()
    }

    /// Creates a recorder that observes `sdk`'s callbacks alongside the delegates the app sets; see ``observe(_:)``.
    public convenience init(observing sdk: AppsFlyerLib) {
        self.init()
        observe(sdk)
    }

    /// Records every callback `sdk` makes from now on, whatever delegates the app set, without replacing them.
    ///
    /// App launch code sets `AppsFlyerLib.shared().delegate = self`; a recorder set as the
    /// delegate would be replaced, or would hide a delegate the app forgot. An observing
    /// recorder is not a delegate: after the app's delegates return from each callback, it
    /// records the callbacks that reached one in ``callbacks``, and those the SDK dropped
    /// because no delegate was set for them (a forgotten `deepLinkDelegate`, for example) in
    /// ``dropped``. Observed callbacks are not forwarded: the app's delegates already had them.
    /// Observing an SDK that is already observed does nothing.
    ///
    /// ```swift
    /// let recorder = CallbackRecorder(observing: sdk)
    /// AppsFlyerLib.withShared(sdk) { appDelegate.launch() }  // sets its own delegates
    /// await sdk.waitUntilIdle()
    /// #expect(recorder.dropped.isEmpty, "a callback found no delegate")
    /// ```
    public func observe(_ sdk: AppsFlyerLib) {
        // Observing the same SDK twice would record each callback twice.
        guard !state.withLock({ $0.observed.contains { $0.sdk.sdk === sdk } }) else { return }
        let id = sdk.addDeliveryObserver { [weak self] event, reachedDelegate in
            self?.observed(event, reachedDelegate: reachedDelegate)
        }
        state.withLock { $0.observed.append((WeakSDK(sdk: sdk), id)) }
    }

    /// Stops observing every SDK passed to ``observe(_:)``; what was recorded stays.
    public func stopObserving() {
        let observed = state.withLock { state in
            defer { state.observed.removeAll() }
            return state.observed
        }
        for (box, id) in observed { box.sdk?.removeDeliveryObserver(id) }
    }

    deinit {
        stopObserving()
    }

    private func observed(_ event: AppsFlyerEvent, reachedDelegate: Bool) {
        let callback: Callback
        switch event {
        case .conversionDataSuccess(let payload): callback = .conversionData(payload.foundationDictionary)
        case .conversionDataFail(let error): callback = .conversionDataFailure(error)
        case .appOpenAttribution(let payload): callback = .openAttribution(payload.foundationDictionary)
        case .appOpenAttributionFailure(let error): callback = .openAttributionFailure(error)
        case .deepLink(let result): callback = .deepLink(result)
        }
        if reachedDelegate {
            record(callback) { _, _ in }
        } else {
            state.withLock { $0.dropped.append(callback) }
        }
    }

    /// A handler that receives each `AppsFlyerLibDelegate` callback after it is recorded, such as the app's own.
    ///
    /// The recorder holds it strongly, unlike the SDK, so a test need not keep it alive.
    public var forwardingDelegate: (any AppsFlyerLibDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// A handler that receives each `didResolveDeepLink` result after it is recorded; held strongly.
    public var forwardingDeepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? {
        get { state.withLock { $0.deepLinkDelegate } }
        set { state.withLock { $0.deepLinkDelegate = newValue } }
    }

    // MARK: Reading

    /// Every callback so far, in the order the SDK made them.
    public var callbacks: [Callback] { state.withLock { $0.calls } }

    /// Callbacks an observed SDK dropped because the app had set no delegate for them, in order.
    ///
    /// Filled only by ``observe(_:)``: a callback with no delegate is lost in the real SDK too,
    /// so a non-empty list usually means a delegate was set too late or not at all.
    public var dropped: [Callback] { state.withLock { $0.dropped } }

    /// The delegate method names so far, such as `["onConversionDataSuccess", "didResolveDeepLink"]`.
    public var names: [String] { callbacks.map(\.name) }

    /// How many callbacks arrived so far.
    public var count: Int { state.withLock { $0.calls.count } }

    /// Every `onConversionDataSuccess` payload, as delivered.
    public var conversionData: [[AnyHashable: Any]] {
        callbacks.compactMap { if case .conversionData(let data) = $0 { data } else { nil } }
    }

    /// Every `onConversionDataSuccess` payload, typed; a payload that cannot be typed is left out.
    public var conversionPayloads: [AttributionPayload] {
        conversionData.compactMap { try? AttributionPayload(foundation: $0) }
    }

    /// Every `onAppOpenAttribution` payload, as delivered.
    public var openAttributions: [[AnyHashable: Any]] {
        callbacks.compactMap { if case .openAttribution(let data) = $0 { data } else { nil } }
    }

    /// Every `onAppOpenAttribution` payload, typed; a payload that cannot be typed is left out.
    public var openAttributionPayloads: [AttributionPayload] {
        openAttributions.compactMap { try? AttributionPayload(foundation: $0) }
    }

    /// Every `didResolveDeepLink` result.
    public var deepLinkResults: [DeepLinkResult] {
        callbacks.compactMap { if case .deepLink(let result) = $0 { result } else { nil } }
    }

    /// The deep links of the `.found` results.
    public var deepLinks: [DeepLink] { deepLinkResults.compactMap(\.deepLink) }

    /// Every error: conversion-data failures, open-attribution failures and failed deep-link results, in order.
    public var errors: [any Error] { callbacks.compactMap(\.error) }

    /// The errors that are the emulator's ``AttributionError``, in order.
    public var attributionErrors: [AttributionError] { errors.compactMap { $0 as? AttributionError } }

    /// Forgets every recorded callback; waits in progress keep waiting for new ones.
    public func removeAll() {
        state.withLock { state in
            state.calls.removeAll()
            state.finished.removeAll()
            state.finishedPrefix = 0
            state.dropped.removeAll()
            state.generation += 1
        }
    }

    // MARK: Waiting

    /// Waits until at least `count` callbacks were recorded (since creation or ``removeAll()``), then returns them all.
    ///
    /// Nothing polls or sleeps: each recorded callback wakes the waiters
    /// whose condition now holds. A callback counts once the forwarding
    /// handlers returned from it. The timeout is a deadline for a test that
    /// would otherwise hang, not a delay.
    ///
    /// - Throws: ``WaitTimeout`` when the deadline passes first, `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForCallbacks(_ count: Int, timeout: Duration = .seconds(30)) async throws -> [Callback] {
        try await wait(timeout: timeout, describing: "\(count) callbacks") { $0.count >= count }
    }

    /// Waits until `condition` holds for the recorded callbacks, then returns them.
    ///
    /// `condition` runs outside the recorder's lock, once now and once after each new callback,
    /// on the callbacks whose forwarding handlers returned.
    ///
    /// - Throws: ``WaitTimeout`` when the deadline passes first, `CancellationError` when the task is cancelled.
    @discardableResult
    public func wait(
        timeout: Duration = .seconds(30), until condition: @escaping @Sendable ([Callback]) -> Bool
    ) async throws -> [Callback] {
        try await wait(timeout: timeout, describing: "a condition on the callbacks", condition)
    }

    /// A step of a wait, where ``waitHook`` runs.
    package enum WaitStep: Sendable {
        /// The wait began: it is not yet registered with the recorder and its condition is unchecked.
        case started
        /// The wait is registered with the recorder and its condition was checked; its task is
        /// about to suspend.
        case registering
        /// The wait's task registered to be resumed (or took the outcome that arrived before).
        case registered
    }

    /// For tests: runs at each ``WaitStep`` of every wait, on the waiting task, with a function
    /// that fires that wait's deadline at once.
    ///
    /// While it is set, waits start no deadline of their own: a wait times out only when the hook
    /// fires it. Tests use it to force each order of the deadline, the condition and cancellation.
    package var waitHook: (@Sendable (WaitStep, _ fireDeadline: @Sendable () -> Void) -> Void)? {
        get { state.withLock { $0.waitHook } }
        set { state.withLock { $0.waitHook = newValue } }
    }

    private func wait(
        timeout: Duration, describing expectation: String,
        _ condition: @escaping @Sendable ([Callback]) -> Bool
    ) async throws -> [Callback] {
        let hook = state.withLock { $0.waitHook }
        let fire: @Sendable (WaitSlot<[Callback]>) -> Void = { [weak self] slot in
            slot.resolve(
                .failure(
                    WaitTimeout(
                        expectation: expectation, timeout: timeout, recorded: self?.names ?? [],
                        dropped: self?.dropped.map(\.name) ?? [], hint: self?.differentInstanceHint())))
        }
        // The slot holds the wait's one outcome, whichever of the condition, the deadline and
        // cancellation comes first, before or after the waiting task registers.
        var slotHook: (@Sendable (WaitSlot<[Callback]>.Step, WaitSlot<[Callback]>) -> Void)?
        if let hook {
            slotHook = { step, slot in
                hook(step == .registering ? .registering : .registered) { fire(slot) }
            }
        }
        let slot = WaitSlot<[Callback]>(hook: slotHook)
        hook?(.started) { fire(slot) }
        let (id, snapshot) = state.withLock { state in
            state.nextWaiter += 1
            state.waiters[state.nextWaiter] = Waiter(condition: condition, slot: slot)
            return (state.nextWaiter, state.settled)
        }
        defer { state.withLock { _ = $0.waiters.removeValue(forKey: id) } }
        if condition(snapshot) { slot.resolve(.success(snapshot)) }
        let deadline: Task<Void, Never>? =
            hook != nil
            ? nil
            : Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { fire(slot) }
            }
        defer { deadline?.cancel() }
        return try await slot.value()
    }

    /// Records `callback`, hands it to the forwarding handlers, then wakes the waiters it satisfies.
    ///
    /// Waiters wake after the handlers ran, so a test that waited can read
    /// what its handler did. Handlers and conditions run outside the lock.
    private func record(
        _ callback: Callback,
        forward: @escaping ((any AppsFlyerLibDelegate)?, (any AppsFlyerDeepLinkDelegate)?) -> Void
    ) {
        let (index, generation, delegate, deepLinkDelegate) = state.withLock { state in
            state.calls.append(callback)
            state.finished.append(false)
            return (state.calls.count - 1, state.generation, state.delegate, state.deepLinkDelegate)
        }
        guard delegate != nil || deepLinkDelegate != nil, !MainQueue.isCurrent else {
            forward(delegate, deepLinkDelegate)
            finishRecording(index, generation: generation)
            return
        }
        // The handlers are app code, often `@MainActor`: they run on the main queue, as the real SDK
        // calls them, even when this SDK delivers on its own queue. The main queue is serial, so
        // they still run one at a time and in order; waits see a call once its handlers returned.
        let handlers = Handoff(
            Handlers(delegate: delegate, deepLinkDelegate: deepLinkDelegate, forward: forward))
        DispatchQueue.main.async {
            handlers.value.forward(handlers.value.delegate, handlers.value.deepLinkDelegate)
            self.finishRecording(index, generation: generation)
        }
    }

    /// Marks call `index` finished and wakes the waiters the settled calls now satisfy.
    private func finishRecording(_ index: Int, generation: Int) {
        let (snapshot, waiters) = state.withLock { state in
            if state.generation == generation {
                state.finished[index] = true
                while state.finishedPrefix < state.finished.count, state.finished[state.finishedPrefix] {
                    state.finishedPrefix += 1
                }
            }
            return (state.settled, state.waiters)
        }
        for (_, waiter) in waiters.sorted(by: { $0.key < $1.key }) where !waiter.slot.isResolved {
            if waiter.condition(snapshot) { waiter.slot.resolve(.success(snapshot)) }
        }
    }

    /// Why a wait may have timed out: the app's code reached another SDK than those this recorder listens to.
    private func differentInstanceHint() -> String? {
        let tested = state.withLock { state in
            (state.delegateOf + state.observed.map { $0.sdk }).compactMap(\.sdk)
        }
        return AppsFlyerLib.differentInstanceHint(tested: tested)
    }

    /// An observed SDK, held weakly so a recorder does not keep it alive.
    private struct WeakSDK {
        weak var sdk: AppsFlyerLib?
    }

    /// A callback's forwarding handlers, carried to the main queue in a `Handoff`.
    private struct Handlers {
        let delegate: (any AppsFlyerLibDelegate)?
        let deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
        let forward: ((any AppsFlyerLibDelegate)?, (any AppsFlyerDeepLinkDelegate)?) -> Void
    }

    // MARK: Delegate methods

    /// Records the conversion data, forwards it, then wakes the waiters it satisfies.
    public func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        record(.conversionData(conversionInfo)) { delegate, _ in
            delegate?.onConversionDataSuccess(conversionInfo)
        }
    }

    /// Records the failure, then forwards it.
    public func onConversionDataFail(_ error: any Error) {
        record(.conversionDataFailure(error)) { delegate, _ in delegate?.onConversionDataFail(error) }
    }

    #if !SDK7
        /// Records the open attribution, then forwards it.
        public func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
            record(.openAttribution(attributionData)) { delegate, _ in
                delegate?.onAppOpenAttribution(attributionData)
            }
        }

        /// Records the failure, then forwards it.
        public func onAppOpenAttributionFailure(_ error: any Error) {
            record(.openAttributionFailure(error)) { delegate, _ in
                delegate?.onAppOpenAttributionFailure(error)
            }
        }
    #endif

    /// Records the deep-link result, then forwards it.
    public func didResolveDeepLink(_ result: DeepLinkResult) {
        record(.deepLink(result)) { _, deepLinkDelegate in deepLinkDelegate?.didResolveDeepLink(result) }
    }
}

extension CallbackRecorder: SDKDelegateObserver {
    /// Remembers `sdk` (weakly), so a wait that times out can tell whether the app's code reached another instance.
    package func becameDelegate(of sdk: AppsFlyerLib) {
        state.withLock { state in
            state.delegateOf.removeAll { $0.sdk == nil }
            if !state.delegateOf.contains(where: { $0.sdk === sdk }) {
                state.delegateOf.append(WeakSDK(sdk: sdk))
            }
        }
    }
}
