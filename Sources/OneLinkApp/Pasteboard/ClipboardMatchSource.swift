public import OneLinkEmulator

/// Looks a clipboard token up for an exact match, as a deferred-link service's pasteboard match does.
///
/// Contract for conforming types:
/// - ``exactMatch(for:)`` returns the parameters of the click the token names,
///   or `nil` when no click has that token (expired or unknown). There is no
///   fuzzy matching: a token matches one click or none.
/// - Failures are thrown as ``AttributionError``. Implementations must be safe
///   to call from many tasks at once and honour cancellation.
public protocol ClipboardMatchSource: Sendable {
    /// Returns the click parameters for `token`, or `nil` when it matches no click.
    ///
    /// - Throws: ``AttributionError``.
    func exactMatch(for token: ClipboardToken) async throws -> AttributionPayload?
}
