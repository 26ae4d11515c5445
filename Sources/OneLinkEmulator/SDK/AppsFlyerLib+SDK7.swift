public import Foundation
import OneLinkSupport

// The AppsFlyer iOS SDK 7 surface (AppsFlyerLib.h 7.0). With the package's `SDK7` trait these are
// public; without it they are `@_spi(SDK7)`, so SDK 6 handler code cannot reach them by accident
// while the emulator's own tests and replay (`@_spi(SDK7) import OneLinkEmulator`) still can.
extension AppsFlyerLib {
    /// The version SDK 7's `getSdkVersion()` reports: the 7.0.x release whose surface the emulator follows (Docs/sdk-versions.md).
    public static let emulatedSDK7Version = "7.0.1"

    // MARK: - Session readiness

    /// Sets the dev key and Apple app ID, once, before any other SDK call: SDK 7's replacement for assigning them.
    ///
    /// The session-ready listener waits until both are set.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func initialize(devKey: String, appId: String) {
        setCredentials(devKey: devKey, appID: appId)
    }

    /// Registers the block the SDK calls, on the main queue, when it is ready for ``start()``: once per foreground cycle and again on each `didBecomeActive` inside one.
    ///
    /// The block fires once the dev key and app ID are set and every link
    /// handed over before it (the cold-start link from
    /// ``handleLaunchOptions(_:)``, a warm one from
    /// ``continue(_:restorationHandler:)``) has been resolved, or after
    /// ``sessionReadyTimeLimit`` on the SDK's clock if they take longer. Call
    /// `start()` inside it: the SDK does not start by itself. Registering again
    /// replaces the block; one that already fired for this `didBecomeActive` does
    /// not fire again until the next one. A listener registered after `start()` never fires.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func registerSessionReadyListener(_ listener: @escaping () -> Void) {
        engine.setSessionReadyListener(listener)
    }

    /// Removes the session-ready listener; a no-op without one.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func unregisterSessionReadyListener() {
        engine.removeSessionReadyListener()
    }

    /// Whether the session-ready listener has been called in the current foreground cycle; `false` until its body runs.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func isSessionReady() -> Bool {
        engine.sessionReadyThisCycle
    }

    /// Hands the cold-start universal link in `launchOptions` to the SDK; call it before ``registerSessionReadyListener(_:)``.
    ///
    /// The link is resolved (``AppsFlyerDeepLinkDelegate/didResolveDeepLink(_:)``)
    /// before the listener fires; the `continue(_:restorationHandler:)` iOS
    /// makes for the same link is then not handled a second time. Launch
    /// options without a universal link are a no-op.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func handleLaunchOptions(_ launchOptions: [AnyHashable: Any]?) {
        engine.acceptLaunchOptions(launchOptions)
    }

    /// Handles a URL from SwiftUI's `onOpenURL`: an `https` URL as a universal link, any other scheme as ``handleOpen(_:options:)`` would.
    ///
    /// A `nil` URL is reported through the failure callback as an empty link.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func handleUniversalLink(_ url: URL?) {
        engine.enqueue(.action(.universalLink(url?.absoluteString ?? "")))
    }

    // MARK: - Renamed calls

    /// The emulated SDK's version: ``emulatedRelease`` when a test selected one, else ``emulatedSDK7Version``.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func getSdkVersion() -> String { reportedSDKVersion(default: Self.emulatedSDK7Version) }

    /// Appends `parameters` to every later link whose text contains `contains`, before it is resolved.
    ///
    /// SDK 7's name for SDK 6's `appendParametersToDeeplinkURL(contains:parameters:)`; same behaviour.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func appendParametersToDeepLinkingURL(contains: String, parameters: [String: String]) {
        appendParameters(contains: contains, parameters: parameters)
    }

    /// Sets the data shared with one partner; `nil` data removes that partner's entry.
    ///
    /// SDK 7's label for SDK 6's `setPartnerData(partnerId:partnerInfo:)`; same behaviour.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setPartnerData(partnerId: String?, data: [String: Any]?) {
        storePartnerData(partnerId: partnerId, data: data)
    }

    /// Points the SDK's requests at another host: the prefix comes first, the host name second.
    ///
    /// The argument order is the reverse of SDK 6's `setHost(_:withHostPrefix:)`.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setHost(_ hostPrefixName: String, hostName: String) {
        setHostAndPrefix(host: hostName, prefix: hostPrefixName)
    }

    // MARK: - Hashed PII

    /// Sets the user's e-mail address, sent as the SHA-256 digest of its trimmed, lowercased text (`email_hashed`).
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setUserEmail(_ email: String) {
        setHashedPII(.email, UserPII.normalizedEmail(email))
    }

    /// Sets the user's phone number, sent as two SHA-256 digests: digits only without leading zeros, and `+` with the country code.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setUserPhone(countryCode: String, phoneNumber: String) {
        let (national, e164) = UserPII.normalizedPhone(countryCode: countryCode, phoneNumber: phoneNumber)
        setHashedPII(.phone, national)
        setHashedPII(.phoneE164, e164)
    }

    /// Sets the user's first name, sent as the SHA-256 digest of its trimmed, lowercased text (`first_name_hashed`).
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setUserFirstName(_ firstName: String) {
        setHashedPII(.firstName, UserPII.normalizedName(firstName))
    }

    /// Sets the user's last name, sent as the SHA-256 digest of its trimmed, lowercased text (`last_name_hashed`).
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setUserLastName(_ lastName: String) {
        setHashedPII(.lastName, UserPII.normalizedName(lastName))
    }

    /// Sets the user's Facebook app-scoped ID, sent as is (`fb_login_id`); 0 clears it.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func setUserFbLoginId(_ fbLoginId: Int64) {
        configuration.withLock { $0.identity.pii.fbLoginID = fbLoginId == 0 ? nil : fbLoginId }
    }

    /// Clears every value the `setUser…` calls set.
    #if !SDK7
        @_spi(SDK7)
    #endif
    public func clearUserPii() {
        configuration.withLock { $0.identity.pii = UserPII() }
    }

    // MARK: - Purchases

    /// Validates a purchase with the ``PurchaseValidator`` and, when it is valid, logs an ``AFEventPurchase`` event.
    ///
    /// SDK 7's replacement for the six-argument `validateAndLog(inAppPurchase:…)`,
    /// with the same validation and event. `completion` receives the
    /// validator's response, or an error: ``AttributionError/developerError(_:)``
    /// for an empty product or transaction ID (nothing is sent), the
    /// validator's failure, or ``AttributionError/unexpected(_:)`` with the
    /// response when the store did not confirm the purchase. It is called on
    /// the delivery queue. Public in both surfaces: 6.17.2 added it (the purchase connector's
    /// `AFSDKPurchaseDetails` form, generally available in 6.17.8), and 7.0 kept it.
    public func validateAndLogInAppPurchase(
        purchaseDetails: AFSDKPurchaseDetails, purchaseAdditionalDetails: [AnyHashable: Any]?,
        completion: @escaping ([AnyHashable: Any]?, (any Error)?) -> Void
    ) {
        var additional = purchaseAdditionalDetails ?? [:]
        if let purchaseType = purchaseDetails.givenPurchaseType {
            additional["af_purchase_type"] = purchaseType.name
        }
        let blocks = PurchaseBlocks(
            success: { completion($0, nil) },
            failure: { error, response in
                completion(
                    response as? [AnyHashable: Any],
                    error ?? AttributionError.unexpected("the store did not confirm the purchase"))
            })
        let missing = [
            purchaseDetails.productId.isEmpty ? "productId" : nil,
            purchaseDetails.transactionId.isEmpty ? "transactionId" : nil,
        ].compactMap { $0 }
        queuePurchaseValidation(
            productIdentifier: purchaseDetails.productId, price: nil, currency: currencyCode,
            transactionID: purchaseDetails.transactionId, additionalParameters: additional, blocks: blocks,
            refusal: missing.isEmpty
                ? nil
                : .developerError(
                    "AFSDKPurchaseDetails needs a non-empty \(missing.joined(separator: " and ")); nothing was sent"
                ))
    }

    // MARK: - Foreground cycles (emulator only)

    /// Plays the app going to the background: the SDK 7 session-ready listener resets, so it fires again in the next foreground cycle.
    ///
    /// Emulator only: on a device the SDK observes `UIApplication`'s
    /// notifications. SDK 6 code never needs it.
    public func simulateDidEnterBackground() {
        engine.enterBackground()
    }

    /// Plays the app becoming active again after ``simulateDidEnterBackground()``: a new foreground cycle begins.
    ///
    /// The listener fires once in it, after the links handed over before this
    /// call. While the app is already in the foreground (it is at launch), this
    /// plays an alert closing: SDK 7.0.1 was seen calling the listener again
    /// on such a `didBecomeActive` (Docs/behaviour.md, rule 21).
    public func simulateDidBecomeActive() {
        engine.becomeActive()
    }
}
