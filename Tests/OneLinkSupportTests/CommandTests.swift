import OneLinkSupport
import Testing

@Suite("A command's main: help, usage errors and exit statuses", .timeLimit(.minutes(5)))
struct CommandTests {
    /// A command that echoes its positionals and refuses the word "bad".
    enum Echo: Command {
        static let name = "tool echo"
        static let usage = "USAGE: tool echo [--loud] WORDS..."
        static let arguments = ArgumentReader(flags: ["--loud"])

        static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32
        {
            if arguments.positionals.contains("bad") { throw UsageError("bad is not a word") }
            let text = arguments.positionals.joined(separator: " ")
            output.write((arguments.flag("--loud") ? text.uppercased() : text) + "\n")
            return 0
        }
    }

    final class Captured: Sendable {
        let text = Locked<(out: String, err: String)>(("", ""))

        var output: CommandOutput {
            CommandOutput(
                write: { line in self.text.withLock { $0.out += line } },
                writeError: { line in self.text.withLock { $0.err += line } })
        }
    }

    @Test("--help prints the usage on standard output and exits 0")
    func help() async {
        let captured = Captured()
        #expect(await Echo.main(["--help", "bad"], output: captured.output) == 0)
        #expect(captured.text.withLock { $0.out } == Echo.usage + "\n")
        #expect(captured.text.withLock { $0.err }.isEmpty)
    }

    @Test("a reader's error and the command's own both print name: message, then the usage, and exit 2")
    func usageErrors() async {
        for (arguments, message) in [(["--quiet"], "unknown option --quiet"), (["bad"], "bad is not a word")]
        {
            let captured = Captured()
            #expect(await Echo.main(arguments, output: captured.output) == 2)
            #expect(captured.text.withLock { $0.err } == "tool echo: \(message)\n\n\(Echo.usage)\n")
            #expect(captured.text.withLock { $0.out }.isEmpty)
        }
    }

    @Test("a good command line runs the command")
    func runs() async {
        let captured = Captured()
        #expect(await Echo.main(["--loud", "hi", "--", "--there"], output: captured.output) == 0)
        #expect(captured.text.withLock { $0.out } == "HI --THERE\n")
    }
}
