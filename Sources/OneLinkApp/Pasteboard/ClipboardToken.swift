import OneLinkEmulator

/// An exact-match token a web page copies to the pasteboard before sending the user to the App Store.
///
/// Format: the ``defaultPrefix`` (or a configured one) followed by 8 to 64
/// characters from `A-Z a-z 0-9 - _`, for example
/// `onelink-clip://match/Q2xpY2stNDI`. Surrounding whitespace is ignored. The
/// token names one click; looking it up gives that click's parameters
/// exactly, with no probabilistic matching.
public struct ClipboardToken: Sendable, Hashable {
    /// The prefix that marks pasteboard text as a token: `onelink-clip://match/`.
    public static let defaultPrefix = "onelink-clip://match/"
    /// The fewest characters a token may have.
    public static let minimumLength = 8
    /// The most characters a token may have.
    public static let maximumLength = 64

    /// The token without its prefix.
    public var value: String

    /// Reads a token from the text after the prefix.
    ///
    /// - Throws: ``ClipboardTokenError`` when the text is empty, too short, too long, or has other characters.
    public init(value: String) throws(ClipboardTokenError) {
        guard !value.isEmpty else { throw .empty }
        for (offset, character) in value.enumerated() {
            let isAllowed =
                character.isASCII
                && (character.isLetter || character.isNumber || character == "-" || character == "_")
            guard isAllowed else { throw .invalidCharacter(character, offset: offset) }
        }
        guard value.count >= Self.minimumLength else { throw .tooShort(length: value.count) }
        guard value.count <= Self.maximumLength else { throw .tooLong(length: value.count) }
        self.value = value
    }

    /// The pasteboard text for this token with `prefix`.
    public func pasteboardText(prefix: String = ClipboardToken.defaultPrefix) -> String {
        prefix + value
    }
}
