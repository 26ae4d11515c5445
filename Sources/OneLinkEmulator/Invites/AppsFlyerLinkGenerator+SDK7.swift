import Foundation

// SDK 7's names for the link generator (LinkGenerator.h 7.0); `setAppleAppID` and `setDeeplinkPath`
// have no SDK 7 counterpart.
extension AppsFlyerLinkGenerator {
    /// Sets the URL of the inviting user's avatar (`af_referrer_image_url`); SDK 6 spelled it `setReferrerImageURL`.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setReferrerImageUrl(_ referrerImageUrl: String) {
        standard["af_referrer_image_url"] = referrerImageUrl
    }

    /// Sets the base deep link (`af_dp`), such as `"myapp://"`; SDK 6 spelled it `setBaseDeeplink`.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setBaseDeepLink(_ baseDeepLink: String) {
        baseDeeplink = baseDeepLink
    }

    /// Adds custom parameters, as SDK 6's `addParameters(_:)` does; values that are not strings are written as their description.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func addUserParams(_ userParams: [AnyHashable: Any]) {
        addCustom(userParams)
    }
}
