/// Who the user is, as the app told the SDK: it travels with every launch and conversion-data request.
///
/// Backends see it on ``LaunchRequest/identity`` and
/// ``InstallAttributionRequest/identity``; the HTTP backends send it, so
/// `onelink-replay serve` logs it.
public struct UserIdentity: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: a copy is one retain, a change a new box.
    private var storage: SharedFields<Fields>

    /// The app's own user ID (`customerUserID`).
    public var customerUserID: String? {
        get { storage.fields.customerUserID }
        set { storage.update { $0.customerUserID = newValue } }
    }
    /// Extra data for the raw reports (`customData`).
    public var customData: AttributionPayload? {
        get { storage.fields.customData }
        set { storage.update { $0.customData = newValue } }
    }
    /// The device language the app set (`currentDeviceLanguage`).
    public var currentDeviceLanguage: String? {
        get { storage.fields.currentDeviceLanguage }
        set { storage.update { $0.currentDeviceLanguage = newValue } }
    }
    /// The user's e-mail addresses as sent: SHA-256 hex digests, or as given with ``EmailCryptTypeNone``.
    public var emails: [String] {
        get { storage.fields.emails }
        set { storage.update { $0.emails = newValue } }
    }
    /// How ``emails`` were hashed.
    public var emailCryptType: EmailCryptType {
        get { storage.fields.emailCryptType }
        set { storage.update { $0.emailCryptType = newValue } }
    }
    /// The SHA-256 hex digest of the phone number the app set (`phoneNumber`).
    public var phoneNumberSHA256: String? {
        get { storage.fields.phoneNumberSHA256 }
        set { storage.update { $0.phoneNumberSHA256 = newValue } }
    }
    /// Partner data by partner ID (`setPartnerData(partnerId:partnerInfo:)`).
    public var partnerData: [String: AttributionPayload] {
        get { storage.fields.partnerData }
        set { storage.update { $0.partnerData = newValue } }
    }
    /// The hashed personal data SDK 7's `setUser…` calls set.
    public var pii: UserPII {
        get { storage.fields.pii }
        set { storage.update { $0.pii = newValue } }
    }
    /// The `consent_data` object the requests carry: `manual` from `setConsentData(_:)`, `tcf` from the
    /// CMP's stored values while `enableTCFDataCollection(true)` is on; `nil` with neither.
    public var consentData: AttributionPayload? {
        get { storage.fields.consentData }
        set { storage.update { $0.consentData = newValue } }
    }

    /// Creates an identity; every field is empty by default.
    public init(
        customerUserID: String? = nil, customData: AttributionPayload? = nil,
        currentDeviceLanguage: String? = nil,
        emails: [String] = [], emailCryptType: EmailCryptType = EmailCryptTypeNone,
        phoneNumberSHA256: String? = nil, partnerData: [String: AttributionPayload] = [:],
        pii: UserPII = UserPII()
    ) {
        // Most identities are empty (every SDK starts with one): they share one box.
        if customerUserID == nil && customData == nil && currentDeviceLanguage == nil && emails.isEmpty
            && emailCryptType == EmailCryptTypeNone && phoneNumberSHA256 == nil && partnerData.isEmpty
            && pii.isEmpty
        {
            storage = Self.defaults
            return
        }
        storage = SharedFields(
            Fields(
                customerUserID: customerUserID, customData: customData,
                currentDeviceLanguage: currentDeviceLanguage, emails: emails, emailCryptType: emailCryptType,
                phoneNumberSHA256: phoneNumberSHA256, partnerData: partnerData, pii: pii))
    }

    /// The box of the default values, shared by every value made with them.
    private static let defaults = SharedFields(Fields())

    /// The stored values.
    private struct Fields: Hashable, Sendable {
        var customerUserID: String? = nil
        var customData: AttributionPayload? = nil
        var currentDeviceLanguage: String? = nil
        var emails: [String] = []
        var emailCryptType: EmailCryptType = EmailCryptTypeNone
        var phoneNumberSHA256: String? = nil
        var partnerData: [String: AttributionPayload] = [:]
        var pii: UserPII = UserPII()
        var consentData: AttributionPayload? = nil
    }
}

extension UserIdentity: CustomReflectable {
    /// The fields, as the mirror of a struct with them stored would show them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "customerUserID": customerUserID as Any, "customData": customData as Any,
                "currentDeviceLanguage": currentDeviceLanguage as Any, "emails": emails,
                "emailCryptType": emailCryptType, "phoneNumberSHA256": phoneNumberSHA256 as Any,
                "partnerData": partnerData, "pii": pii, "consentData": consentData as Any,
            ],
            displayStyle: .struct)
    }
}
