import Foundation

/// A resolved deep link, as `DeepLinkResult.deepLink` carries it in the AppsFlyer iOS SDK.
///
/// ``clickEvent`` holds every parameter of the click and `is_deferred`; the
/// typed properties read well-known keys from it. For a deferred deep link to
/// a new user the click event holds `deep_link_value`, the `deep_link_sub1`…`10`
/// the link set, `match_type`, and the withheld attribution keys as empty
/// strings (``DeferredDeepLinkResponse/withheldKeys``), so ``mediaSource``,
/// ``campaign``, ``campaignId`` and ``afSub1``…``afSub5`` are `""`, as the real
/// iOS SDK gives them.
public final class DeepLink: Sendable {
    /// The click's parameters as a typed payload.
    public let clickEventPayload: AttributionPayload
    /// Whether this deep link was deferred (matched at first launch) rather than direct.
    public let isDeferred: Bool

    /// Creates a deep link from its click event.
    ///
    /// The click event gets `is_deferred` (a boolean) unless it has one, as the
    /// real SDK's click events carry it (react-native-appsflyer#399,
    /// appsflyer-flutter-plugin#397 and #243).
    public init(clickEvent: AttributionPayload, isDeferred: Bool) {
        var event = clickEvent
        if event["is_deferred"] == nil { event["is_deferred"] = .bool(isDeferred) }
        self.clickEventPayload = event
        self.isDeferred = isDeferred
    }

    /// The click's parameters, bridged as the iOS SDK delivers them.
    public var clickEvent: [String: Any] { clickEventPayload.foundationStringKeyed }

    private func text(_ key: String) -> String? {
        guard let value = clickEventPayload[key], !value.isNull else { return nil }
        return value.textValue
    }

    /// `deep_link_value`: the marketer's routing value.
    public var deeplinkValue: String? { text("deep_link_value") }
    /// `match_type`: how the click was matched (`probabilistic`, `id_matching`, `srn`, ...).
    public var matchType: String? { text("match_type") }
    /// `click_http_referrer`: the referrer of the click, when known.
    public var clickHTTPReferrer: String? { text("click_http_referrer") }
    /// `media_source`, or `pid` when the link names the source that way.
    public var mediaSource: String? { text("media_source") ?? text("pid") }
    /// `campaign`, or `c` when the link names the campaign that way.
    public var campaign: String? { text("campaign") ?? text("c") }
    /// `campaign_id`, or `af_c_id`.
    public var campaignId: String? { text("campaign_id") ?? text("af_c_id") }
    /// `af_sub1`.
    public var afSub1: String? { text("af_sub1") }
    /// `af_sub2`.
    public var afSub2: String? { text("af_sub2") }
    /// `af_sub3`.
    public var afSub3: String? { text("af_sub3") }
    /// `af_sub4`.
    public var afSub4: String? { text("af_sub4") }
    /// `af_sub5`.
    public var afSub5: String? { text("af_sub5") }

    /// The deep link as JSON text, as the real SDK's description gives it.
    ///
    /// The real description (AppsFlyerFramework#314, which Unity's iOS bridge
    /// forwards as its payload) is a JSON object with the typed fields at the top
    /// level, `af_sub1`…`af_sub5` and `click_http_referrer` among them (`null` when
    /// absent), and the whole click event nested under `click_event`. The other
    /// top-level keys here (`media_source`, `campaign`, `campaign_id`,
    /// `deep_link_value`, `match_type`, `is_deferred`) follow the same rule for
    /// the remaining typed properties. Keys are sorted.
    public func toString() -> String {
        var object: [String: AttributionValue] = ["click_event": .object(clickEventPayload.values)]
        let typed: [(String, String?)] = [
            ("af_sub1", afSub1), ("af_sub2", afSub2), ("af_sub3", afSub3), ("af_sub4", afSub4),
            ("af_sub5", afSub5), ("click_http_referrer", clickHTTPReferrer), ("media_source", mediaSource),
            ("campaign", campaign), ("campaign_id", campaignId), ("deep_link_value", deeplinkValue),
            ("match_type", matchType),
        ]
        for (key, value) in typed { object[key] = value.map(AttributionValue.string) ?? .null }
        object["is_deferred"] = .bool(isDeferred)
        return AttributionValue.object(object).jsonText()
    }
}

extension DeepLink: CustomStringConvertible {
    /// The same text as ``toString()``: the deep link as JSON.
    public var description: String { toString() }
}
