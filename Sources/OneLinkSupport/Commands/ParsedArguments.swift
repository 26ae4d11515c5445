/// A command line as ``ArgumentReader`` read it: help, flags, option values and positional arguments.
package struct ParsedArguments: Sendable, Equatable {
    /// Whether `-h` or `--help` was given: the command prints its usage and does nothing else.
    package var help = false
    /// The positional arguments, in order.
    package var positionals: [String] = []
    /// The flags given, by name.
    package var flags: Set<String> = []
    /// The values of each option given, in order, by name.
    package var values: [String: [String]] = [:]

    /// An empty command line.
    package init() {}

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// Every value the option `name` was given, in order; empty when it was not given.
    package func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of the option `name`: the last one given, or `nil`.
    package func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// The value of the option `name` turned into `Value` by `convert`, or `nil` when not given.
    ///
    /// - Parameters:
    ///   - name: The option.
    ///   - expected: What a good value is, for the message: "a number from 0 to 65535".
    ///   - convert: Turns the text into a value, or returns `nil` for a bad one.
    /// - Throws: A ``UsageError`` "`name` must be `expected`, got `value`" for a value that
    ///   `convert` refuses.
    package func value<Value>(
        _ name: String, expected: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("\(name) must be \(expected), got \(QuotedInput.prefix(text))")
        }
        return converted
    }
}
