/// A command line a command cannot run: it prints the message and its usage, and exits 2.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the argument: "unknown option --bogus".
    package var message: String

    /// An error with this message.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
