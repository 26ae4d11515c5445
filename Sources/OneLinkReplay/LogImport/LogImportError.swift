import OneLinkEmulator

/// Why a log cannot be imported at all; anything less is a note on the ``LogImport``.
public enum LogImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The log is an Android SDK log (`D/AppsFlyer_6.12.1`, `androidevent`, …): the importer reads iOS logs only.
    case androidLog(line: Int, excerpt: String)
    /// No line of the log is the iOS SDK's: no session, link, callback, error or other line it prints; `seen` says what
    /// the lines were instead (blank, or the app's own and other libraries', with the first of them).
    case nothingUsable(lines: Int, seen: String)
    /// The log is larger than ``SDKLogImporter/maximumBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// What the log's lines say cannot be replayed as one scenario (a later launch's conversion data printed before any start, say): the reason the scenario would not decode.
    case noValidScenario(reason: String)

    /// One sentence saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .androidLog(let line, let excerpt):
            return
                "line \(line): this is an Android SDK log (\(excerpt)); import-log reads the iOS SDK's debug log "
                + "(Xcode's or Console's output with isDebug = true)"
        case .nothingUsable(let lines, let seen):
            return
                "nothing usable in \(lines) line\(lines == 1 ? "" : "s"): no line of the AppsFlyer iOS SDK was found "
                + "(\(seen)); turn isDebug on and copy the whole log from the app's launch"
        case .tooLarge(let bytes, let limit):
            return "the log is \(bytes) bytes; the limit is \(limit)"
        case .noValidScenario(let reason):
            return
                "the log's lines give no scenario that replays (\(reason)); import the part of the log "
                + "from one app launch on"
        }
    }
}
