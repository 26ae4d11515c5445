public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// Holds deep-link actions that arrive before the app can show them, and runs each exactly once on the visible screen.
///
/// Actions arrive from a push payload, a URL, an SDK callback payload or app
/// code, often during launch before any screen exists. The router:
///
/// 1. **Holds and persists** each action in its ``PendingActionStore`` before
///    reporting it taken in, so an action survives the process dying: a new
///    router over the same store delivers it.
/// 2. **Waits for the UI**: nothing is delivered until a root handler is set
///    (``setRoot(_:)``) or ``markReady()`` is called, and a handler is visible.
/// 3. **Delivers to the visible screen only**: the top of the handler stack
///    (``push(_:)``/``pop()``); screens below it get nothing.
/// 4. **Waits while in the background**: after ``appDidEnterBackground()``,
///    actions wait until ``appDidBecomeActive()`` (or ``follow(_:)`` a lifecycle).
/// 5. **Consumes each action once, at most once**: the action is removed from
///    the store *before* its handler runs. If the process dies between the two,
///    the action is lost rather than run twice; a screen never navigates twice
///    for one tap. If the removal fails, the action is not delivered, stays
///    pending, and the failure goes to the error sink.
///
/// Actions are delivered oldest first, one at a time, each to whichever
/// handler is visible at that moment. Every ``RoutingError`` thrown by a
/// `receive` method is also passed to the error sink, so a malformed action
/// is never silently dropped.
///
/// The store is called outside the router's lock, so a store may call back into
/// the router. Each change to the pending list is saved, then committed only if
/// no other change was committed meanwhile; otherwise it is recomputed and saved
/// again. The store therefore always ends holding the committed list.
public final class PendingDeepLinkRouter: Sendable {
    private struct State {
        var pending: [PendingAction]
        /// Bumped by every committed change to `pending`: the compare in compare-and-retry.
        var version: UInt64 = 0
        var handlers: [RouteHandler] = []
        var uiReady = false
        var inBackground: Bool
        var storeBlocked = false
        var history = BoundedHistory<RouteDelivery>(limit: PendingDeepLinkRouter.historyLimit)
    }

    private enum Step {
        case deliver(PendingAction, RouteHandler)
        case storeFailed(StorageError)
    }

    /// The most deliveries ``deliveries`` keeps.
    public static let historyLimit = 256

    /// Where actions come from and which scheme they must use.
    public let configuration: RoutingConfiguration
    /// The store that keeps pending actions across process deaths.
    public let store: any PendingActionStore
    /// The clock that stamps ``PendingAction/receivedAt``.
    public let clock: any EmulatorClock
    private let errorSink: (@Sendable (RoutingError) -> Void)?
    private let state: Locked<State>

    /// Creates a router and loads the actions a previous process left pending.
    ///
    /// - Parameters:
    ///   - configuration: The action scheme and payload keys.
    ///   - store: Where pending actions are kept.
    ///   - clock: The clock that stamps received actions.
    ///   - startsInBackground: Whether the app is in the background now (a passive launch).
    ///   - errorSink: Receives every error, including those no caller can catch (a failed removal at delivery).
    /// - Throws: ``RoutingError/invalidConfiguration(reason:)`` for an invalid scheme, or
    ///   ``RoutingError/storage(_:)`` when the store cannot be read.
    public init(
        configuration: RoutingConfiguration, store: any PendingActionStore = InMemoryPendingActionStore(),
        clock: any EmulatorClock = SystemClock(), startsInBackground: Bool = false,
        errorSink: (@Sendable (RoutingError) -> Void)? = nil
    ) throws(RoutingError) {
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.errorSink = errorSink
        let schemeBytes = Array(configuration.scheme.utf8)
        guard let first = schemeBytes.first, DeepLinkAction.isAlpha(first),
            schemeBytes.allSatisfy(DeepLinkAction.isSchemeByte)
        else {
            let error = RoutingError.invalidConfiguration(
                reason: "scheme \"\(configuration.scheme)\" is not a valid URL scheme")
            errorSink?(error)
            throw error
        }
        let pending: [PendingAction]
        do {
            pending = try store.load()
        } catch {
            errorSink?(.storage(error))
            throw .storage(error)
        }
        state = Locked(State(pending: pending, inBackground: startsInBackground))
    }

    // MARK: State

    /// The actions waiting for delivery, oldest first.
    public var pendingActions: [PendingAction] { state.withLock { $0.pending } }

