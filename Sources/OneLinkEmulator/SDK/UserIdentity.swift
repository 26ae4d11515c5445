/// Who the user is, as the app told the SDK: it travels with every launch and conversion-data request.
///
/// Backends see it on ``LaunchRequest/identity`` and
/// ``InstallAttributionRequest/identity``; the HTTP backends send it, so
/// `onelink-replay serve` logs it.
public struct UserIdentity: Sendable, Hashable {
    /// The app's own user ID (`customerUserID`).
    public var customerUserID: String?
    /// Extra data for the raw reports (`customData`).
    public var customData: AttributionPayload?
    /// The device language the app set (`currentDeviceLanguage`).
    public var currentDeviceLanguage: String?
    /// The user's e-mail addresses as sent: SHA-256 hex digests, or as given with ``EmailCryptTypeNone``.
    public var emails: [String]
    /// How ``emails`` were hashed.
    public var emailCryptType: EmailCryptType
    /// The SHA-256 hex digest of the phone number the app set (`phoneNumber`).
    public var phoneNumberSHA256: String?
    /// Partner data by partner ID (`setPartnerData(partnerId:partnerInfo:)`).
    public var partnerData: [String: AttributionPayload]
    /// The hashed personal data SDK 7's `setUser…` calls set.
    public var pii: UserPII
    /// The `consent_data` object the requests carry: `manual` from `setConsentData(_:)`, `tcf` from the
    /// CMP's stored values while `enableTCFDataCollection(true)` is on; `nil` with neither.
    public var consentData: AttributionPayload? = nil

    /// Creates an identity; every field is empty by default.
    public init(
        customerUserID: String? = nil, customData: AttributionPayload? = nil,
        currentDeviceLanguage: String? = nil,
        emails: [String] = [], emailCryptType: EmailCryptType = EmailCryptTypeNone,
        phoneNumberSHA256: String? = nil, partnerData: [String: AttributionPayload] = [:],
        pii: UserPII = UserPII()
    ) {
        self.customerUserID = customerUserID
        self.customData = customData
        self.currentDeviceLanguage = currentDeviceLanguage
        self.emails = emails
        self.emailCryptType = emailCryptType
        self.phoneNumberSHA256 = phoneNumberSHA256
        self.partnerData = partnerData
        self.pii = pii
    }
}
