import Foundation
import OneLinkEmulator

/// A click tied to an install, and how it was tied.
public struct InstallMatch: Sendable, Hashable {
    /// The winning click.
    public var click: RecordedClick
    /// How the click was matched.
    public var matchType: MatchType

    /// Creates a match.
    public init(click: RecordedClick, matchType: MatchType) {
        self.click = click
        self.matchType = matchType
    }

    /// The click as the SDK's deferred-deep-link lookup sees it, with this match's type.
    public var deferredClick: DeferredClick {
        DeferredClick(
            time: click.time, parameters: click.parameters, matchType: matchType, deviceID: click.deviceID)
    }

    /// The keys of the documented deferred sample that are `null` unless the click's parameters set them.
    public static let nullableKeys: [String] = [
        "adgroup", "adgroup_id", "adset", "adset_id", "af_cpi", "af_siteid", "af_sub1", "af_sub2", "af_sub3",
        "af_sub4", "af_sub5", "agency", "campaign_id", "engmnt_source", "esp_name", "is_branded_link",
        "is_universal_link", "redirect_response_data",
    ]

    /// The non-organic conversion data of an install at `installTime` attributed to this click.
    ///
    /// Shaped like the documented deferred deep-linking sample: the click's
    /// parameters, then `af_status: "Non-organic"`, `media_source` (from `pid`),
    /// `campaign` (from `c`), `click_time` and `install_time`
    /// (``AttributionTimestamp``), `match_type`, `is_retargeting` (the link's
    /// value, `false` when it has none), `retargeting_conversion_type: "none"`,
    /// `orig_cost` (the `af_cost_value` as text, `"0.0"` without one),
    /// `cost_cents_USD` (an integer; 0 unless `af_cost_currency` is `USD`,
    /// since the emulator has no exchange rates), `http_referrer` (the click's
    /// `Referer`, or `null`), `shortlink` (for short links) and `null` for the
    /// sample's other keys (``nullableKeys``). It has no `is_first_launch`:
    /// the SDK adds that.
    public func conversionData(installTime: Date) -> AttributionPayload {
        var data = AttributionPayload()
        for key in Self.nullableKeys { data[key] = .null }
        data = data.merging(click.parameters)
        data["af_status"] = "Non-organic"
        if let pid = click.parameters["pid"] { data["media_source"] = .string(pid.textValue) }
        if let campaign = click.parameters["c"] { data["campaign"] = .string(campaign.textValue) }
        data["click_time"] = .string(AttributionTimestamp.string(from: click.time))
        data["install_time"] = .string(AttributionTimestamp.string(from: installTime))
        data["match_type"] = .string(matchType.rawValue)
        data["is_retargeting"] = .bool(Self.flag(click.parameters["is_retargeting"]) ?? false)
        data["retargeting_conversion_type"] = "none"
        let cost = click.parameters["af_cost_value"].flatMap(Self.number) ?? 0
        data["orig_cost"] = .string(String(cost))
        let isUSD = click.parameters["af_cost_currency"]?.textValue.uppercased() == "USD"
        data["cost_cents_USD"] = .int(isUSD ? Int((cost * 100).rounded()) : 0)
        data["http_referrer"] = click.referrer.map(AttributionValue.string) ?? .null
        if let shortID = click.link.shortID { data["shortlink"] = .string(shortID) }
        return data
    }

    private static func flag(_ value: AttributionValue?) -> Bool? {
        switch value {
        case .bool(let flag)?: return flag
        case .string(let text)?: return text == "true" ? true : text == "false" ? false : nil
        default: return nil
        }
    }

    private static func number(_ value: AttributionValue) -> Double? {
        if let number = value.doubleValue { return number.isFinite ? number : nil }
        guard let text = value.stringValue, let number = Double(text), number.isFinite,
            abs(number) < 1e12
        else { return nil }
        return number
    }
}
