public import OneLinkEmulator

/// What a clipboard deferred-link check found.
public enum ClipboardDeferredLinkResult: Sendable, Hashable {
    /// Not the first launch: the pasteboard was not read.
    case skippedNotFirstLaunch
    /// The pasteboard held no text with the token prefix; it was left untouched.
    case noToken
    /// The pasteboard text had the prefix but a garbled token; the text was cleared.
    case malformedToken(text: String, error: ClipboardTokenError)
    /// The token matched no click; it was cleared.
    case notFound(ClipboardToken)
    /// The token matched a click; it was cleared.
    case matched(ClipboardToken, AttributionPayload)
    /// The lookup failed; the token was left on the pasteboard.
    case lookupFailed(ClipboardToken, AttributionError)
}
