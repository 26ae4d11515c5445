import Foundation
import OneLinkSupport

/// The raw-data reports' columns: the default ones in their order, and the optional
/// `additional_fields` the dev hub's reference lists.
enum RawDataColumns {
    /// The default columns, field name and header, in report order: the header of a real
    /// `installs_report` (kept as a fixture by a public client's tests) and the field names a public
    /// client (singer-io's tap-appsflyer 1.0.0) reads them into, position by position.
    static let defaults: [(field: String, header: String)] = [
        ("attributed_touch_type", "Attributed Touch Type"),
        ("attributed_touch_time", "Attributed Touch Time"),
        ("install_time", "Install Time"), ("event_time", "Event Time"), ("event_name", "Event Name"),
        ("event_value", "Event Value"), ("event_revenue", "Event Revenue"),
        ("event_revenue_currency", "Event Revenue Currency"), ("event_revenue_usd", "Event Revenue USD"),
        ("event_source", "Event Source"), ("is_receipt_validated", "Is Receipt Validated"),
        ("af_prt", "Partner"),
        ("media_source", "Media Source"), ("af_channel", "Channel"), ("af_keywords", "Keywords"),
        ("campaign", "Campaign"), ("af_c_id", "Campaign ID"), ("af_adset", "Adset"),
        ("af_adset_id", "Adset ID"),
        ("af_ad", "Ad"), ("af_ad_id", "Ad ID"), ("af_ad_type", "Ad Type"), ("af_siteid", "Site ID"),
        ("af_sub_siteid", "Sub Site ID"), ("af_sub1", "Sub Param 1"), ("af_sub2", "Sub Param 2"),
        ("af_sub3", "Sub Param 3"), ("af_sub4", "Sub Param 4"), ("af_sub5", "Sub Param 5"),
        ("af_cost_model", "Cost Model"), ("af_cost_value", "Cost Value"),
        ("af_cost_currency", "Cost Currency"),
        ("contributor1_af_prt", "Contributor 1 Partner"),
        ("contributor1_media_source", "Contributor 1 Media Source"),
        ("contributor1_campaign", "Contributor 1 Campaign"),
        ("contributor1_touch_type", "Contributor 1 Touch Type"),
        ("contributor1_touch_time", "Contributor 1 Touch Time"),
        ("contributor2_af_prt", "Contributor 2 Partner"),
        ("contributor2_media_source", "Contributor 2 Media Source"),
        ("contributor2_campaign", "Contributor 2 Campaign"),
        ("contributor2_touch_type", "Contributor 2 Touch Type"),
        ("contributor2_touch_time", "Contributor 2 Touch Time"),
        ("contributor3_af_prt", "Contributor 3 Partner"),
        ("contributor3_media_source", "Contributor 3 Media Source"),
        ("contributor3_campaign", "Contributor 3 Campaign"),
        ("contributor3_touch_type", "Contributor 3 Touch Type"),
        ("contributor3_touch_time", "Contributor 3 Touch Time"), ("region", "Region"),
        ("country_code", "Country Code"),
        ("state", "State"), ("city", "City"), ("postal_code", "Postal Code"), ("dma", "DMA"), ("ip", "IP"),
        ("wifi", "WIFI"), ("operator", "Operator"), ("carrier", "Carrier"), ("language", "Language"),
        ("appsflyer_id", "AppsFlyer ID"), ("advertising_id", "Advertising ID"), ("idfa", "IDFA"),
        ("android_id", "Android ID"), ("customer_user_id", "Customer User ID"), ("imei", "IMEI"),
        ("idfv", "IDFV"),
        ("platform", "Platform"), ("device_type", "Device Type"), ("os_version", "OS Version"),
        ("app_version", "App Version"), ("sdk_version", "SDK Version"), ("app_id", "App ID"),
        ("app_name", "App Name"),
        ("bundle_id", "Bundle ID"), ("is_retargeting", "Is Retargeting"),
        ("retargeting_conversion_type", "Retargeting Conversion Type"),
        ("af_attribution_lookback", "Attribution Lookback"),
        ("af_reengagement_window", "Reengagement Window"),
        ("is_primary_attribution", "Is Primary Attribution"), ("user_agent", "User Agent"),
        ("http_referrer", "HTTP Referrer"), ("original_url", "Original URL"),
    ]

    /// The `additional_fields` the reference's installs and in-app events reports list
    /// (https://dev.appsflyer.com/hc/reference/get_app-id-installs-report-v5).
    static let additional: [String] = [
        "store_reinstall", "impressions", "contributor3_match_type", "custom_dimension", "conversion_type",
        "gp_click_time", "match_type", "mediation_network", "oaid", "deeplink_url", "blocked_reason",
        "blocked_sub_reason", "gp_broadcast_referrer", "gp_install_begin", "campaign_type", "custom_data",
        "rejected_reason", "device_download_time", "keyword_match_type", "contributor1_match_type",
        "contributor2_match_type", "device_model", "monetization_network", "segment", "is_lat", "gp_referrer",
        "blocked_reason_value", "store_product_page", "device_category", "app_type", "rejected_reason_value",
        "ad_unit", "keyword_id", "placement", "network_account_id", "install_app_store", "amazon_aid", "att",
        "engagement_type", "contributor1_engagement_type", "contributor2_engagement_type",
        "contributor3_engagement_type", "gdpr_applies", "ad_user_data_enabled", "ad_personalization_enabled",
        "total_candidates", "engagement_destination",
    ]

    /// The header of an additional field: its words capitalised, the reference's acronyms in
    /// capitals (`match_type` is `Match Type`, `deeplink_url` `Deeplink URL`); the reference gives
    /// no headers for them, so these are the emulator's.
    static func header(ofAdditional field: String) -> String {
        let acronyms: Set<String> = ["id", "url", "oaid", "att", "lat", "gp", "gdpr", "aid"]
        return field.split(separator: "_").map { word in
            let text = String(word)
            if acronyms.contains(text) { return text.uppercased() }
            if let digit = text.firstIndex(where: \.isNumber), digit != text.startIndex {
                return text[..<digit].capitalized + " " + text[digit...]
            }
            return text.capitalized
        }.joined(separator: " ")
    }
}
