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
    public var name: String { EngineCommand.entryPointNames[entryPoint] }

    /// The entry point's index in ``EngineCommand/entryPointNames``.
    var entryPoint: Int {
        switch self {
        case .start: return 0
        case .openURL: return 1
        case .universalLink: return 2
        case .push: return 3
        case .performOnAppAttribution: return 4
        }
    }
}
