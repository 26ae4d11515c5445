import Foundation
import OneLinkEmulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where ``ReplayCommand`` writes: standard output, standard error, and whether output is a terminal.
public struct ReplayOutput: Sendable {
    /// Writes text to standard output.
    public var write: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal; progress is shown only then.
    public var isTerminal: Bool

    /// Creates an output from two writers.
    public init(
        isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void
    ) {
        self.isTerminal = isTerminal
        self.write = write
        self.writeError = writeError
    }

    /// The process's standard output and error; a terminal when `isatty(1)` says so.
    public static var standard: ReplayOutput {
        ReplayOutput(
            isTerminal: isatty(1) == 1,
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
