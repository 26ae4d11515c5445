/// Reads a command line against the options a command accepts: the package's one argument reader.
///
/// Every command of `onelink-replay` and `onelink-bench` reads its arguments here, so they all
/// accept the same shapes:
/// - `--name value` and `--name=value` for an option that takes a value (a value given as the
///   next argument may not start with `--`; `--name=--x` passes one that does);
/// - `--flag` for an option without a value;
/// - an option given again adds a value (``ParsedArguments/values(_:)``), and the last one given
///   is its value (``ParsedArguments/value(_:)``);
/// - anything else is a positional argument, and so is every argument after `--` and a lone `-`;
/// - `-h` or `--help` anywhere before `--` asks for help, whatever else is there.
///
/// A problem is a ``UsageError`` that names the argument.
package struct ArgumentReader: Sendable {
    /// The names of the options without a value.
    package var flags: Set<String>
    /// The names of the options that take a value.
    package var options: Set<String>
    /// Other spellings: a short name (`-o`) and the name it stands for (`--output`).
    package var aliases: [String: String]
    /// The most positional arguments accepted, or `nil` for any number.
    package var maximumPositionals: Int?

    /// A reader for a command with these options.
    ///
    /// - Parameters:
    ///   - flags: The options without a value, such as `--quiet`.
    ///   - options: The options that take a value, such as `--port`.
    ///   - aliases: Short names and the option each stands for, such as `["-o": "--output"]`.
    ///   - maximumPositionals: The most positional arguments accepted; `nil` accepts any number.
    package init(
        flags: Set<String> = [], options: Set<String> = [], aliases: [String: String] = [:],
        maximumPositionals: Int? = nil
    ) {
        self.flags = flags
        self.options = options
        self.aliases = aliases
        self.maximumPositionals = maximumPositionals
    }

    /// Reads `arguments` (those after the command's name).
    ///
    /// - Throws: A ``UsageError`` for an unknown option, an option without its value, a value given
    ///   to a flag, or more positional arguments than the command accepts.
    package func read(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            parsed.help = true
            return parsed
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                for positional in remaining { try add(positional, to: &parsed) }
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                try add(argument, to: &parsed)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            let typed = name
            name = aliases[name] ?? name
            if flags.contains(name) {
                guard inline == nil else { throw UsageError("\(typed) takes no value") }
                parsed.flags.insert(name)
            } else if options.contains(name) {
                if let inline {
                    parsed.values[name, default: []].append(inline)
                } else if let next = remaining.first, !next.hasPrefix("--") {
                    parsed.values[name, default: []].append(next)
                    remaining.removeFirst()
                } else {
                    throw UsageError("\(typed) needs a value")
                }
            } else {
                throw UsageError("unknown option \(QuotedInput.prefix(typed))")
            }
        }
        return parsed
    }

    private func add(_ positional: String, to parsed: inout ParsedArguments) throws(UsageError) {
        if let maximumPositionals, parsed.positionals.count >= maximumPositionals {
            throw UsageError("unexpected argument \(QuotedInput.prefix(positional))")
        }
        parsed.positionals.append(positional)
    }
}
