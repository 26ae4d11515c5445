public import Foundation

/// An ``AttributionError`` as an `NSError` in its own ``AttributionError/domain``, for the cases the real SDK reports outside `com.appsflyer.sdk.network`.
///
/// Its domain, code and `NSLocalizedDescription` are the real SDK's, so it
/// prints as the SDK's error does; ``attributionError`` keeps the typed
/// error, which ``AttributionError/init(wrapping:)`` returns.
///
/// Thread safety: `@unchecked Sendable` restates `NSError`'s own conformance,
/// as a subclass must; it is safe because the one stored property,
/// `attributionError`, is an immutable `Sendable` value.
public final class AttributionNSError: NSError, @unchecked Sendable {
    /// The typed error.
    public let attributionError: AttributionError

    /// Wraps `error` with its real domain, code and description.
    public init(_ error: AttributionError) {
        attributionError = error
        super.init(
            domain: error.domain, code: error.errorCode,
            userInfo: [NSLocalizedDescriptionKey: error.localizedText])
    }

    /// The real SDK's `NSError` text, the same on every platform (``AttributionError/description``).
    public override var description: String { attributionError.description }

    /// Not supported: the typed error cannot be decoded.
    public required init?(coder: NSCoder) {
        return nil
    }
}
