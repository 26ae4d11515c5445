import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay run`: replays scenario files and reports each step's verdict.
enum RunCommand: Command {
    static let name = "onelink-replay run"

    static let arguments = ArgumentReader(flags: ["--record"], options: ["--format", "--profile", "--shard"])

    static let usage = """
        USAGE: onelink-replay run [options] [files or folders...]

        Replays scenario files (default folder: Payloads/scenarios, relative to the
        current directory; a folder means every *.json file in it) and checks that every
        step produced the outputs it expects. The format is in Docs/scenarios.md.

        OPTIONS:
          --format human|json|junit|github
                                     human (default): PASS/FAIL lines, diffs and a summary.
                                     json: JSON Lines of observed outputs and verdicts.
                                     junit: JUnit XML, one test case per scenario, the
                                     step diff as the failure (for CI test reports).
                                     github: the human lines plus a GitHub Actions
                                     ::error annotation on each failing step's line.
          --profile ios|documented|android|strings
                                     Replay with those value types (default ios: the real
                                     SDK's; documented: as the docs' samples print them).
                                     A scenario that pins a profile keeps its own.
          --record                   Write the observed outputs back into each named file
                                     as its expectations (each scenario in its own profile),
                                     keeping each expectation's "match" and "types". A
                                     missing FILE.json is created as a starter scenario.
                                     Needs at least one file or folder.
          --shard i/n                Run only the i-th of n deterministic slices (1 <= i <= n).
          -h, --help                 Show this help.

        EXIT STATUS:
          0  every scenario passed (or was recorded)
          1  a scenario failed its expectations
          2  usage error, or a file that is not a valid scenario
        """

    /// The folder replayed when no file or folder is given.
    static let defaultFolder = "Payloads/scenarios"

    /// The output formats.
    enum Format: String, Sendable {
        /// PASS/FAIL lines, diffs and a summary.
        case human
        /// JSON Lines: one object per observed output, per verdict, and a summary.
        case json
        /// JUnit XML (``JUnitReport``) on standard output, written once every scenario has run.
        case junit
        /// The human lines plus a ``GitHubAnnotation`` on the line of each failing step.
        case github
    }

    /// Runs the command.
    ///
    /// - Returns: The exit status: 0 all passed, 1 a failure, 2 an invalid scenario.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        let format =
            try arguments.value("--format", expected: "human, json, junit or github", Format.init) ?? .human
        let profile =
            try arguments.value(
                "--profile", expected: "ios, documented, android or strings", ValueProfile.init)
            ?? .ios
        let shard = try arguments.value(
            "--shard", expected: "i/n with 1 <= i <= n, such as 1/4", ReplayShard.init)
        let record = arguments.flag("--record")
        let paths = arguments.positionals
        if record, paths.isEmpty {
            throw UsageError(
                "--record rewrites the files it is given; name the scenario files or "
                    + "folders to record (it does not rewrite \(defaultFolder) by default)")
        }
        if record {
            for path in paths where path.hasSuffix(".json") && RegularFile.statProblem(path) != nil {
                switch ScenarioRecorder.createStarter(at: path) {
                case .success: output.write("CREATED \(path): a starter scenario to record into\n")
                case .failure(let error):
                    output.writeError("\(name): \(error.description)\n")
                    return 2
                }
            }
        }
        var files: [String] = []
        for path in paths.isEmpty ? [defaultFolder] : paths {
            switch expand(path) {
            case .success(let found): files += found
            case .failure(let error):
                output.writeError("\(name): \(error.message)\n")
                return 2
            }
        }
        if let shard { files = shard.select(files) }
        var reporter = Reporter(output: output, format: format, profile: profile, total: files.count)
        // Scenarios are independent, so several run at once; results are reported in file order.
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount * 4)
        await withTaskGroup(of: (Int, Outcome, Duration).self) { group in
            var next = 0
            var ready: [Int: (Outcome, Duration)] = [:]
            var reported = 0
            func add() {
                let index = next
                let file = files[index]
                group.addTask {
                    let started = ContinuousClock.now
                    let outcome = await process(file, profile: profile, record: record)
                    return (index, outcome, started.duration(to: .now))
                }
                next += 1
            }
            while next < min(width, files.count) { add() }
            if !files.isEmpty { reporter.progress(files[0]) }
            for await (index, outcome, duration) in group {
                ready[index] = (outcome, duration)
                while let (outcome, duration) = ready.removeValue(forKey: reported) {
                    switch outcome {
                    case .invalid(let error): reporter.invalid(error)
                    case .passedOrFailed(let result): reporter.report(result, duration: duration)
                    case .recorded(let result): reporter.recorded(result)
                    }
                    reported += 1
                    if reported < files.count { reporter.progress(files[reported]) }
                }
                if next < files.count { add() }
            }
        }
        return reporter.finish(recording: record)
    }

    enum Outcome: Sendable {
        case invalid(ScenarioError)
        case passedOrFailed(ScenarioResult)
        case recorded(ScenarioResult)
    }

    static func process(_ file: String, profile: ValueProfile, record: Bool) async -> Outcome {
        let scenario: Scenario
        do {
            scenario = try Scenario(contentsOf: URL(fileURLWithPath: file), file: file)
        } catch {
            return .invalid(error)
        }
        let result: ScenarioResult
        do {
            result = try await ScenarioRunner().run(
                scenario, profile: record ? (scenario.pinnedProfile ?? .ios) : profile)
        } catch {
            return .invalid(error)
        }
        guard record else { return .passedOrFailed(result) }
        do {
            try ScenarioRecorder.record(result, into: file)
            return .recorded(result)
        } catch {
            return .invalid(error)
        }
    }

    /// A file stays itself; a folder becomes its `*.json` files, sorted by name.
    static func expand(_ path: String) -> Result<[String], UsageError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let problem = RegularFile.statProblem(path), problem.description != "does not exist" {
                return .failure(UsageError("\(QuotedInput.prefix(path, limit: 256)) \(problem)"))
            }
            return .failure(
                UsageError("no such file or folder: \(QuotedInput.prefix(path, limit: 256))"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                $0.hasSuffix(".json")
            }
            .sorted()
            guard !names.isEmpty else {
                return .failure(UsageError("\(path) holds no *.json scenario files"))
            }
            return .success(names.map { (path as NSString).appendingPathComponent($0) })
        } catch {
            return .failure(UsageError("cannot list \(path): \(error.localizedDescription)"))
        }
    }
}
