import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The deep linking REST API for SDK-less apps (`POST /v1.0/ios/{app_id}?af_sig=`), as
/// https://dev.appsflyer.com/hc/reference/post_ios-app-id documents it; it shares its path with
/// the SDK's own lookup and is told apart by its `af_sig`, or by a body of its own shape.
extension DeepLinkAPI {
    /// The body fields the API requires.
    static let deepLinkAPIRequiredFields = ["is_first", "lang", "os", "timestamp", "type", "ip"]

    /// Click parameters the answer reports in their own keys rather than in `custom_params`.
    static let deepLinkAPIStandardKeys: Set<String> = Set([
        "pid", "c", "af_c_id", "af_siteid", "af_adset", "af_adset_id", "af_ad", "af_ad_id", "af_channel",
    ])
    .union((1...5).map { "af_sub\($0)" })
    .union([
        "af_web_dp", "af_ios_url", "af_android_url", "af_dp", "af_force_deeplink", "af_r",
        "af_click_lookback", "is_retargeting", "af_reengagement_window", "af_inactivity_window",
        "af_prt", "af_keywords", "af_cost_model", "af_cost_value", "af_cost_currency",
        "af_xp", "af_js_web", "af_ss_ui", "af_ss_ver", Router.hopParameter,
    ])
    // Device and click IDs a link carries for attribution (the documented test link's `idfa`, the
    // help center's `clickid` and `af_sub_siteid`) are no link data the app asked for.
    .union([
        "idfa", "idfv", "advertising_id", "oaid", "android_id", "imei", "clickid", "af_sub_siteid",
        "af_mp",
    ])

    /// The `idfa` types the API's `CommonIdObject` allows; a hashed one matches a click whose `idfa`
    /// was hashed the same way, as the reference asks of hashed IDs.
    static let deepLinkAPIIDTypes: Set<String> = ["unhashed", "sha1", "md5"]

    /// Whether `body` is the API's own request rather than the SDK lookup's.
    ///
    /// It is when it is a JSON object without the SDK's `device_id` that has one of the API's
    /// required fields; such a body without `af_sig` gets the API's documented error rather than
    /// the SDK contract's.
    static func isDeepLinkAPIBody(_ body: [UInt8]) -> Bool {
        guard let object = try? AttributionPayload(json: body).values, object["device_id"] == nil else {
            return false
        }
        return deepLinkAPIRequiredFields.contains { object[$0] != nil }
    }

    /// Answers one documented deep-linking request: a match against the recorded clicks, in the
    /// documented `{found, click_event}` shape, or `400 {"message":"Bad Request"}`.
    func deepLinkAPI(_ request: ServerRequest, appID: String) async -> ServerResponse {
        let body: [String: AttributionValue]
        do {
            body = try AttributionPayload(json: request.body).values
        } catch {
            return Self.deepLinkBadRequest("the body is not a JSON object")
        }
        for field in Self.deepLinkAPIRequiredFields where Self.text(body[field]) == nil {
            return Self.deepLinkBadRequest("the body lacks the required field \(field)")
        }
        let timestamp = Self.text(body["timestamp"]) ?? ""
        let ip = Self.text(body["ip"]) ?? ""
        guard let installTime = Self.deepLinkAPIDate(timestamp) else {
            return Self.deepLinkBadRequest("timestamp is not ISO 8601 UTC (such as 2015-01-22T08:45:33.412)")
        }
        guard let signature = query(request, "af_sig")?.lowercased(), !signature.isEmpty else {
            return Self.deepLinkBadRequest(
                "af_sig is missing: HMAC-SHA256(timestamp + ip) under the dev key, as lowercase hex")
        }
        let keys = configuration.devKeys
        guard
            keys.isEmpty
                || keys.contains(where: { SHA256.hmacHex(key: $0, message: timestamp + ip) == signature })
        else {
            return Self.deepLinkBadRequest(
                "af_sig is not HMAC-SHA256(timestamp + ip) under the dev key, as lowercase hex")
        }
        let isFirst = Self.text(body["is_first"])?.lowercased()
        guard isFirst == "true" || isFirst == "false" else {
            return Self.deepLinkBadRequest("is_first is neither true nor false")
        }
        // The API serves deferred deep links only, which exist on the first launch alone.
        guard isFirst == "true" else { return Self.deepLinkAnswer(nil) }
        var advertisingID: String?
        if let idfa = body["idfa"]?.objectValue,
            idfa["type"]?.stringValue.map(Self.deepLinkAPIIDTypes.contains) ?? false,
            body["att_status"]?.intValue.map({ $0 == 1 }) ?? true
        {
            advertisingID = idfa["value"]?.stringValue
        }
        let device = DeviceInfo(
            ipAddress: ip, model: Self.text(body["type"]) ?? "", osVersion: Self.text(body["os"]) ?? "",
            language: Self.text(body["lang"]) ?? "", advertisingID: advertisingID)
        let deviceID = Self.text(body["request_id"]) ?? ""
        // The clicks the server recorded, by the configuration's rules, which it shares with the SDK's
        // lookup when given the lookup's matcher and window: both contracts find the same click.
        guard let store = configuration.clickHandler?.store else { return Self.deepLinkAnswer(nil) }
        do {
            let match = try await configuration.installMatcher.match(
                device: device, deviceID: deviceID, installTime: installTime, in: store,
                within: configuration.deferredLookupWindow)
            return Self.deepLinkAnswer(match)
        } catch {
            return ServerResponse(
                status: 503, headers: [(.contentType, "application/json")],
                body: Array(AttributionPayload(["message": .string("Service Unavailable")]).jsonData()))
        }
    }

