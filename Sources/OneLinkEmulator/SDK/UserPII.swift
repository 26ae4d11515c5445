import Foundation
import OneLinkSupport

/// The hashed personal data SDK 7's `setUser…` calls set: each value as its lowercase hexadecimal SHA-256 digest.
///
/// It travels with every request on ``UserIdentity/pii``; the HTTP backends
/// send it under the header's field names (`email_hashed`,
/// `phone_number_hashed`, `phone_number_e164_hashed`, `first_name_hashed`,
/// `last_name_hashed`, `fb_login_id`). `clearUserPii()` empties it.
public struct UserPII: Sendable, Hashable {
    /// `email_hashed`: the digest of the trimmed, lowercased address.
    public var emailSHA256: String?
    /// `phone_number_hashed`: the digest of the number's digits, leading zeros stripped.
    public var phoneSHA256: String?
    /// `phone_number_e164_hashed`: the digest of `+`, the country code's digits and the number's.
    public var phoneE164SHA256: String?
    /// `first_name_hashed`: the digest of the trimmed, lowercased first name.
    public var firstNameSHA256: String?
    /// `last_name_hashed`: the digest of the trimmed, lowercased last name.
    public var lastNameSHA256: String?
    /// `fb_login_id`: the Facebook app-scoped ID, not hashed; `nil` when unset or set to 0.
    public var fbLoginID: Int64?

    /// Creates an empty set of values.
    public init() {}

    /// Whether no value is set.
    public var isEmpty: Bool { self == UserPII() }

    enum Field {
        case email, phone, phoneE164, firstName, lastName
    }

    /// Stores the digest of `normalized`, or clears the field when it is empty.
    mutating func set(_ field: Field, normalized: String) {
        let digest = normalized.isEmpty ? nil : SHA256.hexDigest(of: Array(normalized.utf8))
        switch field {
        case .email: emailSHA256 = digest
        case .phone: phoneSHA256 = digest
        case .phoneE164: phoneE164SHA256 = digest
        case .firstName: firstNameSHA256 = digest
        case .lastName: lastNameSHA256 = digest
        }
    }

    // The header says values are "normalized" without saying how; trimming and lowercasing is the
    // usual rule for hashed e-mail and name matching, and is what the emulator assumes.
    static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func normalizedName(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The two phone forms the header describes: digits without leading zeros, and `+` with the country code.
    static func normalizedPhone(countryCode: String, phoneNumber: String) -> (national: String, e164: String)
    {
        let national = String(phoneNumber.filter(\.isASCIIDigit).drop { $0 == "0" })
        let country = String(countryCode.filter(\.isASCIIDigit).drop { $0 == "0" })
        return (national, national.isEmpty ? "" : "+" + country + national)
    }

    /// The query items the HTTP backends send; unset fields are left out.
    package var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let emailSHA256 { items.append(("email_hashed", emailSHA256)) }
        if let phoneSHA256 { items.append(("phone_number_hashed", phoneSHA256)) }
        if let phoneE164SHA256 { items.append(("phone_number_e164_hashed", phoneE164SHA256)) }
        if let firstNameSHA256 { items.append(("first_name_hashed", firstNameSHA256)) }
        if let lastNameSHA256 { items.append(("last_name_hashed", lastNameSHA256)) }
        if let fbLoginID { items.append(("fb_login_id", String(fbLoginID))) }
        return items
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension AppsFlyerLib {
    func setHashedPII(_ field: UserPII.Field, _ normalized: String) {
        configuration.withLock { $0.identity.pii.set(field, normalized: normalized) }
    }
}
