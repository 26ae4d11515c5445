import OneLinkSupport

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
        engine.published.withLock { published in
            let id = (published.observers.keys.max() ?? 0) + 1
            published.observers[id] = observer
            return id
        }
    }

    /// Removes an observer added with ``addDeliveryObserver(_:)``; an unknown ID does nothing.
    package func removeDeliveryObserver(_ id: UInt64) {
        _ = engine.published.withLock { $0.observers.removeValue(forKey: id) }
    }

}
