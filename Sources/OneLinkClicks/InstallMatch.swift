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

    /// The OneLink parameters a self-reporting network's conversion data does not carry, with
    /// `is_retargeting`, which neither react-native-appsflyer#374 nor a Google Ads re-attribution
    /// payload shows.
    static let oneLinkOnlyKeys: Set<String> = [
        "pid", "c", "af_dp", "af_web_dp", "af_ios_url", "af_android_url", "af_force_deeplink", "shortlink",
        "is_retargeting",
    ]

    /// The non-organic conversion data of an install at `installTime` attributed to this click.
    ///
    /// Shaped like the documented deferred deep-linking sample: the click's
    /// parameters, then `af_status: "Non-organic"`, `media_source` (from `pid`),
    /// `campaign` (from `c`), `click_time` and `install_time`
    /// (``AttributionTimestamp``), `match_type`, `is_retargeting` (a boolean:
    /// `true` for a retargeting link, `is_retargeting=true`, and for a
    /// re-attribution), `retargeting_conversion_type` (`conversionType`'s raw value),
    /// `orig_cost` (the `af_cost_value` as text, `"0.0"` without one),
    /// `cost_cents_USD` (text, as the real SDK delivers it: `"0"` unless
    /// `af_cost_currency` is `USD`, since the emulator has no exchange rates),
    /// `http_referrer` (the click's `Referer`, or `null`), `shortlink` (for
    /// short links) and `null` for the sample's other keys (``nullableKeys``).
    /// The fields the help center lists as always present in non-organic data
    /// (``alwaysPresentKeys``) are there even when the link does not set them:
    /// `media_source` and `campaign` are then `null`, like the others. A link
    /// without `af_click_lookback` gets the default, `"7d"`, as
    /// AppsFlyerFramework#253 shows for a link of `deep_link_value` and
    /// `deep_link_sub1` only.
    /// A self-reporting network's install (``MatchType/srn``) has the network's
    /// shape instead (``selfReportingConversionData(installTime:conversionType:)``). It has no
    /// `is_first_launch` or `iscache`: the SDK adds those.
    public func conversionData(
        installTime: Date, conversionType: RetargetingConversionType = .none
    ) -> AttributionPayload {
        if matchType == .srn {
            return selfReportingConversionData(installTime: installTime, conversionType: conversionType)
        }
        var data = AttributionPayload()
        for key in Self.nullableKeys { data[key] = .null }
        data = data.merging(click.parameters)
        data["af_status"] = "Non-organic"
        data["media_source"] = click.parameters["pid"].map { .string($0.textValue) } ?? .null
        data["campaign"] = click.parameters["c"].map { .string($0.textValue) } ?? .null
        data["click_time"] = .string(AttributionTimestamp.string(from: click.time))
        data["install_time"] = .string(AttributionTimestamp.string(from: installTime))
        data["match_type"] = .string(matchType.rawValue)
        data["is_retargeting"] = .bool(click.link.isRetargeting || conversionType == .reAttribution)
        data["retargeting_conversion_type"] = .string(conversionType.rawValue)
        addCost(to: &data)
        data["http_referrer"] = click.referrer.map(AttributionValue.string) ?? .null
        if let shortID = click.link.shortID { data["shortlink"] = .string(shortID) }
        if data["af_click_lookback"] == nil { data["af_click_lookback"] = "7d" }
        return data
    }

    /// The fields AppsFlyer's help center lists as always present in non-organic conversion data,
    /// whatever the media source ("Conversion data payloads and scenarios", article 360000726098),
    /// besides `is_first_launch`, which the SDK adds.
    public static let alwaysPresentKeys: [String] = [
        "media_source", "install_time", "click_time", "af_status", "af_siteid", "adgroup_id", "adset",
        "adset_id", "agency", "campaign", "campaign_id", "http_referrer", "retargeting_conversion_type",
        "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5",
    ]

    /// The conversion data of an install a self-reporting network claimed: the network's fields, not a OneLink's.
    ///
    /// As react-native-appsflyer#374 shows for Apple Search Ads: the click's
    /// parameters other than the OneLink ones (``oneLinkOnlyKeys``, and no
    /// `deep_link_*`), `af_status: "Non-organic"`, `media_source` (from `pid`),
    /// `campaign` (from `c`), `click_time: ""` (the network reports no click),
    /// `install_time`, `match_type: "srn"`, `retargeting_conversion_type`
    /// (`"none"`, or `"re-attribution"` for a retargeting reinstall, as a
    /// Google Ads re-attribution payload of 2025 shows), `orig_cost` and
    /// `cost_cents_USD` as text, and `null` for ``selfReportingNullableKeys``
    /// and the always-present `media_source` and `campaign` the click lacks.
    /// No `is_retargeting` and no `shortlink`.
    public func selfReportingConversionData(
        installTime: Date, conversionType: RetargetingConversionType = .none
    ) -> AttributionPayload {
        var data = AttributionPayload()
        for key in Self.selfReportingNullableKeys { data[key] = .null }
        for (key, value) in click.parameters.values
        where !Self.oneLinkOnlyKeys.contains(key) && !key.hasPrefix("deep_link_") {
            data[key] = value
        }
        data["af_status"] = "Non-organic"
        data["media_source"] = click.parameters["pid"].map { .string($0.textValue) } ?? .null
        data["campaign"] = click.parameters["c"].map { .string($0.textValue) } ?? .null
        data["click_time"] = ""
        data["install_time"] = .string(AttributionTimestamp.string(from: installTime))
        data["match_type"] = .string(matchType.rawValue)
        data["retargeting_conversion_type"] = .string(conversionType.rawValue)
        addCost(to: &data)
        return data
    }

    private func addCost(to data: inout AttributionPayload) {
        let cost = click.parameters["af_cost_value"].flatMap(Self.number) ?? 0
        data["orig_cost"] = .string(String(cost))
        let isUSD = click.parameters["af_cost_currency"]?.textValue.uppercased() == "USD"
        data["cost_cents_USD"] = .string(String(isUSD ? Int((cost * 100).rounded()) : 0))
    }

    private static func number(_ value: AttributionValue) -> Double? {
        if let number = value.doubleValue { return number.isFinite ? number : nil }
        guard let text = value.stringValue, let number = Double(text), number.isFinite,
            abs(number) < 1e12
        else { return nil }
        return number
    }
}
