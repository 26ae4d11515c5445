/// Quotes untrusted input in messages: at most a bounded prefix, and how long the rest was.
///
/// A message that echoes a 1 MiB number, key or step name would itself be 1 MiB; every message
/// that quotes input goes through here instead.
package enum QuotedInput {
    /// The most characters of input a message quotes.
    package static let defaultLimit = 64

    /// `text` when it has at most `limit` characters, else its first `limit` characters followed by
    /// `… (N more bytes)`, where N counts the UTF-8 bytes left out.
    package static func prefix(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        let limit = max(1, limit)
        guard text.utf8.count > limit else { return String(text) }
        var end = text.startIndex
        var taken = 0
        while taken < limit, end < text.endIndex {
            end = text.index(after: end)
            taken += 1
        }
        guard end < text.endIndex else { return String(text) }
        let omitted = text.utf8.count - text[..<end].utf8.count
        return String(text[..<end]) + "… (\(omitted) more bytes)"
    }

    /// A whole message, such as an error's description, cut to `limit` characters the same way.
    ///
    /// The last line of defence where a message leaves the process (an HTTP `error_reason`, a line
    /// on standard error), for messages that quote input their author did not bound.
    package static func message(_ text: some StringProtocol, limit: Int = 1024) -> String {
        prefix(text, limit: limit)
    }
}
