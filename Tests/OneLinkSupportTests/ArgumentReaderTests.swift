import OneLinkSupport
import Testing

@Suite("The argument reader", .timeLimit(.minutes(5)))
struct ArgumentReaderTests {
    let reader = ArgumentReader(
        flags: ["--quiet", "--record"], options: ["--port", "--output", "--dev-key"],
        aliases: ["-o": "--output"])

    @Test("--name value and --name=value give the same value, for every option")
    func bothValueForms() throws {
        let spaced = try reader.read(["--port", "80", "-o", "out.json", "--dev-key", "a"])
        let joined = try reader.read(["--port=80", "--output=out.json", "--dev-key=a"])
        #expect(spaced == joined)
        #expect(spaced.value("--port") == "80")
        #expect(spaced.value("--output") == "out.json")
    }

    @Test("a value after = may be empty, start with --, or hold another =")
    func inlineValues() throws {
        let parsed = try reader.read(["--output=", "--dev-key=--x", "--port=a=b"])
        #expect(parsed.value("--output") == "")
        #expect(parsed.value("--dev-key") == "--x")
        #expect(parsed.value("--port") == "a=b")
    }

    @Test("flags, repeated options in order, positionals, a lone - and everything after --")
    func shapes() throws {
        let parsed = try reader.read([
            "a", "--quiet", "--dev-key", "k1", "-", "--dev-key=k2", "--", "--port", "-o",
        ])
        #expect(parsed.flag("--quiet"))
        #expect(!parsed.flag("--record"))
        #expect(parsed.values("--dev-key") == ["k1", "k2"])
        #expect(parsed.value("--dev-key") == "k2")
        #expect(parsed.positionals == ["a", "-", "--port", "-o"])
        #expect(parsed.value("--port") == nil)
        #expect(parsed.values("--port") == [])
    }

    @Test("-h or --help anywhere before -- asks for help, even beside a bad option")
    func help() throws {
        #expect(try reader.read(["--bogus", "--help"]).help)
        #expect(try reader.read(["-h"]).help)
        #expect(try reader.read(["--port", "1", "-h", "x"]).help)
        let after = try reader.read(["--", "--help"])
        #expect(!after.help)
        #expect(after.positionals == ["--help"])
    }

    @Test("each usage error names the option or argument")
    func errors() {
        #expect(throws: UsageError("unknown option --bogus")) { try reader.read(["--bogus"]) }
        #expect(throws: UsageError("unknown option --bogus")) { try reader.read(["--bogus=1"]) }
        #expect(throws: UsageError("unknown option -x")) { try reader.read(["-x"]) }
        #expect(throws: UsageError("--port needs a value")) { try reader.read(["--port"]) }
        #expect(throws: UsageError("--port needs a value")) { try reader.read(["--port", "--quiet"]) }
        #expect(throws: UsageError("-o needs a value")) { try reader.read(["-o"]) }
        #expect(throws: UsageError("--quiet takes no value")) { try reader.read(["--quiet=yes"]) }
        let one = ArgumentReader(maximumPositionals: 1)
        #expect(throws: UsageError("unexpected argument b")) { try one.read(["a", "b"]) }
        #expect(throws: UsageError("unexpected argument c")) { try one.read(["a", "--", "c"]) }
    }

    @Test("a long unknown option is quoted as a bounded prefix")
    func boundedQuote() throws {
        let long = "--" + String(repeating: "x", count: 10_000)
        do {
            _ = try reader.read([long])
            Issue.record("read a 10 kB unknown option")
        } catch {
            #expect(error.message.utf8.count < 200)
            #expect(error.message.hasSuffix("more bytes)"))
        }
    }

    @Test("a value that does not convert names the option, what is expected, and what it got")
    func conversion() throws {
        let parsed = try reader.read(["--port=http"])
        #expect(throws: UsageError("--port must be a number from 0 to 65535, got http")) {
            try parsed.value("--port", expected: "a number from 0 to 65535", UInt16.init)
        }
        #expect(try reader.read(["--port", "8080"]).value("--port", expected: "", UInt16.init) == 8080)
        #expect(try reader.read([]).value("--port", expected: "", UInt16.init) == nil)
    }

    @Test("a negative number is a value, not an option")
    func negativeValue() throws {
        #expect(try reader.read(["--port", "-5"]).value("--port") == "-5")
    }
}
