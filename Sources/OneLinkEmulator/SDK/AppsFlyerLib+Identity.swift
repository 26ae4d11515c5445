import Foundation
import OneLinkSupport

/// Parameters `appendParametersToDeeplinkURL(contains:parameters:)` adds to matching links.
struct AppendedDeepLinkParameters: Sendable, Hashable {
    let contains: String
    let parameters: [String: String]
}

extension AppsFlyerLib {
    /// The host the HTTP backends address when no `setHost(_:withHostPrefix:)` call changed it.
    public static let defaultHost = "appsflyersdk.com"

    // MARK: - Identity

    /// The app's own user ID; it travels with every launch and conversion-data request.
    public var customerUserID: String? {
        get { configuration[\.identity.customerUserID] }
        set { configuration[\.identity.customerUserID] = newValue }
    }

    /// Extra data for the raw reports; it travels with every launch and conversion-data request.
    ///
    /// A value with no JSON equivalent cannot be sent: such a dictionary is
    /// refused as a whole, with a `config.customData` debug log and an entry in
    /// ``storageErrors``-style ``configurationErrors``, and the property keeps its previous value.
    public var customData: [AnyHashable: Any]? {
        get { configuration.withLock { $0.identity.customData }?.foundationDictionary }
        set {
            guard let newValue else {
                configuration.withLock { $0.identity.customData = nil }
                return
            }
            do {
                let payload = try AttributionPayload(foundation: newValue)
                configuration.withLock { $0.identity.customData = payload }
            } catch {
                recordConfigurationError("customData was not set: \(error)")
            }
        }
    }

    /// The device language the app reports, such as `"en-GB"`; it travels with every request.
    public var currentDeviceLanguage: String? {
        get { configuration[\.identity.currentDeviceLanguage] }
        set { configuration[\.identity.currentDeviceLanguage] = newValue }
    }

    /// The currency of in-app purchase events, a three-letter ISO 4217 code such as `"USD"`.
    public var currencyCode: String? {
        get { configuration[\.currencyCode] }
        set { configuration[\.currencyCode] = newValue }
    }

    /// The OneLink template ID user-invite links are built on (`AppsFlyerLinkGenerator`).
    public var appInviteOneLinkID: String? {
        get { configuration[\.appInviteOneLinkID] }
        set { configuration[\.appInviteOneLinkID] = newValue }
    }

    /// The user's phone number, sent as its SHA-256 digest with every request; the header makes it write-only.
    ///
    /// Deprecated in SDK 7.0.1 (the dev hub's reference), not removed: use `setUserPhone(countryCode:phoneNumber:)`.
    #if SDK7
        @available(*, deprecated, message: "Deprecated in v7.0.1: use setUserPhone(countryCode:phoneNumber:)")
    #endif
    public var phoneNumber: String? {
        @available(*, unavailable, message: "the real SDK's phoneNumber can only be set")
        get { nil }
        set {
            let digest = newValue.map { SHA256.hexDigest(of: Array($0.utf8)) }
            configuration.withLock { $0.identity.phoneNumberSHA256 = digest }
        }
    }

    /// The identity every request carries, as the backends see it.
    ///
    /// Emulator only: the real SDK does not expose it.
    public var identity: UserIdentity { configuration[\.identity] }

    /// Sets the user's e-mail addresses, hashed as `type` says, for every later request.
    ///
    /// ``EmailCryptTypeSHA256`` sends each address as its lowercase hexadecimal
    /// SHA-256 digest; ``EmailCryptTypeNone`` sends them as given. SHA-1 and MD5
    /// are listed by the header but not emulated: such addresses are sent as
    /// given with the type recorded, and a `config.userEmails` debug log says so.
    /// Deprecated in SDK 7.0.1 (the dev hub's reference), not removed: use `setUserEmail(_:)`.
    #if SDK7
        @available(*, deprecated, message: "Deprecated in v7.0.1: use setUserEmail(_:)")
    #endif
    public func setUserEmails(_ userEmails: [String]?, with type: EmailCryptType) {
        let emails = userEmails ?? []
        let sent: [String]
        switch type {
        case EmailCryptTypeSHA256: sent = emails.map { SHA256.hexDigest(of: Array($0.utf8)) }
        case EmailCryptTypeNone: sent = emails
        default:
            debug(
                .configUserEmails,
                "crypt type \(type.rawValue) is not emulated; addresses recorded as given")
            sent = emails
        }
        configuration.withLock {
            $0.identity.emails = sent
            $0.identity.emailCryptType = type
        }
    }

    /// Sets the data shared with one partner; `nil` data removes that partner's entry.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func setPartnerData(partnerId: String?, partnerInfo: [String: Any]?) {
        storePartnerData(partnerId: partnerId, data: partnerInfo)
    }

    /// The body of `setPartnerData(partnerId:partnerInfo:)` (SDK 6) and `setPartnerData(partnerId:data:)` (SDK 7).
    func storePartnerData(partnerId: String?, data partnerInfo: [String: Any]?) {
        guard let partnerId, !partnerId.isEmpty else {
            recordConfigurationError("setPartnerData needs a partner ID; the data was not set")
            return
        }
        guard let partnerInfo else {
            configuration.withLock { $0.identity.partnerData[partnerId] = nil }
            return
        }
        do {
            let payload = try AttributionPayload(foundation: partnerInfo as [AnyHashable: Any])
            configuration.withLock { $0.identity.partnerData[partnerId] = payload }
        } catch {
            recordConfigurationError("partner data for \(partnerId) was not set: \(error)")
        }
    }

    /// Configuration calls the emulator refused, oldest first (at most ``storageErrorLimit``).
    ///
    /// Emulator only: the real SDK ignores such input silently.
    public var configurationErrors: [String] { engine.flags[\.facade.configurationErrors].elements }

    func recordConfigurationError(_ message: String) {
        debug(.configRefused, message)
        engine.flags.withLock { $0.facade.configurationErrors.append(message) }
    }
}
