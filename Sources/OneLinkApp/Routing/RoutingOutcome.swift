import OneLinkEmulator

/// What happened to an action the router took in.
public enum RoutingOutcome: Sendable, Hashable {
    /// The action was handed to the visible screen at once.
    case delivered(RouteDelivery)
    /// The action is stored and waits for the reason to go away.
    case held(PendingAction, RoutingHoldReason)
}
