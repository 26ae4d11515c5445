import OneLinkEmulator

/// Why pasteboard text that starts with the clipboard-token prefix is not a valid token.
public enum ClipboardTokenError: Error, Sendable, Hashable {
    /// Nothing follows the prefix.
    case empty
    /// The token is shorter than ``ClipboardToken/minimumLength``.
    case tooShort(length: Int)
    /// The token is longer than ``ClipboardToken/maximumLength``.
    case tooLong(length: Int)
    /// The token holds a character outside `A-Z a-z 0-9 - _`, at this zero-based offset.
    case invalidCharacter(Character, offset: Int)
}

extension ClipboardTokenError: CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
        switch self {
        case .empty:
            return "the clipboard token is empty"
        case .tooShort(let length):
            return
                "the clipboard token has \(length) characters; at least \(ClipboardToken.minimumLength) are needed"
        case .tooLong(let length):
            return
                "the clipboard token has \(length) characters; at most \(ClipboardToken.maximumLength) are allowed"
        case .invalidCharacter(let character, let offset):
            return "the clipboard token has the invalid character \"\(character)\" at offset \(offset)"
        }
    }
}
