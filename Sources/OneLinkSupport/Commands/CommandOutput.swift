import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: standard output, standard error, and whether output is a terminal.
///
/// The tools pass ``standard``; tests pass writers that keep the text.
package struct CommandOutput: Sendable {
    /// Writes text to standard output.
    package var write: @Sendable (String) -> Void
    /// Writes text to standard error.
    package var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal; progress is shown only then.
    package var isTerminal: Bool

    /// An output from two writers.
    package init(
        isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void
    ) {
        self.isTerminal = isTerminal
        self.write = write
        self.writeError = writeError
    }

    /// The process's standard output and error; a terminal when `isatty(1)` says so.
    package static var standard: CommandOutput {
        CommandOutput(
            isTerminal: isatty(1) == 1,
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
