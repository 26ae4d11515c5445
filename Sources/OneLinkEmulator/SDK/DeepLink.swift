import Foundation

/// A resolved deep link, as `DeepLinkResult.deepLink` carries it in the AppsFlyer iOS SDK.
///
/// ``clickEvent`` holds every parameter of the click; the typed properties
/// read well-known keys from it. For a deferred deep link to a new user the
/// click event holds only `deep_link_value`, `deep_link_sub1`…`10` and
/// `match_type`, so ``mediaSource``, ``campaign``, ``campaignId`` and
/// ``afSub1``…``afSub5`` are `nil`.
public final class DeepLink: Sendable {
    /// The click's parameters as a typed payload.
    public let clickEventPayload: AttributionPayload
    /// Whether this deep link was deferred (matched at first launch) rather than direct.
    public let isDeferred: Bool

    /// Creates a deep link from its click event.
    public init(clickEvent: AttributionPayload, isDeferred: Bool) {
        self.clickEventPayload = clickEvent
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

    /// A readable dump of the deep link, as the SDK's `toString()` gives.
    public func toString() -> String {
        "DeepLink(isDeferred: \(isDeferred), clickEvent: \(clickEventPayload.jsonText()))"
    }
}

extension DeepLink: CustomStringConvertible {
    /// The same text as ``toString()``.
    public var description: String { toString() }
}
