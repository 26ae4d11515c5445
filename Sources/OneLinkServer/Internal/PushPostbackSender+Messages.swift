import Foundation
import OneLinkEmulator

/// The Push API's messages, with the raw-data field names of
/// https://support.appsflyer.com/hc/en-us/articles/207034356: `event_name`, `conversion_type` and
/// `campaign_type` tell the message types apart; timestamps are `yyyy-MM-dd HH:mm:ss.SSS` UTC.
extension PushPostbackSender {
    /// Conversion-data keys and the Push API fields they fill.
    static let attributionFields: [(conversionKey: String, field: String)] = [
        ("media_source", "media_source"), ("campaign", "campaign"), ("campaign_id", "af_c_id"),
        ("adset", "af_adset"), ("adset_id", "af_adset_id"), ("ad", "af_ad"), ("ad_id", "af_ad_id"),
        ("af_siteid", "af_siteid"), ("af_channel", "af_channel"), ("af_keywords", "af_keywords"),
        ("af_sub1", "af_sub1"), ("af_sub2", "af_sub2"), ("af_sub3", "af_sub3"), ("af_sub4", "af_sub4"),
        ("af_sub5", "af_sub5"), ("match_type", "match_type"), ("click_time", "attributed_touch_time"),
        ("http_referrer", "http_referrer"), ("is_retargeting", "is_retargeting"),
        ("retargeting_conversion_type", "retargeting_conversion_type"),
    ]

    /// The install message for a device's install answer (`install` for non-organic, `organic-install` otherwise).
    static func installMessage(
        appID: String, deviceID: String, installTime: String, device: DeviceInfo, answer: AttributionPayload
    ) -> (fields: [String: String], messageType: String) {
        var fields = attribution(answer)
        fields["event_name"] = "install"
        fields["event_time"] = installTime
        fields["install_time"] = installTime
        fields["event_source"] = "SDK"
        fields["app_id"] = appID
        fields["appsflyer_id"] = deviceID
        fields["platform"] = "ios"
        fields["ip"] = device.ipAddress
        fields["device_model"] = device.model
        fields["os_version"] = device.osVersion
        fields["language"] = device.language
        fields["idfa"] = device.advertisingID ?? ""
        return (fields, fields["campaign_type"] == "organic" ? "organic-install" : "install")
    }

    /// The in-app event message, attributed as the device's install was (organic without one).
    static func eventMessage(
        _ event: InAppEvent, source: String, install: AttributionPayload?
    )
        -> (fields: [String: String], messageType: String)
    {
        var fields = attribution(install ?? [:])
        fields["event_name"] = event.name
        fields["event_time"] = AttributionTimestamp.string(from: event.time)
        fields["event_value"] = event.values.isEmpty ? "" : event.values.jsonText()
        fields["event_revenue"] = event.values["af_revenue"]?.textValue ?? ""
        fields["event_revenue_currency"] = event.currencyCode ?? ""
        fields["event_source"] = source
        fields["install_time"] = install?["install_time"]?.textValue ?? ""
        fields["app_id"] = event.appID
        fields["appsflyer_id"] = event.deviceID
        fields["customer_user_id"] = event.customerUserID ?? ""
        fields["platform"] = "ios"
        let organic = fields["campaign_type"] == "organic"
        return (fields, organic ? "organic-install-in-app-event" : "install-in-app-event")
    }

    /// `conversion_type`, `campaign_type` and the attribution fields of an install answer.
    private static func attribution(_ answer: AttributionPayload) -> [String: String] {
        var fields = ["conversion_type": "install"]
        guard answer["af_status"]?.textValue == "Non-organic" else {
            fields["campaign_type"] = "organic"
            fields["media_source"] = "organic"
            return fields
        }
        fields["campaign_type"] = "ua"
        fields["attributed_touch_type"] = "click"
        for (key, field) in attributionFields {
            if let value = answer[key], !value.isNull { fields[field] = value.textValue }
        }
        return fields
    }
}
