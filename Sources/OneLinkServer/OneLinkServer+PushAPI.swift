import OneLinkSupport

extension OneLinkServer {
    /// The Push API deliveries so far, oldest first (at most the newest 500); empty without ``Configuration/pushAPI``.
    public var pushDeliveries: [PushDelivery] { pushSender?.deliveries ?? [] }

    /// Returns when every Push API delivery queued so far has been delivered or has failed.
    ///
    /// Retries wait on the configuration's clock, so with a `ManualClock` advance it past them.
    public func pushDeliveriesSettled() async { await pushSender?.settled() }
}
