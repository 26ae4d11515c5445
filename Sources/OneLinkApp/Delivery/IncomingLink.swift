public import Foundation
public import OneLinkEmulator

/// A link the user opens, as the emulated system delivers it.
public enum IncomingLink: Sendable, Hashable {
    /// A universal link: delivered as a browsing-web `NSUserActivity` (or, to SwiftUI, as a URL).
    case universalLink(URL)
    /// A custom-scheme URL, opened by another app (its bundle ID) or by the system.
    case uriScheme(URL, sourceApplication: String?)
    /// A tap on a push notification with this payload (`userInfo`).
    case pushTap(AttributionPayload)

    /// The kind of link.
    public var kind: DeliveryLinkKind {
        switch self {
        case .universalLink: return .universalLink
        case .uriScheme: return .uriScheme
        case .pushTap: return .pushTap
        }
    }
}
