import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The Push API's messages, with the raw-data field names of
/// https://support.appsflyer.com/hc/en-us/articles/207034356: `event_name`, `conversion_type` and
/// `campaign_type` tell the message types apart; timestamps are `yyyy-MM-dd HH:mm:ss.SSS` UTC.
///
/// The page's table of message types (attribution context, message type, `conversion_type`,
/// `campaign_type`, `event_name`):
///
/// | Context | Message | `conversion_type` | `campaign_type` | `event_name` |
/// |---|---|---|---|---|
/// | User acquisition | Install | `install` | `ua` / `organic` | `install` |
/// | User acquisition | Install in-app events | `install` | `ua` / `organic` | the event's |
/// | Retargeting | Re-engagement | `re-engagement` | `retargeting` | `re-engagement` |
/// | Retargeting | Re-engagement in-app events | `re-engagement` | `retargeting` | the event's |
/// | Retargeting | Re-attribution | `reinstall` | `retargeting` | `re-attribution` |
/// | User acquisition | Reinstall | `reinstall` | `ua` / `organic` | `reinstall` |
/// | Retargeting | Re-attribution in-app events | `reinstall` | `retargeting` | the event's |
///
/// The page's V2.0 edition adds `is_retargeting` (`false` for user acquisition, `true` for
/// retargeting) and `retargeting_conversion_type` (`re-engagement` or `re-attribution`).
extension PushPostbackSender {
    /// The `api_version` every message carries: the Push API V2.0 (`api_version` is one of the
    /// message fields the configuration API lists; a real message has `"api_version":"2.0"`).
    static let apiVersion = "2.0"

    /// Conversion-data keys and the Push API fields they fill; when the conversion-data key is
    /// missing, null or blank, the field's own key is read (a OneLink's `af_c_id`, `af_adset`,
    /// `af_adset_id`, `af_ad`, `af_ad_id` reach the conversion data under those names).
    static let attributionFields: [(conversionKey: String, field: String)] = [
        ("media_source", "media_source"), ("campaign", "campaign"), ("campaign_id", "af_c_id"),
        ("adset", "af_adset"), ("adset_id", "af_adset_id"), ("ad", "af_ad"), ("ad_id", "af_ad_id"),
        ("af_siteid", "af_siteid"), ("af_channel", "af_channel"), ("af_keywords", "af_keywords"),
        ("af_sub1", "af_sub1"), ("af_sub2", "af_sub2"), ("af_sub3", "af_sub3"), ("af_sub4", "af_sub4"),
        ("af_sub5", "af_sub5"), ("match_type", "match_type"), ("click_time", "attributed_touch_time"),
        ("http_referrer", "http_referrer"),
    ]

    /// The install message for a device's install answer.
    ///
    /// A re-attribution answer (`retargeting_conversion_type: "re-attribution"`) makes the
    /// `re-attribution` message; otherwise `reinstall` (or `organic-reinstall`) when `isReinstall`,
    /// else `install` (or `organic-install`).
    static func installMessage(
        appID: String, deviceID: String, installTime: String, device: DeviceInfo, answer: AttributionPayload,
        isReinstall: Bool = false
    ) -> (fields: [String: String], messageType: String) {
        var fields: [String: String]
        let messageType: String
        if isReattribution(answer) {
            fields = retargeting(answer, conversionType: "reinstall", retargetingType: "re-attribution")
            fields["event_name"] = "re-attribution"
            messageType = "re-attribution"
        } else {
            fields = attribution(answer)
            let organic = fields["campaign_type"] == "organic"
            if isReinstall {
                fields["conversion_type"] = "reinstall"
                fields["event_name"] = "reinstall"
                messageType = organic ? "organic-reinstall" : "reinstall"
            } else {
                fields["event_name"] = "install"
                messageType = organic ? "organic-install" : "install"
            }
        }
        fields["event_time"] = installTime
        fields["install_time"] = installTime
        fields["event_source"] = "SDK"
        fields["app_id"] = appID
        fields["appsflyer_id"] = deviceID
        fields["platform"] = "ios"
        fields.merge(deviceFields(device)) { _, device in device }
        return (fields, messageType)
    }

    /// The re-engagement message for an installed device's open credited to a retargeting click,
    /// with the install's `device` fields.
    static func reengagementMessage(
        appID: String, deviceID: String, reengagement: Reengagement, install: AttributionPayload?,
        customerUserID: String?, device: DeviceInfo? = nil
    ) -> (fields: [String: String], messageType: String) {
        var fields = reengagementAttribution(reengagement)
        fields["event_name"] = "re-engagement"
        fields["event_time"] = AttributionTimestamp.string(from: reengagement.openTime)
        fields["event_source"] = "SDK"
        fields["install_time"] = install?["install_time"]?.textValue ?? ""
        fields["app_id"] = appID
        fields["appsflyer_id"] = deviceID
        fields["customer_user_id"] = customerUserID ?? ""
        fields["platform"] = "ios"
        fields.merge(deviceFields(device)) { _, device in device }
        return (fields, "re-engagement")
    }

