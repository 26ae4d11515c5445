/// The outcome of a unified deep-link resolution.
public enum DeepLinkResultStatus: UInt, Sendable, Hashable, CaseIterable {
    /// No deep link: not a OneLink, or no deferred click matched.
    case notFound = 0
    /// A deep link was found; see ``DeepLinkResult/deepLink``.
    case found = 1
    /// Resolution failed; see ``DeepLinkResult/error``.
    case failure = 2
}

extension DeepLinkResultStatus: CustomStringConvertible {
    /// The status name as the SDK logs it: `NOT_FOUND`, `FOUND` or `FAILURE`.
    public var description: String {
        switch self {
        case .notFound: return "NOT_FOUND"
        case .found: return "FOUND"
        case .failure: return "FAILURE"
        }
    }
}
