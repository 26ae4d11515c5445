/// How an install was tied to a click: the `match_type` of conversion data and deferred deep links.
///
/// The set is open; the service documents more values than the emulator
/// produces. Make a new one with ``init(rawValue:)``.
public struct MatchType: RawRepresentable, Sendable, Hashable {
    /// The wire value, such as `probabilistic`.
    public var rawValue: String

    /// Creates a match type from its wire value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The click and the install carry the same device or advertising ID.
    public static let idMatching = MatchType(rawValue: "id_matching")
    /// The click and the install share a fingerprint (IP, model, OS version, language) within a short window.
    public static let probabilistic = MatchType(rawValue: "probabilistic")
    /// A self-reporting network (such as Meta or Google Ads) claimed the install by its own ID match.
    public static let srn = MatchType(rawValue: "srn")
}

extension MatchType: CustomStringConvertible {
    /// The wire value.
    public var description: String { rawValue }
}
