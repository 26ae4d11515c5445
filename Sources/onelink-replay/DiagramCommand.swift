import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay diagram`: replays one scenario and writes a Mermaid sequence diagram of it.
enum DiagramCommand: Command {
    static let name = "onelink-replay diagram"

    static let arguments = ArgumentReader(flags: ["--markdown", "--update"], options: ["--profile"])

    static let usage = """
        USAGE: onelink-replay diagram [options] SCENARIO.json
               onelink-replay diagram --update GUIDE.md...

        Replays the scenario and writes a Mermaid sequence diagram of what happened:
        app, SDK, short-link resolver, attribution backend, click service and delegates;
        each step (with its virtual time), request, answer and callback in order; a step
        that missed its expectations is marked where it happened.

        OPTIONS:
          --markdown                 Wrap the diagram in a ```mermaid block.
          --profile ios|documented|android|strings
                                     Replay with those value types (default ios).
          --update                   Regenerate every block between
                                     <!-- diagram: PATH --> and <!-- /diagram --> in each
                                     named Markdown file (PATH relative to the current
                                     directory) and write the files back.
          -h, --help                 Show this help.

        EXIT STATUS:
          0  the diagram was written and every step met its expectations (or, with
             --update, every block was regenerated)
          1  the diagram was written, but a step missed its expectations
          2  usage error, or a file that is not a valid scenario
        """

    /// Runs the command.
    ///
    /// - Returns: The exit status: 0 written and passed, 1 written with a failed step, 2 an invalid scenario.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        let markdown = arguments.flag("--markdown")
        let update = arguments.flag("--update")
        let profile =
            try arguments.value(
                "--profile", expected: "ios, documented, android or strings", ValueProfile.init)
            ?? .ios
        let paths = arguments.positionals
        if update {
            guard !paths.isEmpty else { throw UsageError("--update needs at least one Markdown file") }
            return try await updateGuides(paths, output: output)
        }
        guard paths.count == 1, let path = paths.first else {
            throw UsageError("expected exactly one scenario file")
        }
        do {
            let diagram = try await ScenarioDiagram.replaying(
                contentsOf: URL(fileURLWithPath: path), file: path, profile: profile)
            output.write(markdown ? diagram.markdown : diagram.mermaid)
            return diagram.result.passed ? 0 : 1
        } catch {
            output.writeError(
                "\(name): \(QuotedInput.message(error.description, limit: 2048))\n")
            return 2
        }
    }

    static func updateGuides(_ paths: [String], output: CommandOutput) async throws(UsageError) -> Int32 {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for path in paths {
            let url = URL(fileURLWithPath: path)
            guard let data = try? RegularFile.contents(of: url.path) else {
                throw UsageError("cannot read \(QuotedInput.prefix(path, limit: 256))")
            }
            do {
                let (text, scenarios) = try await ScenarioDiagram.updatingBlocks(
                    in: String(decoding: data, as: UTF8.self), root: root)
                try Data(text.utf8).write(to: url)
                output.write("UPDATED \(path): \(scenarios.count) diagram(s)\n")
            } catch let error as ScenarioError {
                output.writeError("\(name): \(path): \(error.description)\n")
                return 2
            } catch {
                output.writeError(
                    "\(name): cannot write \(path): \(error.localizedDescription)\n")
                return 2
            }
        }
        return 0
    }
}
