import OneLinkEmulator

/// What the user opened: one axis of a delivery path.
public enum DeliveryLinkKind: String, Sendable, Hashable, CaseIterable {
    /// A universal link (an `https` link the app's associated domains claim).
    case universalLink = "universal_link"
    /// A link with the app's custom URL scheme.
    case uriScheme = "uri_scheme"
    /// A tap on a push notification.
    case pushTap = "push_tap"
}

extension DeliveryLinkKind {
    /// The kind's position in ``allCases``.
    var ordinal: Int {
        switch self {
        case .universalLink: return 0
        case .uriScheme: return 1
        case .pushTap: return 2
        }
    }
}
