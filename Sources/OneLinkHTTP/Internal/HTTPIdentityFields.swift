import OneLinkEmulator

/// How the HTTP backends send a ``UserIdentity``: query items named as AppsFlyer's raw data names them.
enum HTTPIdentityFields {
    /// The identity's query items; empty fields are left out.
    static func query(_ identity: UserIdentity) -> [(String, String)] {
        var items: [(String, String)] = []
        if let customerUserID = identity.customerUserID { items.append(("customer_user_id", customerUserID)) }
        if let customData = identity.customData { items.append(("custom_data", customData.jsonText())) }
        if let language = identity.currentDeviceLanguage {
            items.append(("current_device_language", language))
        }
        if !identity.emails.isEmpty {
            items.append(("user_emails", identity.emails.joined(separator: ",")))
            items.append(("email_crypt_type", String(identity.emailCryptType.rawValue)))
        }
        if let phone = identity.phoneNumberSHA256 { items.append(("phone_sha256", phone)) }
        items.append(contentsOf: identity.pii.queryItems)
        if !identity.partnerData.isEmpty {
            let partners = AttributionPayload(identity.partnerData.mapValues { .object($0.values) })
            items.append(("partner_data", partners.jsonText()))
        }
        if let consentData = identity.consentData { items.append(("consent_data", consentData.jsonText())) }
        return items
    }
}