    /// `{"found":false,"click_event":{}}`, or the match's click event with every documented key.
    static func deepLinkAnswer(_ match: InstallMatch?) -> ServerResponse {
        guard let match else { return .json(200, ["found": .bool(false), "click_event": .object([:])]) }
        let parameters = match.click.parameters.values
        func value(_ key: String) -> AttributionValue {
            parameters[key].flatMap { $0.textValue.isEmpty ? nil : .string($0.textValue) } ?? .null
        }
        var event: [String: AttributionValue] = [
            "timestamp": .string(deepLinkAPITimestamp(match.click.time)),
            "custom_params": .object(parameters.filter { !deepLinkAPIStandardKeys.contains($0.key) }),
            "campaign_id": value("af_c_id"), "match_type": .string(match.matchType.rawValue),
            "media_source": value("pid"), "campaign": value("c"),
            "click_http_referrer": match.click.referrer.map { .string($0) } ?? .null,
        ]
        for index in 1...5 { event["af_sub\(index)"] = value("af_sub\(index)") }
        return .json(200, ["found": .bool(true), "click_event": .object(event)])
    }

    /// The documented error: `400 {"message":"Bad Request"}`; the emulator adds the reason in a header.
    static func deepLinkBadRequest(_ reason: String) -> ServerResponse {
        ServerResponse(
            status: 400,
            headers: [(.contentType, "application/json"), (.oneLinkEmulatorReason, reason)],
            body: Array(AttributionPayload(["message": .string("Bad Request")]).jsonData()))
    }

    /// A string field's text, or a boolean's or number's (`is_first` may come as `true`); `nil` when absent or empty.
    private static func text(_ value: AttributionValue?) -> String? {
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .int(let number)?: return String(number)
        default: return nil
        }
    }

    /// Parses `2015-01-22T08:45:33.412` (UTC), with or without fractional seconds and a trailing `Z`.
    static func deepLinkAPIDate(_ text: String) -> Date? {
        let trimmed = text.hasSuffix("Z") ? String(text.dropLast()) : text
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss.SSSSSS", "yyyy-MM-dd'T'HH:mm:ss"] {
            if let date = deepLinkAPIFormatter(format).date(from: trimmed) { return date }
        }
        return nil
    }

    /// `date` as the answer's `timestamp`: `2020-04-22T08:45:33.412`, UTC.
    static func deepLinkAPITimestamp(_ date: Date) -> String {
        deepLinkAPIFormatter("yyyy-MM-dd'T'HH:mm:ss.SSS").string(from: date)
    }

    private static func deepLinkAPIFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
