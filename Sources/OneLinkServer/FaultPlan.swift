import OneLinkEmulator
import OneLinkSupport

/// Which faults the server injects, per route and per short link.
///
/// A short link's own entry wins over the ``ServerRoute/shortLink`` route's
/// entry. Change the plan of a running server with
/// ``OneLinkServer/faultPlan``; the next request uses it.
///
/// ```swift
/// server.faultPlan = FaultPlan([
///     .route(.installData): [.delay(.seconds(30))],
///     .shortLink(template: "H5hv", shortID: "6d66214a"): [.status(503)],
/// ])
/// ```
public struct FaultPlan: Sendable, Hashable {
    /// What a list of faults applies to.
    public enum Target: Sendable, Hashable {
        /// Every request on a route.
        case route(ServerRoute)
        /// Requests for one short link, `template/shortID` (decoded), on the short-link route.
        case shortLink(template: String, shortID: String)
    }

    /// No faults: every request is answered normally.
    public static let none = FaultPlan()

    /// The faults for each target.
    public var rules: [Target: [ServerFault]]

    /// Creates a plan.
    public init(_ rules: [Target: [ServerFault]] = [:]) {
        self.rules = rules
    }

    /// The faults for one target; setting an empty list removes the entry.
    public subscript(target: Target) -> [ServerFault] {
        get { rules[target] ?? [] }
        set { rules[target] = newValue.isEmpty ? nil : newValue }
    }

    /// The faults that apply to a request on `route`, for short link `template/shortID` if given.
    public func faults(
        for route: ServerRoute, shortLink: (template: String, shortID: String)? = nil
    )
        -> [ServerFault]
    {
        if let shortLink,
            let own = rules[.shortLink(template: shortLink.template, shortID: shortLink.shortID)]
        {
            return own
        }
        return rules[.route(route)] ?? []
    }
}
