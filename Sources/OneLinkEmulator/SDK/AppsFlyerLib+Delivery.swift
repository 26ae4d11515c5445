import Foundation

/// Delegates, events and a completion handed to the delivery queue together.
// @unchecked because delegates and completion handlers are not Sendable: the box is created on the
// SDK's queue and used once, on the delivery queue, while the SDK's queue waits for it to finish.
struct DeliveryBatch: @unchecked Sendable {
    let delegate: (any AppsFlyerLibDelegate)?
    let deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
    let events: [AppsFlyerEvent]
    let completion: UncheckedCompletion?
    let launch: LaunchOutcome?
    let scope: AppsFlyerLib?
}

/// What `start(completionHandler:)` reports: the launch response, or why there was none.
enum LaunchOutcome: Sendable {
    case accepted(AttributionPayload)
    case failed(AttributionError)
}

/// The events delivered so far and the ``AppsFlyerLib/events`` subscribers.
struct PublishedEvents: Sendable {
    var history = BoundedHistory<AppsFlyerEvent>(limit: AppsFlyerLib.defaultDeliveredEventLimit)
    private var nextID: UInt64 = 0
    private var subscribers: [UInt64: AsyncStream<AppsFlyerEvent>.Continuation] = [:]
    /// Called on the delivery queue after the delegates, for the test kit; see `addDeliveryObserver(_:)`.
    var observers: [UInt64: DeliveryObserver] = [:]

    /// Adds a subscriber; returns its ID for ``unsubscribe(_:)``.
    mutating func subscribe(_ continuation: AsyncStream<AppsFlyerEvent>.Continuation) -> UInt64 {
        nextID += 1
        subscribers[nextID] = continuation
        return nextID
    }

    mutating func unsubscribe(_ id: UInt64) {
        subscribers[id] = nil
    }

    /// Keeps `events` in the history; returns the subscribers to hand them to.
    mutating func publish(_ events: [AppsFlyerEvent]) -> [AsyncStream<AppsFlyerEvent>.Continuation] {
        for event in events { history.append(event) }
        return Array(subscribers.values)
    }
}

extension AppsFlyerLib {
    /// Publishes events, then calls the delegates and the completion handler on the delivery queue, in order.
    ///
    /// Returns once every call has returned, so the SDK's queue stays serial
    /// across the hop to the main queue.
    func deliver(_ events: [AppsFlyerEvent], item: EngineJob, launch: LaunchOutcome? = nil) async {
        var events = events
        var launch = launch
        if !events.isEmpty, configuration.withLock({ $0.isStopped }) {
            debug(
                .controlStopped,
                "isStopped is set: \(events.map(\.callbackName).joined(separator: ", ")) not delivered")
            events = []
            if launch != nil { launch = .failed(.sdkStopped) }
        }
        let subscribers = published.withLock { $0.publish(events) }
        queue.collect(events, for: item.group)
        for event in events {
            for subscriber in subscribers { subscriber.yield(event) }
        }
        let (delegate, deepLinkDelegate) = delegates.withLock { ($0.delegate, $0.deepLinkDelegate) }
        let batch = DeliveryBatch(
            delegate: delegate, deepLinkDelegate: deepLinkDelegate, events: events,
            completion: launch == nil ? nil : item.completion, launch: launch, scope: item.scope)
        if batch.completion == nil && events.isEmpty { return }
        await onDeliveryQueue(scope: item.scope) {
            self.call(batch)
            self.logDeviceCallbacks(batch)
            self.notifyDeliveryObservers(batch)
        }
    }

    /// Runs `body` where callbacks belong: on the main queue, or right here for ``CallbackDelivery/sdkQueue``.
    ///
    /// The task scope of ``withShared(_:isolation:operation:)`` that queued
    /// the work is bound again around `body`.
    func onDeliveryQueue<Value: Sendable>(
        scope: AppsFlyerLib?, _ body: @escaping @Sendable () -> Value
    ) async -> Value {
        let scoped: @Sendable () -> Value = {
            guard let scope else { return body() }
            return Self.$taskShared.withValue(scope, operation: body)
        }
        if configuration.withLock({ $0.callbackDelivery }) == .sdkQueue || MainQueue.isCurrent {
            return scoped()
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: scoped()) }
        }
    }

    private func call(_ batch: DeliveryBatch) {
        if let completion = batch.completion {
            switch batch.launch {
            case .accepted(let response)?: completion.body(response.foundationStringKeyed, nil)
            case .failed(let error)?: completion.body(nil, error.bridged)
            case nil: break
            }
        }
        for event in batch.events {
            switch event {
            case .conversionDataSuccess(let payload):
                guard let delegate = batch.delegate else { dropped(event); continue }
                delegate.onConversionDataSuccess(payload.foundationDictionary)
            case .conversionDataFail(let error):
                guard let delegate = batch.delegate else { dropped(event); continue }
                delegate.onConversionDataFail(error)
            case .appOpenAttribution(let payload):
                #if SDK7
                    // SDK 7's delegate protocol has no legacy callbacks: the event is only published.
                    _ = payload
                    dropped(event)
                #else
                    guard let delegate = batch.delegate else { dropped(event); continue }
                    delegate.onAppOpenAttribution(payload.foundationDictionary)
                #endif
            case .appOpenAttributionFailure(let error):
                #if SDK7
                    _ = error
                    dropped(event)
                #else
                    guard let delegate = batch.delegate else { dropped(event); continue }
                    delegate.onAppOpenAttributionFailure(error)
                #endif
            case .deepLink(let result):
                guard let deepLinkDelegate = batch.deepLinkDelegate else { dropped(event); continue }
                deepLinkDelegate.didResolveDeepLink(result)
            }
        }
    }

    private func dropped(_ event: AppsFlyerEvent) {
        debug(
            .delegateMissing, "no delegate set: \(event.callbackName) dropped (still published on events)")
    }

    /// Asks the delegate for extra resolution headers, on the delivery queue, as the real SDK asks its delegate.
    func resolutionHeaders(for link: String, item: EngineJob) async -> [String: String] {
        guard let url = URL(string: link), let delegate = delegates.withLock({ $0.delegate }) else {
            return [:]
        }
        let box = DelegateBox(delegate: delegate)
        return await onDeliveryQueue(scope: item.scope) {
            box.delegate.allHTTPHeaderFieldsForResolveDeepLinkURL(url) ?? [:]
        }
    }
}

/// A delegate carried to the delivery queue for one call.
// @unchecked because delegates are not Sendable: the box is used once, on the delivery queue,
// while the SDK's queue waits for the call to return.
private struct DelegateBox: @unchecked Sendable {
    let delegate: any AppsFlyerLibDelegate
}
