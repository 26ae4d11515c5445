/// A command of one of the package's tools: its usage, the options it reads, and what it does.
///
/// ``main(_:output:)`` is the same for every command: it reads the arguments with ``arguments``,
/// prints ``usage`` for `--help` (exit 0), and for a ``UsageError`` prints
/// "`name`: message", a blank line and the usage on standard error (exit 2).
package protocol Command {
    /// The command as typed, for messages: "onelink-replay serve".
    static var name: String { get }
    /// The help text.
    static var usage: String { get }
    /// The options the command accepts.
    static var arguments: ArgumentReader { get }
    /// Runs the command on its read arguments (never with help asked for).
    ///
    /// - Returns: The exit status.
    /// - Throws: A ``UsageError`` for arguments the reader accepted but the command cannot use.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32
}

extension Command {
    /// Reads `arguments` and runs the command.
    ///
    /// - Returns: The command's exit status; 0 after `--help`; 2 after a usage error.
    package static func main(_ arguments: [String], output: CommandOutput) async -> Int32 {
        do {
            let parsed = try Self.arguments.read(arguments)
            if parsed.help {
                output.write(usage + "\n")
                return 0
            }
            return try await run(parsed, output: output)
        } catch {
            return usageError(error, output: output)
        }
    }

    /// Prints `error` and the usage on standard error.
    ///
    /// - Returns: 2, the exit status of a usage error.
    package static func usageError(_ error: UsageError, output: CommandOutput) -> Int32 {
        output.writeError("\(name): \(error.message)\n\n\(usage)\n")
        return 2
    }
}
