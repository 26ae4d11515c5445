/// The result a ``DeepLinkDelegate`` receives.
public final class DeepLinkResult: Sendable {
    /// Whether a deep link was found, not found, or resolution failed.
    public let status: DeepLinkResultStatus
    /// The deep link, when ``status`` is ``DeepLinkResultStatus/found``.
    public let deepLink: DeepLink?
    /// The typed error, when ``status`` is ``DeepLinkResultStatus/failure``.
    public let attributionError: AttributionError?

    /// Creates a result.
    public init(status: DeepLinkResultStatus, deepLink: DeepLink? = nil, error: AttributionError? = nil) {
        self.status = status
        self.deepLink = deepLink
        self.attributionError = error
    }

    /// The error, when ``status`` is ``DeepLinkResultStatus/failure``, as the SDK's `Error?`.
    public var error: (any Error)? { attributionError }

    /// A found result.
    public static func found(_ deepLink: DeepLink) -> DeepLinkResult {
        DeepLinkResult(status: .found, deepLink: deepLink)
    }

    /// A not-found result.
    public static var notFound: DeepLinkResult { DeepLinkResult(status: .notFound) }

    /// A failed result.
    public static func failure(_ error: AttributionError) -> DeepLinkResult {
        DeepLinkResult(status: .failure, error: error)
    }
}

extension DeepLinkResult: Equatable {
    /// Results are equal when status, error and click event (and deferral) match.
    public static func == (lhs: DeepLinkResult, rhs: DeepLinkResult) -> Bool {
        lhs.status == rhs.status && lhs.attributionError == rhs.attributionError
            && lhs.deepLink?.clickEventPayload == rhs.deepLink?.clickEventPayload
            && lhs.deepLink?.isDeferred == rhs.deepLink?.isDeferred
    }
}

extension DeepLinkResult: CustomStringConvertible {
    /// The status, followed by the deep link or the error.
    public var description: String {
        switch status {
        case .found: return "FOUND \(deepLink?.toString() ?? "")"
        case .notFound: return "NOT_FOUND"
        case .failure: return "FAILURE \(attributionError?.explanation ?? "")"
        }
    }
}
