import OneLinkSupport

/// One Push API message to one endpoint, and how its delivery went.
public struct PushDelivery: Sendable, Hashable {
    /// Where the delivery stands.
    public enum Outcome: Sendable, Hashable {
        /// Being sent, or waiting to retry.
        case pending
        /// The receiver answered this 2xx status.
        case delivered(status: Int)
        /// Every attempt failed; the last one's reason (an HTTP status or a transport error).
        case failed(reason: String)
    }

    /// The delivery's number, counting from 1 in the order messages were made.
    public var id: Int
    /// The message type: `install`, `organic-install`, `reinstall`, `organic-reinstall`,
    /// `re-attribution`, `re-engagement`, or one of their in-app events: `install-in-app-event`,
    /// `organic-install-in-app-event`, `re-attribution-in-app-event`, `re-engagement-in-app-event`.
    public var messageType: String
    /// The message's `event_name`.
    public var eventName: String
    /// The message's `appsflyer_id`.
    public var appsFlyerID: String
    /// The receiver.
    public var endpoint: PushAPIEndpoint
    /// Attempts made so far.
    public var attempts: Int
    /// Where the delivery stands.
    public var outcome: Outcome
}
