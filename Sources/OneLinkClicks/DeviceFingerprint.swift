public import OneLinkEmulator

/// The device signals a click and a first launch share: IP address, model, OS version and language.
///
/// The attribution service falls back to these when no advertising ID ties a
/// click to an install. Two fingerprints ``matches(_:)`` when:
///
/// - the IP addresses are equal (IPv6 compared case-insensitively);
/// - the model families are equal: `iPhone` matches `iPhone15,2` and
///   `iPhone`, but not `iPad` (a browser names the family, the SDK may name
///   the hardware);
/// - the OS versions agree on major and minor (`17.4` matches `17.4.1`);
///   an empty version on either side is not compared;
/// - the languages are equal ignoring case; an empty language on either side
///   is not compared.
public struct DeviceFingerprint: Sendable, Hashable {
    /// The public IP address.
    public var ipAddress: String
    /// The device model, such as `iPhone`.
    public var model: String
    /// The OS version, such as `17.4`.
    public var osVersion: String
    /// The preferred language, such as `en-US`; empty when unknown.
    public var language: String

    /// Creates a fingerprint from its parts.
    public init(ipAddress: String, model: String, osVersion: String, language: String) {
        self.ipAddress = ipAddress
        self.model = model
        self.osVersion = osVersion
        self.language = language
    }

    /// The fingerprint a first launch reports.
    public init(device: DeviceInfo) {
        self.init(
            ipAddress: device.ipAddress, model: device.model, osVersion: device.osVersion,
            language: device.language)
    }

    /// The fingerprint a click reveals; `acceptLanguage` beats the user agent's own language.
    public init(userAgent: UserAgent, ipAddress: String, acceptLanguage: String? = nil) {
        let language = acceptLanguage.flatMap(LanguageTag.preferred(acceptLanguage:)) ?? userAgent.language
        self.init(
            ipAddress: ipAddress, model: userAgent.deviceModel, osVersion: userAgent.osVersion,
            language: language ?? "")
    }

    /// Whether this fingerprint and `other` describe the same device, by the rules above.
    public func matches(_ other: DeviceFingerprint) -> Bool {
        guard !ipAddress.isEmpty, ipAddress.lowercased() == other.ipAddress.lowercased() else { return false }
        guard Self.family(of: model) == Self.family(of: other.model) else { return false }
        if !osVersion.isEmpty, !other.osVersion.isEmpty,
            !Self.sameMajorMinor(osVersion, other.osVersion)
        {
            return false
        }
        if !language.isEmpty, !other.language.isEmpty, language.lowercased() != other.language.lowercased() {
            return false
        }
        return true
    }

    /// `iPhone15,2` → `iphone`; other models lowercased as they are.
    static func family(of model: String) -> String {
        let lowered = model.lowercased()
        for family in ["iphone", "ipad", "ipod"] where lowered.hasPrefix(family) {
            let rest = lowered.dropFirst(family.count)
            if rest.isEmpty || rest.first?.isNumber == true || rest.first == " " { return family }
        }
        return lowered
    }

    /// Whether two versions agree on their first two `.`-separated parts, a missing minor being `0`.
    static func sameMajorMinor(_ left: String, _ right: String) -> Bool {
        switch (majorMinor(left), majorMinor(right)) {
        case (nil, nil): return true
        case (let left?, let right?): return left.major == right.major && left.minor == right.minor
        default: return false
        }
    }

    /// The first two non-empty `.`-separated parts, the minor `0` when there is one part.
    ///
    /// `nil` when there is none. Slices of the text: a comparison allocates nothing.
    static func majorMinor(_ version: String) -> (major: Substring, minor: Substring)? {
        var rest = version[...]
        var major: Substring?
        while !rest.isEmpty {
            let end = rest.firstIndex(of: ".") ?? rest.endIndex
            let part = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            guard !part.isEmpty else { continue }
            guard let major else {
                major = part
                continue
            }
            return (major, part)
        }
        return major.map { ($0, "0") }
    }
}
