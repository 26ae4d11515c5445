import Foundation
import OneLinkEmulator
import OneLinkSupport

/// `onelink-replay diagram`: replays one scenario and writes a Mermaid sequence diagram of it.
///
/// The executable's `diagram` subcommand calls ``run(arguments:output:)``.
public enum DiagramCommand {
    /// The help text.
    public static let usage = """
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
    /// - Returns: The exit status: 0 written and passed, 1 written with a failed step, 2 usage error or invalid scenario.
    public static func run(arguments: [String], output: ReplayOutput) async -> Int32 {
        var markdown = false
        var update = false
        var profile = ValueProfile.ios
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                output.write(usage + "\n")
                return 0
            case "--markdown": markdown = true
            case "--update": update = true
            case "--profile":
                guard let text = remaining.popFirst(), let value = ValueProfile(rawValue: text) else {
                    return usageError("--profile expects ios, documented, android or strings", output)
                }
                profile = value
            case _ where argument.hasPrefix("-"):
                return usageError("unknown option \(QuotedInput.prefix(argument))", output)
            default: paths.append(argument)
            }
        }
        if update {
            guard !paths.isEmpty else {
                return usageError("--update needs at least one Markdown file", output)
            }
            return await updateGuides(paths, output: output)
        }
        guard paths.count == 1, let path = paths.first else {
            return usageError("expected exactly one scenario file", output)
        }
        do {
            let diagram = try await ScenarioDiagram.replaying(
                contentsOf: URL(fileURLWithPath: path), file: path, profile: profile)
            output.write(markdown ? diagram.markdown : diagram.mermaid)
            return diagram.result.passed ? 0 : 1
        } catch {
            output.writeError(
                "onelink-replay diagram: \(QuotedInput.message(error.description, limit: 2048))\n")
            return 2
        }
    }

    static func updateGuides(_ paths: [String], output: ReplayOutput) async -> Int32 {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for path in paths {
            let url = URL(fileURLWithPath: path)
            guard let data = try? RegularFile.contents(of: url.path) else {
                return usageError("cannot read \(QuotedInput.prefix(path, limit: 256))", output)
            }
            do {
                let (text, scenarios) = try await ScenarioDiagram.updatingBlocks(
                    in: String(decoding: data, as: UTF8.self), root: root)
                try Data(text.utf8).write(to: url)
                output.write("UPDATED \(path): \(scenarios.count) diagram(s)\n")
            } catch let error as ScenarioError {
                output.writeError("onelink-replay diagram: \(path): \(error.description)\n")
                return 2
            } catch {
                output.writeError(
                    "onelink-replay diagram: cannot write \(path): \(error.localizedDescription)\n")
                return 2
            }
        }
        return 0
    }

    static func usageError(_ message: String, _ output: ReplayOutput) -> Int32 {
        output.writeError("onelink-replay diagram: \(message)\n\n\(usage)\n")
        return 2
    }
}
