public import Foundation
public import OneLinkEmulator

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

    /// The keys of a self-reporting network's conversion data that are `null` unless the network's click sets them.
    ///
    /// From the SRN payload of react-native-appsflyer#374 (Apple Search Ads).
    public static let selfReportingNullableKeys: [String] = [
        "adgroup", "adgroup_id", "adset", "adset_id", "af_cpi", "af_siteid", "af_sub1", "af_sub2", "af_sub3",
        "af_sub4", "af_sub5", "http_referrer",
    ]

    /// The OneLink parameters a self-reporting network's conversion data does not carry.
    static let oneLinkOnlyKeys: Set<String> =
        ["pid", "c", "af_dp", "af_web_dp", "af_ios_url", "af_android_url", "af_force_deeplink", "shortlink"]

    /// The non-organic conversion data of an install at `installTime` attributed to this click.
    ///
    /// Shaped like the documented deferred deep-linking sample: the click's
    /// parameters, then `af_status: "Non-organic"`, `media_source` (from `pid`),
    /// `campaign` (from `c`), `click_time` and `install_time`
    /// (``AttributionTimestamp``), `match_type`, `is_retargeting` (the link's
    /// value, `false` when it has none), `retargeting_conversion_type: "none"`,
    /// `orig_cost` (the `af_cost_value` as text, `"0.0"` without one),
    /// `cost_cents_USD` (text, as the real SDK delivers it: `"0"` unless
    /// `af_cost_currency` is `USD`, since the emulator has no exchange rates),
    /// `http_referrer` (the click's `Referer`, or `null`), `shortlink` (for
    /// short links) and `null` for the sample's other keys (``nullableKeys``).
    /// A self-reporting network's install (``MatchType/srn``) has the network's
    /// shape instead (``selfReportingConversionData(installTime:)``). It has no
    /// `is_first_launch` or `iscache`: the SDK adds those.
    public func conversionData(installTime: Date) -> AttributionPayload {
        if matchType == .srn { return selfReportingConversionData(installTime: installTime) }
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
        addCost(to: &data)
        data["http_referrer"] = click.referrer.map(AttributionValue.string) ?? .null
        if let shortID = click.link.shortID { data["shortlink"] = .string(shortID) }
        return data
    }

    /// The conversion data of an install a self-reporting network claimed: the network's fields, not a OneLink's.
    ///
    /// As react-native-appsflyer#374 shows for Apple Search Ads: the click's
    /// parameters other than the OneLink ones (``oneLinkOnlyKeys``, and no
    /// `deep_link_*`), `af_status: "Non-organic"`, `media_source` (from `pid`),
    /// `campaign` (from `c`), `click_time: ""` (the network reports no click),
    /// `install_time`, `match_type: "srn"`, `retargeting_conversion_type:
    /// "none"`, `orig_cost` and `cost_cents_USD` as text, and `null` for
    /// ``selfReportingNullableKeys``. No `is_retargeting` and no `shortlink`.
    public func selfReportingConversionData(installTime: Date) -> AttributionPayload {
        var data = AttributionPayload()
        for key in Self.selfReportingNullableKeys { data[key] = .null }
        for (key, value) in click.parameters.values
        where !Self.oneLinkOnlyKeys.contains(key) && !key.hasPrefix("deep_link_") {
            data[key] = value
        }
        data["af_status"] = "Non-organic"
        if let pid = click.parameters["pid"] { data["media_source"] = .string(pid.textValue) }
        if let campaign = click.parameters["c"] { data["campaign"] = .string(campaign.textValue) }
        data["click_time"] = ""
        data["install_time"] = .string(AttributionTimestamp.string(from: installTime))
        data["match_type"] = .string(matchType.rawValue)
        data["retargeting_conversion_type"] = "none"
        addCost(to: &data)
        return data
    }

    private func addCost(to data: inout AttributionPayload) {
        let cost = click.parameters["af_cost_value"].flatMap(Self.number) ?? 0
        data["orig_cost"] = .string(String(cost))
        let isUSD = click.parameters["af_cost_currency"]?.textValue.uppercased() == "USD"
        data["cost_cents_USD"] = .string(String(isUSD ? Int((cost * 100).rounded()) : 0))
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
