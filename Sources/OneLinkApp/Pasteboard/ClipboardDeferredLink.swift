import Foundation
import OneLinkEmulator

/// A pasteboard hand-off for deferred deep links: an exact match instead of a probabilistic one.
///
/// The web page a user taps before installing copies a ``ClipboardToken`` to
/// the pasteboard. On the app's first launch, ``resolve(isFirstLaunch:)``
/// reads the pasteboard, looks the token up through a ``ClipboardMatchSource``,
/// and clears the token so no later launch (or other app) sees it:
///
/// - Not the first launch: does nothing, not even read the pasteboard (each
///   read shows a paste banner on iOS 14+).
/// - No text with the prefix: leaves the pasteboard alone (it is the user's).
/// - Garbled token, no match, or a match: clears the pasteboard, but only when
///   nothing changed it since it was read.
/// - Lookup failure: leaves the token in place.
public struct ClipboardDeferredLink: Sendable {
    /// The pasteboard to read.
    public var pasteboard: any Pasteboard
    /// Where tokens are looked up.
    public var matchSource: any ClipboardMatchSource
    /// The prefix that marks pasteboard text as a token.
    public var prefix: String

    /// Creates a hand-off reader.
    public init(
        pasteboard: any Pasteboard, matchSource: any ClipboardMatchSource,
        prefix: String = ClipboardToken.defaultPrefix
    ) {
        self.pasteboard = pasteboard
        self.matchSource = matchSource
        self.prefix = prefix
    }

    /// Checks the pasteboard for a token on the first launch.
    ///
    /// The pasteboard's string is used, or else its URL's text; surrounding whitespace is ignored.
    public func resolve(isFirstLaunch: Bool) async -> ClipboardDeferredLinkResult {
        guard isFirstLaunch else { return .skippedNotFirstLaunch }
        let changeCount = pasteboard.changeCount
        let contents = pasteboard.contents()
        guard let raw = contents.string ?? contents.url?.absoluteString else { return .noToken }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !prefix.isEmpty, text.hasPrefix(prefix) else { return .noToken }
        let token: ClipboardToken
        do {
            token = try ClipboardToken(value: String(text.dropFirst(prefix.count)))
        } catch {
            pasteboard.setContents(.empty, ifChangeCountIs: changeCount)
            return .malformedToken(text: text, error: error)
        }
        let match: AttributionPayload?
        do {
            match = try await matchSource.exactMatch(for: token)
        } catch {
            return .lookupFailed(token, AttributionError(wrapping: error))
        }
        pasteboard.setContents(.empty, ifChangeCountIs: changeCount)
        guard let match else { return .notFound(token) }
        return .matched(token, match)
    }
}
