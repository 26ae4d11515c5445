public import Foundation
import OneLinkSupport

/// Generates and logs user-invite links for the SDK that `AppsFlyerLib.shared()` returns, as the real static helper does.
///
/// Scope the SDK with `AppsFlyerLib.withShared(_:operation:)` in tests.
public final class AppsFlyerShareInviteHelper {
    /// The host of invite links when the generator has no ``AppsFlyerLinkGenerator/brandDomain``.
    ///
    /// Emulator only: the real host comes from the OneLink template's subdomain.
    public static let defaultDomain = "app.onelink.me"

    private init() {}

    /// Builds an invite link on the `appInviteOneLinkID` template and hands it to `completionHandler` on the delivery queue.
    ///
    /// `linkGenerator` is called at once, on the calling thread, with a fresh
    /// generator. The link is `https://{brandDomain or defaultDomain}/{template}`:
    /// short (`…/{template}/{shortID}`) when the SDK has a ``ShortLinkCreator``
    /// and it succeeds within `deepLinkTimeout`, long (the parameters in the
    /// query) otherwise, or while the SDK is stopped. Without
    /// `appInviteOneLinkID` the handler receives `nil`.
    #if SDK7
        @_spi(SDK6)
    #endif
    public static func generateInviteUrl(
        linkGenerator: (AppsFlyerLinkGenerator) -> AppsFlyerLinkGenerator,
        completionHandler: @escaping (URL?) -> Void
    ) {
        generate(linkGenerator: linkGenerator, completion: completionHandler)
    }

    /// The body of `generateInviteUrl` (SDK 6) and `generateInviteLink` (SDK 7).
    static func generate(
        linkGenerator: (AppsFlyerLinkGenerator) -> AppsFlyerLinkGenerator,
        completion completionHandler: @escaping (URL?) -> Void
    ) {
        let sdk = AppsFlyerLib.shared()
        let generator = linkGenerator(
            AppsFlyerLinkGenerator(template: sdk.appInviteOneLinkID, appleAppID: sdk.appleAppID))
        let link = InviteLink(
            template: generator.template, domain: generator.brandDomain ?? defaultDomain,
            appleAppID: generator.appleAppID, parameters: generator.parameters)
        sdk.generateInviteLink(link, completion: completionHandler)
    }

    /// Logs that the user sent an invite: an ``AFEventInvite`` event with the parameters and `af_channel` set to `channel`.
    ///
    /// Sent through the SDK's ``EventRecorder`` like any event, so it is not
    /// sent while the SDK is stopped, and sent without the customer user ID
    /// while the user is anonymized.
    #if SDK7
        @_spi(SDK6)
    #endif
    public static func logInvite(_ channel: String?, parameters: [AnyHashable: Any]?) {
        log(channel, parameters)
    }

    /// The body of `logInvite(_:parameters:)` (SDK 6) and `logInvite(_:eventParameters:)` (SDK 7).
    static func log(_ channel: String?, _ parameters: [AnyHashable: Any]?) {
        var values = parameters ?? [:]
        if let channel { values["af_channel"] = channel }
        AppsFlyerLib.shared().logEvent(AFEventInvite, withValues: values)
    }
}

/// The parameters of one invite link, taken from the generator on the calling thread.
struct InviteLink: Sendable {
    let template: String?
    let domain: String
    let appleAppID: String
    let parameters: [String: String]

    /// The long link: every parameter in the query, keys in order.
    var longLink: String? {
        guard let template, !template.isEmpty else { return nil }
        let query = parameters.keys.sorted().map {
            "\(PercentEncoding.encode($0))=\(PercentEncoding.encode(parameters[$0] ?? ""))"
        }
        return "https://\(domain)/\(PercentEncoding.encode(template))?" + query.joined(separator: "&")
    }
}
