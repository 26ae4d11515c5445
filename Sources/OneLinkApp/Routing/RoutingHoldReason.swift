import OneLinkEmulator

/// Why the router is holding actions instead of delivering them.
public enum RoutingHoldReason: String, Sendable, Hashable {
    /// No root handler is registered and ``PendingDeepLinkRouter/markReady()`` has not been called.
    case uiNotReady
    /// The UI is ready but the handler stack is empty.
    case noVisibleHandler
    /// The app is in the background; delivery waits for it to become active.
    case appInBackground
    /// Removing the action from the store failed; it stays pending and is retried on the next signal.
    case storeFailure
}
