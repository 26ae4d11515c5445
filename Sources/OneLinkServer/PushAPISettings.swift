import OneLinkSupport

/// Where and how the server sends Push API postbacks: one message per install and in-app event to
/// each endpoint, as https://support.appsflyer.com/hc/en-us/articles/207034356 describes.
public struct PushAPISettings: Sendable {
    /// The receivers; the Push API allows up to 6 an app, the emulator does not limit them.
    public var endpoints: [PushAPIEndpoint]
    /// The authentication token sent in ``tokenName``; `nil` sends none.
    public var token: String?
    /// The token's header: `Authorization` (the documented default) or an `X-` name.
    public let tokenName: String
    /// Attempts per message and endpoint, the first included; at least 1.
    public var maximumAttempts: Int
    /// The wait before the first retry, doubled before each further one (on the server's clock).
    public var retryDelay: Duration
    /// The in-app events whose messages are sent, by event name (exact); `nil` sends every one.
    ///
    /// The configuration API's per-endpoint `selected_inapps` ("all" or a list of names,
    /// https://dev.appsflyer.com/hc/reference/get_app-app-id), applied to every endpoint: an
    /// in-app event message (`install-in-app-event`, `organic-install-in-app-event`,
    /// `re-engagement-in-app-event`, `re-attribution-in-app-event`) for another event is not sent.
    /// Install, reinstall, re-attribution and re-engagement messages are not filtered.
    public var selectedInAppEvents: Set<String>?
    /// The message types sent, as the configuration API's per-endpoint `event_types` names them
    /// (``eventTypes``); `nil` sends every type.
    ///
    /// Applied to every endpoint. A name outside ``eventTypes`` matches no message.
    public var selectedEventTypes: Set<String>?
    /// The message fields sent, as the configuration API's per-endpoint `selected_fields` names them
    /// (``messageFields``); `nil` sends every field the emulator fills (`all`).
    ///
    /// Applied to every endpoint; a field the message does not carry is still left out. The
    /// reference names a set of mandatory fields without listing it, so none is added.
    public var selectedFields: Set<String>?

    /// The message types of the configuration API's `event_types`
    /// (https://dev.appsflyer.com/hc/reference/get_app-app-id), every one of which the emulator sends.
    public static let eventTypes: [String] = [
        "install", "organic-install", "install-in-app-event", "organic-install-in-app-event", "reinstall",
        "organic-reinstall", "re-engagement", "re-engagement-in-app-event", "re-attribution",
        "re-attribution-in-app-event",
    ]

    /// The message fields of the configuration API's `selected_fields` for iOS
    /// (https://dev.appsflyer.com/hc/reference/get_app-app-id); the emulator fills some of them.
    public static let messageFields: Set<String> = [
        "api_version", "af_c_id", "campaign", "af_adset_id", "af_adset", "af_ad_id", "af_ad", "af_ad_type",
        "af_channel", "af_cost_currency", "af_cost_model", "af_cost_value", "af_keywords",
        "af_attribution_lookback", "af_prt", "af_reengagement_window", "af_siteid", "af_sub_siteid",
        "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5", "is_retargeting", "media_source",
        "original_url", "user_agent", "advertising_id", "android_id", "amazon_aid", "app_id", "app_name",
        "app_version", "appsflyer_id", "bundle_id", "carrier", "country_code", "custom_data",
        "customer_user_id", "device_category", "device_type", "device_model", "event_name",
        "event_revenue", "event_revenue_currency", "event_time", "event_value", "idfa", "idfv", "imei",
        "install_app_store", "install_time", "ip", "language", "operator", "os_version", "platform",
        "sdk_version", "wifi", "gp_broadcast_referrer", "city", "attributed_touch_time",
        "attributed_touch_type", "contributor_1_af_prt", "contributor_1_campaign",
        "contributor_1_match_type", "contributor_1_media_source", "contributor_1_touch_time",
        "contributor_1_touch_type", "contributor_2_af_prt", "contributor_2_campaign",
        "contributor_2_match_type", "contributor_2_media_source", "contributor_2_touch_time",
        "contributor_2_touch_type", "contributor_3_af_prt", "contributor_3_campaign",
        "contributor_3_match_type", "contributor_3_media_source", "contributor_3_touch_time",
        "contributor_3_touch_type", "dma", "event_revenue_usd", "event_source", "http_referrer",
        "is_primary_attribution", "is_receipt_validated", "match_type", "postal_code", "region",
        "retargeting_conversion_type", "state", "network_account_id", "gp_click_time",
        "gp_install_begin", "gp_referrer", "keyword_match_type", "selected_currency",
        "revenue_in_selected_currency", "cost_in_selected_currency",
        "attributed_touch_time_selected_timezone", "install_time_selected_timezone",
        "event_time_selected_timezone", "selected_timezone", "deeplink_url", "oaid", "keyword_id",
        "store_reinstall", "is_lat", "device_download_time", "device_download_time_selected_timezone",
        "conversion_type", "custom_dimension", "campaign_type",
    ]

    /// Creates settings.
    ///
    /// - Throws: ``PushAPIError/invalidTokenName(_:)`` when `tokenName` is neither `Authorization`
    ///   nor `X-` and at most 28 more of `a-z A-Z 0-9 - _`, and
    ///   ``PushAPIError/invalidToken(characterCount:character:)`` when `token` is not at most 2,000
    ///   of `a-z A-Z 0-9`, space, `-`, `_` and `.`: the rules of the token configuration API
    ///   (https://dev.appsflyer.com/hc/reference/authentication-token, `^[ \-_.a-zA-Z0-9]*$`).
    public init(
        endpoints: [PushAPIEndpoint], token: String? = nil, tokenName: String = "Authorization",
        maximumAttempts: Int = 3, retryDelay: Duration = .seconds(5)
    ) throws(PushAPIError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard
            tokenName == "Authorization"
                || (tokenName.hasPrefix("X-") && tokenName.count <= 30
                    && tokenName.dropFirst(2).allSatisfy(allowed.contains))
        else { throw .invalidTokenName(tokenName) }
        if let token {
            let tokenCharacters = allowed.union(" .")
            if let bad = token.first(where: { !tokenCharacters.contains($0) }) {
                throw .invalidToken(characterCount: token.count, character: bad)
            }
            if token.count > 2000 { throw .invalidToken(characterCount: token.count, character: nil) }
        }
        self.endpoints = endpoints
        self.token = token
        self.tokenName = tokenName
        self.maximumAttempts = max(1, maximumAttempts)
        self.retryDelay = retryDelay
    }
}