    /// The names of the registered handlers, bottom (root) first.
    public var handlerNames: [String] { state.withLock { $0.handlers.map(\.name) } }

    /// The name of the visible handler: the top of the stack.
    public var visibleHandler: String? { state.withLock { $0.handlers.last?.name } }

    /// Whether the UI has been marked ready.
    public var isUIReady: Bool { state.withLock { $0.uiReady } }

    /// Whether the router considers the app to be in the background.
    public var isAppInBackground: Bool { state.withLock { $0.inBackground } }

    /// The most recent deliveries, oldest first, up to ``historyLimit``.
    public var deliveries: [RouteDelivery] { state.withLock { $0.history.elements } }

    /// Why actions are held now, or `nil` when nothing blocks delivery.
    public var holdReason: RoutingHoldReason? { state.withLock { Self.holdReason(in: $0) } }

    // MARK: Receiving

    /// Takes in an action built in code.
    ///
    /// - Returns: Whether the action was delivered at once or is held.
    /// - Throws: ``RoutingError`` when the action is invalid or has the wrong scheme,
    ///   or ``RoutingError/storage(_:)`` when it cannot be stored (it is then not taken in).
    @discardableResult
    public func receive(
        _ action: DeepLinkAction, source: ActionSource = .direct
    ) throws(RoutingError) -> RoutingOutcome {
        do {
            try action.validate(expectedScheme: configuration.scheme)
        } catch {
            throw report(error)
        }
        return try enqueue(action, source: source)
    }

    /// Takes in an action given as text, `scheme://NAME?key=value`.
    ///
    /// - Throws: ``RoutingError`` as ``DeepLinkAction/init(parsing:expectedScheme:)`` does, or a storage failure.
    @discardableResult
    public func receive(
        actionText text: String, source: ActionSource = .direct
    ) throws(RoutingError) -> RoutingOutcome {
        let action: DeepLinkAction
        do {
            action = try DeepLinkAction(parsing: text, expectedScheme: configuration.scheme)
        } catch {
            throw report(error)
        }
        return try enqueue(action, source: source)
    }

    /// Takes in the URL the app was opened with (`application(_:open:options:)` or the launch URL).
    ///
    /// - Throws: ``RoutingError`` for a malformed action URL or one with another scheme.
    @discardableResult
    public func receive(url: URL) throws(RoutingError) -> RoutingOutcome {
        try receive(actionText: url.absoluteString, source: .url)
    }

    /// Takes in the action of a push payload, found under ``RoutingConfiguration/pushActionKey``.
    ///
    /// - Throws: ``RoutingError/missingAction(source:keys:)`` when the key is absent,
    ///   ``RoutingError/wrongValueType(source:key:expected:found:)`` when it is not a
    ///   string, or any error of ``receive(actionText:source:)``.
    @discardableResult
    public func receive(pushPayload: [AnyHashable: Any]) throws(RoutingError) -> RoutingOutcome {
        let key = configuration.pushActionKey
        guard let value = pushPayload[key] else {
            throw report(.missingAction(source: .push, keys: [key]))
        }
        guard let text = value as? String else {
            throw report(
                .wrongValueType(source: .push, key: key, expected: "string", found: Self.typeName(of: value)))
        }
        return try receive(actionText: text, source: .push)
    }

    /// Takes in the action of a push payload given as JSON values.
    ///
    /// - Throws: The errors of ``receive(pushPayload:)-([AnyHashable:Any])``.
    @discardableResult
    public func receive(pushPayload: AttributionPayload) throws(RoutingError) -> RoutingOutcome {
        let key = configuration.pushActionKey
        guard let value = pushPayload[key] else { throw report(.missingAction(source: .push, keys: [key])) }
        guard case .string(let text) = value else {
            throw report(.wrongValueType(source: .push, key: key, expected: "string", found: value.typeName))
        }
        return try receive(actionText: text, source: .push)
    }

