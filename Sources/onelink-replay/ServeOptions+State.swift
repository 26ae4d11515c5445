import Foundation
import OneLinkServer
import OneLinkSupport

extension ServeOptions {
    /// Opens the `--state DIR` journal (making the folder when missing), reporting on `output` a torn
    /// last record it cut off and how many records it restored; `nil` without `--state`.
    ///
    /// - Throws: A ``UsageError`` for a path that is a file, a folder that cannot be made or written,
    ///   or a journal that cannot be read (such as a damaged record before its last, with its offset).
    func openState(output: CommandOutput) throws(UsageError) -> ServerStateJournal? {
        guard let stateDirectory else { return nil }
        let state: ServerStateJournal
        do throws(JournalError) {
            state = try ServerStateJournal(directory: stateDirectory, syncsEachRecord: syncsState)
        } catch {
            throw UsageError("--state: \(error.description)")
        }
        if let torn = state.tornTail {
            output.writeError("\(ServeCommand.name): \(state.journal.path): \(torn)\n")
        }
        output.writeError(
            "\(ServeCommand.name): restored \(state.restoredRecordCount) "
                + "record\(state.restoredRecordCount == 1 ? "" : "s") from \(state.journal.path)\n")
        return state
    }
}
