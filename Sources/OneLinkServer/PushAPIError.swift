import OneLinkSupport

/// Why a Push API endpoint or token was refused.
public enum PushAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL does not parse as an absolute `http` URL.
    case invalidURL(String)
    /// The URL's host is not a loopback address (`127.0.0.1`, `::1` or `localhost`) nor one of the
    /// allowed hosts: postbacks stay on this machine unless a host is allowed.
    case notLoopback(String)
    /// The URL is over the documented 2,048 characters.
    case urlTooLong(Int)
    /// The token header is neither `Authorization` nor an `X-` name of at most 30 characters.
    case invalidTokenName(String)
    /// The token is over 2,000 characters (`characterCount`) or has a character (`character`) other
    /// than `a-z A-Z 0-9`, space, `-`, `_` and `.`.
    case invalidToken(characterCount: Int, character: Character?)

    /// A sentence naming the problem and the rule.
    public var description: String {
        switch self {
        case .invalidURL(let url): "push URL \"\(QuotedInput.prefix(url))\" is not an absolute http:// URL"
        case .notLoopback(let host):
            "push URL host \"\(QuotedInput.prefix(host))\" is not loopback; use 127.0.0.1, ::1 or localhost, "
                + "or allow the host (a server on a network only)"
        case .urlTooLong(let count): "push URL has \(count) characters; the Push API allows 2,048"
        case .invalidTokenName(let name):
            "token header \"\(QuotedInput.prefix(name))\" must be Authorization or X- followed by at most 28 of a-z, A-Z, 0-9, - and _"
        case .invalidToken(let count, let character):
            (character.map { "token has \"\(QuotedInput.prefix(String($0)))\"; " }
                ?? "token has \(count) characters; ")
                + "a token is at most 2,000 of a-z, A-Z, 0-9, space, -, _ and ."
        }
    }
}