    /// Takes in the action of an SDK callback payload.
    ///
    /// - If ``RoutingConfiguration/callbackValueKey`` (`deep_link_value`) holds
    ///   text with `://`, that text is the action. Otherwise it is the action
    ///   name, with the app's scheme and the present
    ///   ``RoutingConfiguration/callbackParameterKeys`` (`deep_link_sub1`…) as parameters.
    /// - Otherwise ``RoutingConfiguration/callbackLinkKey`` (`link`) must hold an action link.
    ///
    /// - Throws: ``RoutingError/missingAction(source:keys:)`` when neither key is present,
    ///   ``RoutingError/wrongValueType(source:key:expected:found:)`` for a non-string value,
    ///   or the errors of ``receive(actionText:source:)`` (a web `link` has the wrong scheme).
    @discardableResult
    public func receive(callbackPayload: AttributionPayload) throws(RoutingError) -> RoutingOutcome {
        let valueKey = configuration.callbackValueKey
        let linkKey = configuration.callbackLinkKey
        if let value = callbackPayload[valueKey] {
            guard case .string(let text) = value else {
                throw report(
                    .wrongValueType(
                        source: .callback, key: valueKey, expected: "string", found: value.typeName))
            }
            if text.contains("://") { return try receive(actionText: text, source: .callback) }
            var parameters: [String: String] = [:]
            for key in configuration.callbackParameterKeys {
                guard let parameter = callbackPayload[key], !parameter.isNull else { continue }
                parameters[key] = parameter.textValue
            }
            let action = DeepLinkAction(scheme: configuration.scheme, name: text, parameters: parameters)
            return try receive(action, source: .callback)
        }
        if let value = callbackPayload[linkKey] {
            guard case .string(let text) = value else {
                throw report(
                    .wrongValueType(
                        source: .callback, key: linkKey, expected: "string", found: value.typeName))
            }
            return try receive(actionText: text, source: .callback)
        }
        throw report(.missingAction(source: .callback, keys: [valueKey, linkKey]))
    }

    /// Takes in the action of an SDK callback's `[AnyHashable: Any]` payload.
    ///
    /// - Throws: ``RoutingError/wrongValueType(source:key:expected:found:)`` when the
    ///   dictionary cannot be read as JSON values, or the errors of ``receive(callbackPayload:)-(AttributionPayload)``.
    @discardableResult
    public func receive(callbackPayload: [AnyHashable: Any]) throws(RoutingError) -> RoutingOutcome {
        let payload: AttributionPayload
        do {
            payload = try AttributionPayload(foundation: callbackPayload)
        } catch {
            throw report(
                .wrongValueType(
                    source: .callback, key: "$", expected: "JSON-compatible dictionary", found: "\(error)"))
        }
        return try receive(callbackPayload: payload)
    }

    // MARK: Screens and app state

    /// Replaces the handler stack with a root handler, marks the UI ready, and delivers what is pending.
    ///
    /// - Returns: The deliveries this made.
    @discardableResult
    public func setRoot(_ handler: RouteHandler) -> [RouteDelivery] {
        state.withLock { state in
            state.handlers = [handler]
            state.uiReady = true
        }
        return deliverPending()
    }

    /// Pushes a screen, which becomes the visible handler, and delivers what is pending to it.
    ///
    /// - Returns: The deliveries this made.
    @discardableResult
    public func push(_ handler: RouteHandler) -> [RouteDelivery] {
        state.withLock { $0.handlers.append(handler) }
        return deliverPending()
    }

    /// Pops the visible screen; the one below becomes visible and pending actions go to it.
    ///
    /// - Returns: The popped handler, or `nil` when the stack was empty.
    @discardableResult
    public func pop() -> RouteHandler? {
        let popped = state.withLock { $0.handlers.popLast() }
        deliverPending()
        return popped
    }

    /// Marks the UI ready, as the home screen appearing does, and delivers what is pending.
    ///
    /// - Returns: The deliveries this made.
    @discardableResult
    public func markReady() -> [RouteDelivery] {
        state.withLock { $0.uiReady = true }
        return deliverPending()
    }

    /// Records that the app became active and delivers what waited for it.
    ///
    /// - Returns: The deliveries this made.
    @discardableResult
    public func appDidBecomeActive() -> [RouteDelivery] {
        state.withLock { $0.inBackground = false }
        return deliverPending()
    }

    /// Records that the app entered the background; actions then wait for ``appDidBecomeActive()``.
    public func appDidEnterBackground() {
        state.withLock { $0.inBackground = true }
    }

