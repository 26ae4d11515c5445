import OneLinkEmulator

/// One action the router handed to a screen.
public struct RouteDelivery: Sendable, Hashable {
    /// The action, as it was held.
    public var pending: PendingAction
    /// The name of the handler that received it.
    public var handler: String

    /// Creates a delivery record.
    public init(pending: PendingAction, handler: String) {
        self.pending = pending
        self.handler = handler
    }
}
