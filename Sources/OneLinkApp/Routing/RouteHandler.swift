import OneLinkEmulator

/// A screen that can run deep-link actions, as registered with ``PendingDeepLinkRouter``.
///
/// Only the visible (top-most) handler receives actions; handlers below it
/// in the stack receive nothing, as only the front view controller navigates.
public struct RouteHandler: Sendable {
    /// A name for the screen, reported in deliveries (`home`, `order_detail`).
    public var name: String
    /// Runs an action; called on the thread that triggered the delivery, outside the router's lock.
    public var handle: @Sendable (DeepLinkAction) -> Void

    /// Creates a handler.
    public init(name: String, handle: @escaping @Sendable (DeepLinkAction) -> Void) {
        self.name = name
        self.handle = handle
    }
}