    /// Follows `lifecycle`: becoming active calls ``appDidBecomeActive()``; entering the
    /// background, suspension or termination calls ``appDidEnterBackground()``.
    ///
    /// The router's background flag is first set from the lifecycle's current state.
    /// The lifecycle holds the router weakly.
    ///
    /// - Returns: The observer token, for ``AppLifecycle/removeObserver(_:)``.
    @discardableResult
    public func follow(_ lifecycle: AppLifecycle) -> LifecycleObserverToken {
        switch lifecycle.state {
        case .background, .suspended: appDidEnterBackground()
        case .active: appDidBecomeActive()
        case .inactive, .notRunning: break
        }
        return lifecycle.addObserver { [weak self] transition in
            guard let self, transition.from != transition.to else { return }
            switch transition.to {
            case .active: self.appDidBecomeActive()
            case .background, .suspended, .notRunning: self.appDidEnterBackground()
            case .inactive: break
            }
        }
    }

    /// Delivers pending actions, oldest first, while the UI is ready, the app is in front and a handler is visible.
    ///
    /// Each action is removed from the store before its handler runs (at-most-once).
    /// A failed removal stops delivery, keeps the action pending and goes to the error sink.
    ///
    /// - Returns: The deliveries this made.
    @discardableResult
    public func deliverPending() -> [RouteDelivery] {
        var made: [RouteDelivery] = []
        // Set when this call saved a list that was not committed: the store must be saved again.
        var storeIsStale = false
        while true {
            let candidate = state.withLock { state -> (PendingAction, [PendingAction], UInt64)? in
                guard let next = state.pending.first, Self.holdReason(in: state, ignoringStore: true) == nil,
                    state.handlers.last != nil
                else { return nil }
                return (next, Array(state.pending.dropFirst()), state.version)
            }
            guard let (next, remaining, version) = candidate else {
                if storeIsStale { resaveCommittedList() }
                return made
            }
            let saved: Result<Void, StorageError>
            do throws(StorageError) {
                try store.save(remaining)
                saved = .success(())
            } catch {
                saved = .failure(error)
            }
            let step = state.withLock { state -> Step? in
                guard state.version == version else { return nil }
                if case .failure(let error) = saved {
                    state.storeBlocked = true
                    return .storeFailed(error)
                }
                // The hold reason and the handler are read again: either may have changed while saving.
                guard Self.holdReason(in: state, ignoringStore: true) == nil,
                    let handler = state.handlers.last
                else { return nil }
                state.storeBlocked = false
                state.pending = remaining
                state.version &+= 1
                state.history.append(RouteDelivery(pending: next, handler: handler.name))
                return .deliver(next, handler)
            }
            switch step {
            case nil:
                storeIsStale = true
            case .storeFailed(let error)?:
                errorSink?(.storage(error))
                return made
            case .deliver(let pending, let handler)?:
                made.append(RouteDelivery(pending: pending, handler: handler.name))
                handler.handle(pending.action)
            }
        }
    }

    // MARK: Internals

    /// Saves the committed pending list again, after a save of a list that was then not committed.
    private func resaveCommittedList() {
        while true {
            let (pending, version) = state.withLock { ($0.pending, $0.version) }
            do throws(StorageError) {
                try store.save(pending)
            } catch {
                state.withLock { $0.storeBlocked = true }
                errorSink?(.storage(error))
                return
            }
            if state.withLock({ $0.version == version }) { return }
        }
    }

    private func enqueue(
        _ action: DeepLinkAction, source: ActionSource
    ) throws(RoutingError) -> RoutingOutcome {
        let pending = PendingAction(action: action, source: source, receivedAt: clock.now)
        while true {
            let (updated, version) = state.withLock { ($0.pending + [pending], $0.version) }
            do throws(StorageError) {
                try store.save(updated)
            } catch {
                throw report(.storage(error))
            }
            let committed = state.withLock { state in
                guard state.version == version else { return false }
                state.pending = updated
                state.version &+= 1
                return true
            }
            if committed { break }
        }
        deliverPending()
        return state.withLock { state in
            if let delivery = state.history.elements.last(where: { $0.pending.id == pending.id }) {
                return .delivered(delivery)
            }
            return .held(pending, Self.holdReason(in: state) ?? .storeFailure)
        }
    }

    private static func holdReason(in state: State, ignoringStore: Bool = false) -> RoutingHoldReason? {
        if !state.uiReady { return .uiNotReady }
        if state.handlers.isEmpty { return .noVisibleHandler }
        if state.inBackground { return .appInBackground }
        if !ignoringStore && state.storeBlocked { return .storeFailure }
        return nil
    }

    private func report(_ error: RoutingError) -> RoutingError {
        errorSink?(error)
        return error
    }

    private static func typeName(of value: Any) -> String {
        if let converted = try? AttributionValue(foundation: value) { return converted.typeName }
        return String(describing: type(of: value))
    }
}
