import Foundation

/// The user-invite link under construction, handed to the `linkGenerator` closure of ``AppsFlyerShareInviteHelper/generateInviteUrl(linkGenerator:completionHandler:)``.
///
/// As in the real SDK, apps do not create one: the helper passes one in,
/// the closure configures it with the header's setter methods and returns it.
/// Every setter maps to one link parameter (see ``parameters``); parameters
/// added with ``addParameterValue(_:forKey:)`` or ``addParameters(_:)`` win
/// over the ones the setters make, so a custom `pid` replaces
/// `af_app_invites`, as the user-invite documentation describes.
public final class AppsFlyerLinkGenerator {
    /// The media source every invite link carries unless a custom `pid` replaces it.
    public static let inviteMediaSource = "af_app_invites"

    var standard: [String: String] = ["pid": AppsFlyerLinkGenerator.inviteMediaSource]
    private var custom: [String: String] = [:]
    var baseDeeplink: String?
    private var deeplinkPath: String?

    /// The template the link is built on: the SDK's `appInviteOneLinkID` when the helper created the generator.
    ///
    /// Emulator only.
    public let template: String?

    /// The Apple app ID the link was generated for; `setAppleAppID(_:)` changes it.
    ///
    /// Emulator only: the header has only the setter.
    public private(set) var appleAppID: String

    /// The link's host instead of the default invite domain, such as a branded `links.example.com`.
    public var brandDomain: String?

    init(template: String?, appleAppID: String) {
        self.template = template
        self.appleAppID = appleAppID
    }

    /// Sets the channel the invite is sent through, such as `"mail"` (`af_channel`).
    public func setChannel(_ channel: String) { standard["af_channel"] = channel }

    /// Sets the inviting user's own customer ID (`af_referrer_customer_id`).
    public func setReferrerCustomerId(_ referrerCustomerId: String) {
        standard["af_referrer_customer_id"] = referrerCustomerId
    }

    /// Sets the campaign name (`c`).
    public func setCampaign(_ campaign: String) { standard["c"] = campaign }

    /// Sets the inviting user's AppsFlyer ID (`af_referrer_uid`).
    public func setReferrerUID(_ referrerUID: String) { standard["af_referrer_uid"] = referrerUID }

    /// Sets the inviting user's name (`af_referrer_name`).
    public func setReferrerName(_ referrerName: String) { standard["af_referrer_name"] = referrerName }

    /// Sets the URL of the inviting user's avatar (`af_referrer_image_url`).
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setReferrerImageURL(_ referrerImageURL: String) {
        standard["af_referrer_image_url"] = referrerImageURL
    }

    /// Sets the Apple app ID the link is for; it is sent with the short-link request.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setAppleAppID(_ appleAppID: String) { self.appleAppID = appleAppID }

    /// Sets the path appended to the base deep link in `af_dp`, such as `"invite/42"`.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setDeeplinkPath(_ deeplinkPath: String) { self.deeplinkPath = deeplinkPath }

    /// Sets the base deep link (`af_dp`), such as `"myapp://"`.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setBaseDeeplink(_ baseDeeplink: String) { self.baseDeeplink = baseDeeplink }

    /// Adds one custom parameter, such as `deep_link_value`; it wins over a parameter a setter made.
    public func addParameterValue(_ value: String, forKey key: String) { custom[key] = value }

    /// Adds custom parameters; values that are not strings are written as their description.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func addParameters(_ parameters: [AnyHashable: Any]) {
        addCustom(parameters)
    }

    /// The body of `addParameters(_:)` (SDK 6) and `addUserParams(_:)` (SDK 7).
    func addCustom(_ parameters: [AnyHashable: Any]) {
        for (key, value) in parameters {
            custom[String(describing: key.base)] = (value as? String) ?? String(describing: value)
        }
    }

    /// Every parameter the link will carry: `pid`, the setters' parameters, `af_dp` and the custom ones.
    ///
    /// Emulator only. `af_dp` is the base deep link and the path joined by one
    /// `/`, or whichever of the two was set.
    public var parameters: [String: String] {
        var result = standard
        switch (baseDeeplink, deeplinkPath) {
        case (let base?, let path?):
            var joined = base
            while joined.hasSuffix("/") && !joined.hasSuffix("://") { joined.removeLast() }
            if !joined.hasSuffix("/") { joined += "/" }
            result["af_dp"] = joined + String(path.drop { $0 == "/" })
        case (let base?, nil): result["af_dp"] = base
        case (nil, let path?): result["af_dp"] = path
        case (nil, nil): break
        }
        return result.merging(custom) { _, custom in custom }
    }
}
