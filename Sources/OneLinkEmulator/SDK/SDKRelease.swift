/// A release number of the real SDK, such as 6.9.0, ordered as releases are.
public struct SDKRelease: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major, minor and patch numbers.
    public var major: Int, minor: Int, patch: Int

    /// Creates a release from its three numbers.
    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `major.minor` or `major.minor.patch` (digits only); `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        self.init(numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    /// `major.minor.patch`.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// The newest SDK 6 release the emulator knows: 6.18.1 (Docs/sdk-versions.md).
    public static let newestSDK6 = SDKRelease(6, 18, 1)

    /// The newest SDK 7 release the emulator knows: 7.0.2 (Docs/sdk-versions.md).
    public static let newestSDK7 = SDKRelease(7, 0, 2)

    /// Whether the emulator knows the release: 6.0.0 to ``newestSDK6``, or 7.0.0 to ``newestSDK7``.
    ///
    /// A known release can be selected with ``AppsFlyerLib/emulatedRelease``; it changes the
    /// version the SDK reports, not its API.
    public var isKnown: Bool {
        (SDKRelease(6, 0, 0)...Self.newestSDK6).contains(self)
            || (SDKRelease(7, 0, 0)...Self.newestSDK7).contains(self)
    }

    /// Whether `lhs` is an earlier release than `rhs`.
    public static func < (lhs: SDKRelease, rhs: SDKRelease) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
