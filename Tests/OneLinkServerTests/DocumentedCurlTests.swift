import Foundation
import OneLinkTestThreads
import Testing

/// The `curl` walkthroughs of `Docs/server.md` for the public APIs run as written against
/// `onelink-replay serve`, and each answer matches the `# …` lines under its command (`…` stands
/// for any text).
@Suite("Server: the documented curl walkthroughs", .timeLimit(.minutes(5)))
struct DocumentedCurlTests {
    /// The sections whose `sh` blocks run, in the document's order, against one server.
    static let sections = [
        "### Conversion data for attribution testing (GCD API v4.0)",
        "### Deep linking REST API (SDK-less deferred deep links)",
        "### Link debugger",
        "### Loading short links",
        "### In-app events from the SDK",
        "### Server-to-server (S2S) events",
        "### Pull API",
        "### Push API configuration API",
        "### OneLink API v2.0",
        "### OneLink API v1 (sunset; for old clients)",
        "### Over HTTP",
        "### Raw attribution links",
        "### Forgetting devices and resetting state",
        "### Inspecting installs",
    ]

    /// One command of a walkthrough and the output documented under it.
    struct Command {
        var text: String
        var expected: [String]
    }

    /// The commands of the `sh` blocks of `section` in `document`.
    static func commands(in document: String, section: String) -> [Command] {
        guard let start = document.range(of: "\n" + section + "\n") else { return [] }
        let rest = document[start.upperBound...]
        let end = rest.range(of: "\n##")?.lowerBound ?? rest.endIndex
        var commands: [Command] = []
        var inBlock = false
        var continuing = false
        for line in rest[..<end].components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                continue
            }
            guard inBlock else { continue }
            if continuing, var last = commands.popLast() {
                last.text += "\n" + line
                commands.append(last)
            } else if line.hasPrefix("#") {
                if var last = commands.popLast() {
                    last.expected.append(String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1)))
                    commands.append(last)
                }
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                commands.append(Command(text: line, expected: []))
            }
            continuing = line.hasSuffix("\\")
        }
        return commands
    }

    /// Whether `output` is `expected`, with `…` matching any text (newlines included).
    static func matches(_ output: String, _ expected: [String]) -> Bool {
        let pattern = expected.joined(separator: "\n").components(separatedBy: "…")
            .map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*")
        guard
            let regex = try? NSRegularExpression(
                pattern: "^" + pattern + "$", options: .dotMatchesLineSeparators)
        else { return false }
        return regex.firstMatch(in: output, range: NSRange(output.startIndex..., in: output)) != nil
    }

    @Test("the parser finds the commands and their documented answers")
    func parser() throws {
        let document = try String(
            contentsOf: ReplayExecutable.packageRoot.appendingPathComponent("Docs/server.md"), encoding: .utf8
        )
        for section in Self.sections {
            let commands = Self.commands(in: document, section: section)
            #expect(commands.count >= 2, "\(section)")
            // A `NAME=$(…)` line sets a shell variable for the commands after it and prints nothing.
            #expect(
                commands.allSatisfy {
                    $0.text.hasPrefix("curl") && !$0.expected.isEmpty
                        || $0.text.range(of: "^[A-Z_]+=", options: .regularExpression) != nil
                            && $0.expected.isEmpty
                }, "\(section)")
        }
        #expect(Self.matches("{\"a\":1,\"b\":2}", ["{\"a\":1,…}"]))
        #expect(!Self.matches("{\"a\":2}", ["{\"a\":1…}"]))
    }

    @Test(
        "every documented command answers as documented",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs /usr/bin/curl"))
    func walkthroughs() async throws {
        let document = try String(
            contentsOf: ReplayExecutable.packageRoot.appendingPathComponent("Docs/server.md"), encoding: .utf8
        )
        let commands = Self.sections.flatMap { Self.commands(in: document, section: $0) }
        let marker = "@@end-of-command@@"
        let script = commands.map { $0.text + "\nprintf '\\n\(marker)\\n'" }.joined(separator: "\n")
        let child = try await BrowserServeChild(arguments: [
            "--onelink-api-token", "API_TOKEN", "--s2s-key", "S2S_KEY", "--dev-key", "dev",
        ])
        let output: String
        do {
            output = try await Self.run(script, base: child.base)
        } catch {
            try await child.stop()
            throw error
        }
        try await child.stop()
        let answers = output.components(separatedBy: "\n\(marker)\n")
        #expect(answers.count == commands.count + 1)
        for (command, answer) in zip(commands, answers) {
            let text = answer.replacingOccurrences(of: "\r", with: "").trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(Self.matches(text, command.expected), "\(command.text)\nanswered: \(text)")
        }
    }

    /// Runs `script` with bash, `BASE` set, and curl bounded to 10 seconds a call (through a curlrc).
    static func run(_ script: String, base: String) async throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "curlrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "max-time = 10\n".write(
            to: home.appendingPathComponent(".curlrc"), atomically: true, encoding: .utf8)
        return try await onThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script]
            process.environment = ["BASE": base, "CURL_HOME": home.path, "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
