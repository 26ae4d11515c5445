/// Something an app does to the SDK, as a value.
///
/// ``AppsFlyerLib/perform(_:)`` runs an action and returns every callback it
/// caused once they have all been delivered. Links are given as text so that
/// malformed links, which `URL` cannot hold, can be replayed too.
public enum SDKAction: Sendable, Hashable {
    /// `start()`: begins a session when `minTimeBetweenSessions` allows.
    case start
    /// `handleOpen(_:options:)`: the app was opened through a URI-scheme or web URL.
    case openURL(String, sourceApplication: String? = nil)
    /// The universal-link entry point: the app was opened through a universal link.
    case universalLink(String)
    /// `handlePushNotification(_:)` with this push payload.
    case push(AttributionPayload)
    /// `performOnAppAttribution(with:)`: resolve a link without counting a session.
    case performOnAppAttribution(String)
}

extension SDKAction {
    /// The entry point's name, as debug logs show it.
    public var name: String { entryPoint.name }

    /// The entry point the action is.
    var entryPoint: SDKEntryPoint {
        switch self {
        case .start: .start
        case .openURL: .handleOpen
        case .universalLink: .continueUserActivity
        case .push: .handlePushNotification
        case .performOnAppAttribution: .performOnAppAttribution
        }
    }
}
