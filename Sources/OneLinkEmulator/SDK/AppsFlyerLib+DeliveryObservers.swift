/// Told of each delegate callback once the delegates returned: the event, and whether a delegate received it.
package typealias DeliveryObserver = @Sendable (AppsFlyerEvent, _ reachedDelegate: Bool) -> Void

extension AppsFlyerLib {
    /// Adds an observer of every delegate callback, called on the delivery queue after the app's delegates.
    ///
    /// For the test kit's `CallbackRecorder(observing:)`: it sees what the app's own delegates
    /// received, and what the SDK dropped because the app set no delegate for it, without
    /// replacing them. Events with no delegate method in this surface (SDK 7's legacy
    /// open attribution) are not reported.
    ///
    /// - Returns: The ID to pass to ``removeDeliveryObserver(_:)``.
    package func addDeliveryObserver(_ observer: @escaping DeliveryObserver) -> UInt64 {
        published.withLock { published in
            let id = (published.observers.keys.max() ?? 0) + 1
            published.observers[id] = observer
            return id
        }
    }

    /// Removes an observer added with ``addDeliveryObserver(_:)``; an unknown ID does nothing.
    package func removeDeliveryObserver(_ id: UInt64) {
        _ = published.withLock { $0.observers.removeValue(forKey: id) }
    }

    /// Logs the real SDK's line for each callback of `batch`, with the delegate it went to.
    func logDeviceCallbacks(_ batch: DeliveryBatch) {
        for event in batch.events {
            switch event {
            case .conversionDataSuccess, .conversionDataFail:
                logger.device(DeviceLog.callback(event, delegate: batch.delegate))
            case .appOpenAttribution, .appOpenAttributionFailure:
                #if !SDK7
                    logger.device(DeviceLog.callback(event, delegate: batch.delegate))
                #endif
            case .deepLink:
                logger.device(DeviceLog.callback(event, delegate: batch.deepLinkDelegate))
            }
        }
    }

    /// Tells the observers about each event of `batch`, in order, outside the lock.
    func notifyDeliveryObservers(_ batch: DeliveryBatch) {
        let observers = published.withLock { Array($0.observers.sorted { $0.key < $1.key }.map(\.value)) }
        guard !observers.isEmpty else { return }
        for event in batch.events {
            let reached: Bool
            switch event {
            case .conversionDataSuccess, .conversionDataFail: reached = batch.delegate != nil
            case .appOpenAttribution, .appOpenAttributionFailure:
                #if SDK7
                    continue
                #else
                    reached = batch.delegate != nil
                #endif
            case .deepLink: reached = batch.deepLinkDelegate != nil
            }
            for observer in observers { observer(event, reached) }
        }
    }
}