    /// The in-app event message: a re-engagement's in-app event while `reengagement` covers the
    /// event, else a re-attribution's while the reinstall's re-engagement window lasts, else
    /// attributed as the device's install was (organic without one); after a re-attribution's
    /// window, as the device's former install (`formerInstall`) was, organic without one.
    ///
    /// The install's `device` fields (`ip`, `device_model`, `os_version`, `language`, `idfa`) go
    /// with it, as a real in-app event message carries them.
    static func eventMessage(
        _ event: InAppEvent, source: String, install: AttributionPayload?, reengagement: Reengagement? = nil,
        formerInstall: AttributionPayload? = nil, device: DeviceInfo? = nil
    )
        -> (fields: [String: String], messageType: String)
    {
        var fields: [String: String]
        let messageType: String
        if let reengagement, reengagement.covers(event.time) {
            fields = reengagementAttribution(reengagement)
            messageType = "re-engagement-in-app-event"
        } else if let install, reattributionCovers(install, time: event.time) {
            fields = retargeting(install, conversionType: "reinstall", retargetingType: "re-attribution")
            messageType = "re-attribution-in-app-event"
        } else {
            let primary = install.map(isReattribution) == true ? formerInstall : install
            fields = attribution(primary ?? [:])
            messageType =
                fields["campaign_type"] == "organic" ? "organic-install-in-app-event" : "install-in-app-event"
        }
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
        fields.merge(deviceFields(device)) { _, device in device }
        return (fields, messageType)
    }

    /// The raw-data device fields of `device`; none without one (blank ones are not sent).
    static func deviceFields(_ device: DeviceInfo?) -> [String: String] {
        guard let device else { return [:] }
        return [
            "ip": device.ipAddress, "device_model": device.model, "os_version": device.osVersion,
            "language": device.language, "idfa": device.advertisingID ?? "",
        ]
    }

    /// The value of `key` in `answer`, else of `field` (when they differ): the first that is
    /// neither null nor blank, as text.
    static func attributionValue(_ answer: AttributionPayload, key: String, field: String) -> String? {
        for name in key == field ? [key] : [key, field] {
            if let value = answer[name], !value.isNull, !value.textValue.isEmpty { return value.textValue }
        }
        return nil
    }

    /// Whether an install answer is a re-attribution.
    static func isReattribution(_ answer: AttributionPayload) -> Bool {
        answer["retargeting_conversion_type"]?.textValue == RetargetingConversionType.reAttribution.rawValue
    }

    /// Whether `time` falls in a re-attribution's re-engagement window: from the reinstall's
    /// `install_time` for the link's `af_reengagement_window` (30 days without one), edges included.
    static func reattributionCovers(_ answer: AttributionPayload, time: Date) -> Bool {
        guard isReattribution(answer),
            let installText = answer["install_time"]?.stringValue,
            let installTime = AttributionTimestamp.date(from: installText),
            time >= installTime
        else { return false }
        let window: Duration?
        do {
            window = try ReengagementWindow.window(from: answer["af_reengagement_window"])
        } catch {
            return false
        }
        return window.map { time.timeIntervalSince(installTime) <= $0.timeInterval } ?? true
    }

    /// `conversion_type`, `campaign_type` and the attribution fields of a user-acquisition install
    /// answer: `is_retargeting` `false`, as the Push API's table gives user acquisition.
    private static func attribution(_ answer: AttributionPayload) -> [String: String] {
        var fields = ["conversion_type": "install"]
        guard answer["af_status"]?.textValue == "Non-organic" else {
            fields["campaign_type"] = "organic"
            fields["media_source"] = "organic"
            return fields
        }
        fields["campaign_type"] = "ua"
        fields["attributed_touch_type"] = "click"
        fields["is_retargeting"] = "false"
        for (key, field) in attributionFields {
            if let value = attributionValue(answer, key: key, field: field) { fields[field] = value }
        }
        return fields
    }

    /// The attribution fields of a retargeting conversion: `campaign_type` `retargeting`,
    /// `is_retargeting` `true`, `is_primary_attribution` `true` (the retargeting source is the
    /// primary one during the window, help center article 360016371077).
    private static func retargeting(
        _ answer: AttributionPayload, conversionType: String, retargetingType: String
    ) -> [String: String] {
        var fields = [
            "conversion_type": conversionType, "campaign_type": "retargeting",
            "attributed_touch_type": "click",
            "is_retargeting": "true", "retargeting_conversion_type": retargetingType,
            "is_primary_attribution": "true",
        ]
        for (key, field) in attributionFields {
            if let value = attributionValue(answer, key: key, field: field) { fields[field] = value }
        }
        return fields
    }

    /// The retargeting fields of a re-engagement, from its click's parameters.
    private static func reengagementAttribution(_ reengagement: Reengagement) -> [String: String] {
        let click = InstallMatch(click: reengagement.click, matchType: .idMatching)
        var data = click.conversionData(installTime: reengagement.openTime, conversionType: .reEngagement)
        data["match_type"] = nil
        return retargeting(data, conversionType: "re-engagement", retargetingType: "re-engagement")
    }
}
