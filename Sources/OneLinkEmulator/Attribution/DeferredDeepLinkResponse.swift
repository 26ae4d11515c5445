/// The answer to a deferred-deep-link lookup: `{"found": bool, "click_event": {...}}`.
public struct DeferredDeepLinkResponse: Sendable, Hashable {
    /// Whether a click matched.
    public var found: Bool
    /// The matched click's deep-link parameters; empty when not found.
    public var clickEvent: AttributionPayload

    /// Creates a response.
    public init(found: Bool, clickEvent: AttributionPayload = [:]) {
        self.found = found
        self.clickEvent = clickEvent
    }

    /// The answer when no click matched.
    public static let notFound = DeferredDeepLinkResponse(found: false)

    /// The keys a deferred click event keeps for a new user: `deep_link_value`, `deep_link_sub1`…`10`, `match_type`.
    public static let privacyKeys: [String] =
        ["deep_link_value"] + (1...10).map { "deep_link_sub\($0)" } + ["match_type"]

    /// A found response whose click event holds only the ``privacyKeys``.
    public static func privacyFiltered(_ clickEvent: AttributionPayload) -> DeferredDeepLinkResponse {
        DeferredDeepLinkResponse(found: true, clickEvent: clickEvent.keeping(privacyKeys))
    }

    /// The answer for a matched click: its parameters and `match_type`, privacy-filtered.
    public static func found(_ click: DeferredClick) -> DeferredDeepLinkResponse {
        var event = click.parameters
        event["match_type"] = .string(click.matchType.rawValue)
        return privacyFiltered(event)
    }
}
