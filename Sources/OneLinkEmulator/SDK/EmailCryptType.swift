/// How `setUserEmails(_:with:)` hashes e-mail addresses, as the header's C enum imports into Swift.
///
/// The real header declares a plain C enum, which Swift imports as this
/// struct with the global constants ``EmailCryptTypeNone``,
/// ``EmailCryptTypeSHA1``, ``EmailCryptTypeMD5`` and ``EmailCryptTypeSHA256``.
public struct EmailCryptType: RawRepresentable, Sendable, Hashable {
    /// The C enum's value.
    public var rawValue: UInt32

    /// Creates a type from the C enum's value.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Creates a type from the C enum's value.
    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }
}

/// E-mail addresses are sent as they are.
public let EmailCryptTypeNone = EmailCryptType(0)
/// SHA-1 (the header lists it; the emulator hashes with SHA-256 only and records this type as given).
public let EmailCryptTypeSHA1 = EmailCryptType(1)
/// MD5 (the header lists it; the emulator hashes with SHA-256 only and records this type as given).
public let EmailCryptTypeMD5 = EmailCryptType(2)
/// E-mail addresses are sent as lowercase hexadecimal SHA-256 digests.
public let EmailCryptTypeSHA256 = EmailCryptType(3)
