/// Why a link cannot be turned into a deep-link payload.
public enum LinkError: Error, Sendable, Hashable {
    /// The text is empty or only whitespace.
    case empty
    /// The link is longer than the parser's limit, in UTF-8 bytes.
    case tooLong(length: Int, limit: Int)
    /// The text has no `scheme:` prefix, or the scheme has characters RFC 3986 forbids.
    case missingScheme(String)
    /// An `http` or `https` link has no host.
    case missingHost(String)
    /// The link contains whitespace or control characters that no browser would send.
    case invalidCharacters(String)
    /// The link is a web link on a host that is neither a OneLink domain nor a configured custom domain.
    case notOneLink(host: String)
}

extension LinkError: CustomStringConvertible {
    /// A one-line explanation of the problem.
    public var description: String {
        switch self {
        case .empty:
            return "the link is empty"
        case .tooLong(let length, let limit):
            return "the link is \(length) bytes long; the limit is \(limit) bytes"
        case .missingScheme(let link):
            return "the link has no valid scheme: \(Self.abbreviate(link))"
        case .missingHost(let link):
            return "the web link has no host: \(Self.abbreviate(link))"
        case .invalidCharacters(let link):
            return "the link contains whitespace or control characters: \(Self.abbreviate(link))"
        case .notOneLink(let host):
            return "\(host) is not a OneLink domain (*.onelink.me) or a configured custom domain"
        }
    }

    package static func abbreviate(_ text: String) -> String {
        text.count <= 120 ? text : String(text.prefix(117)) + "..."
    }
}
