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

    /// The attribution keys a deferred click event withholds from a new user by sending them as empty strings.
    ///
    /// The real iOS SDK was seen delivering `media_source`, `campaign`,
    /// `campaign_id`, `af_sub1`…`af_sub5` and `click_http_referrer` as `""` in a
    /// deferred `click_event` (appsflyer-flutter-plugin#397,
    /// react-native-appsflyer#399), while a `deep_link_sub` the link did not set is
    /// absent.
    public static let withheldKeys: [String] =
        ["media_source", "campaign", "campaign_id"] + (1...5).map { "af_sub\($0)" } + ["click_http_referrer"]

    /// A found response whose click event holds only the ``privacyKeys`` it has, and the ``withheldKeys`` as `""`.
    public static func privacyFiltered(_ clickEvent: AttributionPayload) -> DeferredDeepLinkResponse {
        var event = clickEvent.keeping(privacyKeys)
        for key in withheldKeys { event[key] = "" }
        return DeferredDeepLinkResponse(found: true, clickEvent: event)
    }

    /// The answer for a matched click: its parameters and `match_type`, privacy-filtered.
    ///
    /// A click a self-reporting network claimed (``MatchType/srn``) is
    /// ``notFound``: unified deep linking does not serve SRN installs (the
    /// plugins' UDL guides: "Does not support SRN campaigns").
    public static func found(_ click: DeferredClick) -> DeferredDeepLinkResponse {
        guard click.matchType != .srn else { return .notFound }
        var event = click.parameters
        event["match_type"] = .string(click.matchType.rawValue)
        return privacyFiltered(event)
    }
}
