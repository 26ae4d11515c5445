import Foundation
import OneLinkSupport

/// The events delivered so far and the ``AppsFlyerLib/events`` subscribers, with the app's delegates.
struct PublishedEvents: Sendable {
    /// The app's delegates, in the box the SDK carries app objects in (they are not `Sendable`).
    var delegates = Handoff(Delegates())
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

extension Engine {
    /// Logs the real SDK's line for each callback of `batch`, with the delegate it went to.
    func logDeviceCallbacks(_ batch: DeliveryBatch) {
        for event in batch.events {
            switch event {
            case .conversionDataSuccess, .conversionDataFail:
                deadlines.logDevice(DeviceLog.callback(event, delegate: batch.delegates.delegate))
            case .appOpenAttribution, .appOpenAttributionFailure:
                #if !SDK7
                    deadlines.logDevice(DeviceLog.callback(event, delegate: batch.delegates.delegate))
                #endif
            case .deepLink:
                deadlines.logDevice(DeviceLog.callback(event, delegate: batch.delegates.deepLinkDelegate))
            }
        }
    }

    /// Tells the observers about each event of `batch`, in order, outside the lock.
    func notifyDeliveryObservers(_ batch: DeliveryBatch) {
        // Usually there is none: checked first, as sorting even an empty dictionary cost every delivery.
        let observers = published.withLock { published -> [DeliveryObserver] in
            if published.observers.isEmpty { return [] }
            return published.observers.sorted { $0.key < $1.key }.map(\.value)
        }
        guard !observers.isEmpty else { return }
        for event in batch.events {
            let reached: Bool
            switch event {
            case .conversionDataSuccess, .conversionDataFail: reached = batch.delegates.delegate != nil
            case .appOpenAttribution, .appOpenAttributionFailure:
                #if SDK7
                    continue
                #else
                    reached = batch.delegates.delegate != nil
                #endif
            case .deepLink: reached = batch.delegates.deepLinkDelegate != nil
            }
            for observer in observers { observer(event, reached) }
        }
    }
}
