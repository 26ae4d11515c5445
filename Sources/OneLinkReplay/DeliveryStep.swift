import Foundation
public import OneLinkApp
public import OneLinkEmulator

/// What a `deliverLink` or `checkWiring` step does: app-side link delivery through a bundled wiring's entry points.
public enum DeliveryStep: Sendable, Hashable {
    /// `deliverLink`: a fresh process of the wiring is put in `state`, then the link is opened with the scenario's SDK.
    case deliverLink(wiring: String, state: DeliveryAppState, link: Link)
    /// `checkWiring`: the wiring check over these bundled wirings, each path with its own SDK.
    case checkWiring([String])

    /// The link a `deliverLink` step opens.
    public enum Link: Sendable, Hashable {
        /// An `http`/`https` URL: a universal link.
        case universalLink(String)
        /// Any other URL: a custom-scheme link, opened by `sourceApplication` if given.
        case uriScheme(String, sourceApplication: String?)
        /// A push tap with this payload.
        case pushTap(AttributionPayload)
    }

    /// The step kind, as the `do` field names it.
    public var kind: String {
        switch self {
        case .deliverLink: return "deliverLink"
        case .checkWiring: return "checkWiring"
        }
    }

    /// The bundled wiring names a step may use: ``WiringFixture``'s raw values (none where UIKit is available).
    public static var wiringNames: [String] {
        #if !canImport(UIKit)
            return WiringFixture.allCases.map(\.rawValue)
        #else
            return []
        #endif
    }
}
