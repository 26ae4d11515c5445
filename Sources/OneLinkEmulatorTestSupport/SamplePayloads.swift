public import OneLinkEmulator

/// The documented iOS sample payloads (`Payloads/samples/*.json`) as ready values.
///
/// Each ``Sample`` carries the payload exactly as documented, with its
/// callback, link and kind, so a test can feed it to handler code without
/// reading files:
///
/// ```swift
/// let sample = SamplePayloads.deferredDeepLink
/// handler.onConversionDataSuccess(sample.foundationDictionary)
/// ```
///
/// The JSON below is copied from `Payloads/samples`; `SamplePayloadsTests`
/// fails when the two differ.
public enum SamplePayloads {
    /// One documented sample.
    public struct Sample: Sendable, Hashable {
        /// The file's base name, such as `universal-link-short`.
        public var file: String
        /// The human-readable title.
        public var name: String
        /// What the sample shows and where it comes from.
        public var description: String
        /// The callback that receives the payload: `onAppOpenAttribution` or `onConversionDataSuccess`.
        public var callback: String
        /// The link that produces the payload, when the document shows one.
        public var link: String?
        /// The sample's kind, such as `deferred-deep-link`.
        public var kind: String
        /// The documented payload, value for value and type for type.
        public var payload: AttributionPayload

        /// The payload as the `[AnyHashable: Any]` dictionary the SDK hands to a delegate.
        public var foundationDictionary: [AnyHashable: Any] { payload.foundationDictionary }
    }
    /// `universal-link-short.json`: Universal link, short OneLink.
    public static let universalLinkShort = sample("universal-link-short", json: universalLinkShortJSON)
    /// `universal-link-long.json`: Universal link, long OneLink.
    public static let universalLinkLong = sample("universal-link-long", json: universalLinkLongJSON)
    /// `uri-scheme-short.json`: URI scheme, short OneLink.
    public static let uriSchemeShort = sample("uri-scheme-short", json: uriSchemeShortJSON)
    /// `uri-scheme-long.json`: URI scheme, long OneLink.
    public static let uriSchemeLong = sample("uri-scheme-long", json: uriSchemeLongJSON)
    /// `deferred-deep-link.json`: Deferred deep link, first launch.
    public static let deferredDeepLink = sample("deferred-deep-link", json: deferredDeepLinkJSON)
    /// Every sample, in the order of the document.
    public static let all: [Sample] = [
        universalLinkShort, universalLinkLong, uriSchemeShort, uriSchemeLong, deferredDeepLink,
    ]

    /// Decodes one embedded sample; the text is fixed, so a failure is a bug caught by the tests.
    static func sample(_ file: String, json: String) -> Sample {
        guard let document = try? AttributionValue(jsonString: json), case .object(let fields) = document,
            case .string(let name)? = fields["name"], case .string(let description)? = fields["description"],
            case .string(let callback)? = fields["callback"], case .string(let kind)? = fields["kind"],
            case .object(let payload)? = fields["payload"]
        else { preconditionFailure("embedded sample \(file) is not a valid sample") }
        return Sample(
            file: file, name: name, description: description, callback: callback,
            link: fields["link"]?.stringValue, kind: kind, payload: AttributionPayload(payload))
    }

