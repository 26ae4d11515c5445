/// Why an ``AppendOnlyJournal`` could not be opened, read or appended to.
///
/// Each message names the file (at most ``maximumPathCharacters`` of its path) and, for a damaged
/// record, the byte offset the record starts at.
package enum JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The state path exists and is not a folder.
    case notADirectory(path: String)
    /// The state folder is missing and could not be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// The journal file could not be opened for reading and appending (such as a folder without
    /// write permission).
    case cannotOpen(path: String, reason: String)
    /// Reading the journal failed.
    case cannotRead(path: String, reason: String)
    /// The file does not start with the journal's signature: it is not a journal this version wrote.
    case notAJournal(path: String)
    /// A record before the last is damaged (bad checksum, or a length no writer writes); replaying
    /// past it would drop or misread what follows, so the journal is refused.
    case damagedRecord(path: String, offset: Int, reason: String)
    /// Writing (or truncating) the journal failed; the record was not kept.
    case cannotWrite(path: String, reason: String)
    /// A record larger than ``AppendOnlyJournal/maximumRecordBytes``.
    case recordTooLarge(bytes: Int, maximum: Int)
    /// The journal was closed, or a failed write could not be undone, so nothing more is appended.
    case closed(path: String)

    /// The most characters of a path a message repeats.
    package static let maximumPathCharacters = 200

    /// A one-line message.
    package var description: String {
        switch self {
        case .notADirectory(let path):
            return "\(Self.bounded(path)) is not a folder; --state needs a folder (it is made when missing)"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot make the state folder \(Self.bounded(path)): \(Self.bounded(reason))"
        case .cannotOpen(let path, let reason):
            return "cannot open \(Self.bounded(path)) for appending: \(Self.bounded(reason))"
        case .cannotRead(let path, let reason):
            return "cannot read \(Self.bounded(path)): \(Self.bounded(reason))"
        case .notAJournal(let path):
            return "\(Self.bounded(path)) is not a OneLinkEmulator state journal (its signature is missing)"
        case .damagedRecord(let path, let offset, let reason):
            return
                "\(Self.bounded(path)) has a damaged record at byte offset \(offset) (\(Self.bounded(reason))), "
                + "before its last record; move the file away to start empty, or truncate it to \(offset) bytes "
                + "to keep the records before it"
        case .cannotWrite(let path, let reason):
            return "cannot append to \(Self.bounded(path)): \(Self.bounded(reason))"
        case .recordTooLarge(let bytes, let maximum):
            return "a journal record of \(bytes) bytes is over the limit of \(maximum) bytes"
        case .closed(let path):
            return "\(Self.bounded(path)) is closed to appending"
        }
    }

    private static func bounded(_ text: String) -> String {
        text.count <= maximumPathCharacters ? text : String(text.prefix(maximumPathCharacters)) + "…"
    }
}
