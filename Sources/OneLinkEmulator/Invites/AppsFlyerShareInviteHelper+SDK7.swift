public import Foundation

// SDK 7's names for the invite helper (AppsFlyerShareInviteHelper.h 7.0); see AppsFlyerLib+SDK7.swift
// for why they are `@_spi(SDK7)` without the trait.
extension AppsFlyerShareInviteHelper {
    /// Builds an invite link as SDK 6's `generateInviteUrl` does; the handler also receives an error when there is no link.
    ///
    /// Without `appInviteOneLinkID` the handler receives `nil` and
    /// ``AttributionError/developerError(_:)``; otherwise the link and `nil`.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public static func generateInviteLink(
        linkGenerator: (AppsFlyerLinkGenerator) -> AppsFlyerLinkGenerator,
        completionHandler: @escaping (URL?, (any Error)?) -> Void
    ) {
        generate(linkGenerator: linkGenerator) { url in
            completionHandler(
                url,
                url == nil
                    ? AttributionError.developerError("appInviteOneLinkID is not set; no invite link") : nil)
        }
    }

    /// Logs that the user sent an invite, as SDK 6's `logInvite(_:parameters:)` does: an ``AFEventInvite`` event with `af_channel`.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public static func logInvite(_ channel: String?, eventParameters: [AnyHashable: Any]?) {
        log(channel, eventParameters)
    }
}