    static let universalLinkShortJSON = #"""
        {
          "name": "Universal link, short OneLink",
          "description": "onAppOpenAttribution input when the app is opened by the short OneLink https://onelink-basic-app.onelink.me/H5hv/6d66214a. The SDK resolves the short ID through the short-link API; the payload is the stored link parameters plus link. It has no scheme, host or path keys.",
          "callback": "onAppOpenAttribution",
          "link": "https://onelink-basic-app.onelink.me/H5hv/6d66214a",
          "kind": "universal-link-short",
          "payload": {
            "af_ad": "my_adname",
            "af_adset": "my_adset",
            "af_android_url": "https://isitchristmas.com/",
            "af_channel": "my_channel",
            "af_click_lookback": "20d",
            "af_cost_currency": "USD",
            "af_cost_value": 6,
            "af_dp": "afbasicapp://mainactivity",
            "af_ios_url": "https://isitchristmas.com/",
            "af_sub1": "my_sub1",
            "af_sub2": "my_sub2",
            "c": "fruit_of_the_month",
            "campaign": "fruit_of_the_month",
            "fruit_amount": 26,
            "fruit_name": "apples",
            "is_retargeting": true,
            "link": "https://onelink-basic-app.onelink.me/H5hv/6d66214a",
            "media_source": "Email",
            "pid": "Email"
          }
        }
        """#

    static let universalLinkLongJSON = #"""
        {
          "name": "Universal link, long OneLink",
          "description": "onAppOpenAttribution input when the app is opened by a long OneLink on onelink-basic-app.onelink.me with template H5hv. Every query parameter is read from the link itself, plus scheme, host, path and link.",
          "callback": "onAppOpenAttribution",
          "link": "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=fruit_of_the_month&af_channel=my_channel&af_adset=my_adset&af_ad=my_adname&af_sub1=my_sub1&af_sub2=my_sub2&fruit_name=apples&fruit_amount=16&af_cost_currency=USD&af_cost_value=6&af_click_lookback=20d&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_android_url=https%3A%2F%2Fmy_android_lp.com",
          "kind": "universal-link-long",
          "payload": {
            "path": "/H5hv",
            "af_android_url": "https://my_android_lp.com",
            "af_channel": "my_channel",
            "host": "onelink-basic-app.onelink.me",
            "af_adset": "my_adset",
            "pid": "Email",
            "scheme": "https",
            "af_dp": "afbasicapp://mainactivity",
            "af_sub1": "my_sub1",
            "fruit_name": "apples",
            "af_ad": "my_adname",
            "af_click_lookback": "20d",
            "fruit_amount": 16,
            "af_sub2": "my_sub2",
            "link": "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=fruit_of_the_month&af_channel=my_channel&af_adset=my_adset&af_ad=my_adname&af_sub1=my_sub1&af_sub2=my_sub2&fruit_name=apples&fruit_amount=16&af_cost_currency=USD&af_cost_value=6&af_click_lookback=20d&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_android_url=https%3A%2F%2Fmy_android_lp.com",
            "af_cost_currency": "USD",
            "c": "fruit_of_the_month",
            "af_ios_url": "https://my_ios_lp.com",
            "af_cost_value": 6
          }
        }
        """#

    static let uriSchemeShortJSON = #"""
        {
          "name": "URI scheme, short OneLink",
          "description": "onAppOpenAttribution input when the app is opened through its URI scheme afbasicapp:// after a short OneLink click (the query carries shortlink=9270d092). The link holds every parameter, so the payload is its query plus scheme, host, path and link.",
          "callback": "onAppOpenAttribution",
          "link": "afbasicapp://mainactivity?af_ad=my_adname&af_adset=my_adset&af_android_url=https%3A%2F%2Fmy_android_lp.com&af_channel=my_channel&af_click_lookback=25d&af_cost_currency=NZD&af_cost_value=5&af_deeplink=true&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_force_deeplink=true&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_sub1=my_sub1&af_sub2=my_sub2&af_web_id=56441f02-377b-47c6-9648-7a7f88268130-o&campaign=my_campaign&fruit_amount=15&fruit_name=apples&is_retargeting=true&media_source=Email&shortlink=9270d092",
          "kind": "uri-scheme-short",
          "payload": {
            "af_click_lookback": "25d",
            "af_sub1": "my_sub1",
            "shortlink": "9270d092",
            "af_deeplink": true,
            "media_source": "Email",
            "campaign": "my_campaign",
            "af_cost_currency": "NZD",
            "host": "mainactivity",
            "af_ios_url": "https://my_ios_lp.com",
            "scheme": "afbasicapp",
            "path": "",
            "af_cost_value": 5,
            "af_adset": "my_adset",
            "af_ad": "my_adname",
            "af_android_url": "https://my_android_lp.com",
            "af_sub2": "my_sub2",
            "af_force_deeplink": true,
            "fruit_amount": 15,
            "af_dp": "afbasicapp://mainactivity",
            "link": "afbasicapp://mainactivity?af_ad=my_adname&af_adset=my_adset&af_android_url=https%3A%2F%2Fmy_android_lp.com&af_channel=my_channel&af_click_lookback=25d&af_cost_currency=NZD&af_cost_value=5&af_deeplink=true&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_force_deeplink=true&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_sub1=my_sub1&af_sub2=my_sub2&af_web_id=56441f02-377b-47c6-9648-7a7f88268130-o&campaign=my_campaign&fruit_amount=15&fruit_name=apples&is_retargeting=true&media_source=Email&shortlink=9270d092",
            "af_channel": "my_channel",
            "is_retargeting": true,
            "af_web_id": "56441f02-377b-47c6-9648-7a7f88268130-o",
            "fruit_name": "apples"
          }
        }
        """#

    static let uriSchemeLongJSON = #"""
        {
          "name": "URI scheme, long OneLink",
          "description": "onAppOpenAttribution input when the app is opened through its URI scheme afbasicapp:// after a long OneLink click: the same query as the short case without shortlink, plus scheme, host, path and link.",
          "callback": "onAppOpenAttribution",
          "link": "afbasicapp://mainactivity?af_ad=my_adname&af_adset=my_adset&af_android_url=https%3A%2F%2Fmy_android_lp.com&af_channel=my_channel&af_click_lookback=25d&af_cost_currency=NZD&af_cost_value=5&af_deeplink=true&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_force_deeplink=true&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_sub1=my_sub1&af_sub2=my_sub2&af_web_id=56441f02-377b-47c6-9648-7a7f88268130-o&campaign=my_campaign&fruit_amount=15&fruit_name=apples&is_retargeting=true&media_source=Email",
          "kind": "uri-scheme-long",
          "payload": {
            "af_ad": "my_adname",
            "fruit_name": "apples",
            "host": "mainactivity",
            "af_channel": "my_channel",
            "link": "afbasicapp://mainactivity?af_ad=my_adname&af_adset=my_adset&af_android_url=https%3A%2F%2Fmy_android_lp.com&af_channel=my_channel&af_click_lookback=25d&af_cost_currency=NZD&af_cost_value=5&af_deeplink=true&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_force_deeplink=true&af_ios_url=https%3A%2F%2Fmy_ios_lp.com&af_sub1=my_sub1&af_sub2=my_sub2&af_web_id=56441f02-377b-47c6-9648-7a7f88268130-o&campaign=my_campaign&fruit_amount=15&fruit_name=apples&is_retargeting=true&media_source=Email",
            "af_deeplink": true,
            "campaign": "my_campaign",
            "af_sub1": "my_sub1",
            "af_click_lookback": "25d",
            "af_web_id": "56441f02-377b-47c6-9648-7a7f88268130-o",
            "path": "",
            "af_sub2": "my_sub2",
            "af_ios_url": "https://my_ios_lp.com",
            "af_cost_value": 5,
            "fruit_amount": 15,
            "is_retargeting": true,
            "scheme": "afbasicapp",
            "af_force_deeplink": true,
            "af_adset": "my_adset",
            "media_source": "Email",
            "af_cost_currency": "NZD",
            "af_dp": "afbasicapp://mainactivity",
            "af_android_url": "https://my_android_lp.com"
          }
        }
        """#

    static let deferredDeepLinkJSON = #"""
        {
          "name": "Deferred deep link, first launch",
          "description": "onConversionDataSuccess input on the first launch after a non-organic install from the short OneLink 6d66214a: conversion (attribution) data merged with the link's parameters. The document shows no link for this payload.",
          "callback": "onConversionDataSuccess",
          "kind": "deferred-deep-link",
          "payload": {
            "adgroup": null,
            "adgroup_id": null,
            "adset": null,
            "adset_id": null,
            "af_ad": "my_adname",
            "af_adset": "my_adset",
            "af_android_url": "https://isitchristmas.com/",
            "af_channel": "my_channel",
            "af_click_lookback": "20d",
            "af_cost_currency": "USD",
            "af_cost_value": 6,
            "af_cpi": null,
            "af_dp": "afbasicapp://mainactivity",
            "af_ios_url": "https://isitchristmas.com/",
            "af_siteid": null,
            "af_status": "Non-organic",
            "af_sub1": "my_sub1",
            "af_sub2": "my_sub2",
            "af_sub3": null,
            "af_sub4": null,
            "af_sub5": null,
            "agency": null,
            "campaign": "fruit_of_the_month ",
            "campaign_id": null,
            "click_time": "2020-08-12 15:08:00.770",
            "cost_cents_USD": 600,
            "engmnt_source": null,
            "esp_name": null,
            "fruit_amount": 26,
            "fruit_name": "apples",
            "http_referrer": null,
            "install_time": "2020-08-12 15:08:33.335",
            "is_branded_link": null,
            "is_first_launch": 1,
            "is_retargeting": true,
            "is_universal_link": null,
            "iscache": 1,
            "match_type": "probabilistic",
            "media_source": "Email",
            "orig_cost": "6.0",
            "redirect_response_data": null,
            "retargeting_conversion_type": "none",
            "shortlink": "6d66214a"
          }
        }
        """#
}
