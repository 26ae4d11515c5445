import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport

/// `onelink-replay run`: replays scenario files and reports each step's verdict.
///
/// The executable's `run` subcommand calls ``run(arguments:output:)``; tests
/// call it directly with a capturing ``ReplayOutput``.
public enum ReplayCommand {
    /// The help text.
    public static let usage = """
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
    public static let defaultFolder = "Payloads/scenarios"

    /// The output formats.
    public enum Format: String, Sendable {
        /// PASS/FAIL lines, diffs and a summary.
        case human
        /// JSON Lines: one object per observed output, per verdict, and a summary.
        case json
        /// JUnit XML (``JUnitReport``) on standard output, written once every scenario has run.
        case junit
        /// The human lines plus a ``GitHubAnnotation`` on the line of each failing step.
        case github
    }

    struct Options {
        var format = Format.human
        var profile = ValueProfile.ios
        var record = false
        var shard: ReplayShard?
        var paths: [String] = []
    }

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `run`.
    ///   - output: Where to write.
    /// - Returns: The exit status: 0 all passed, 1 a failure, 2 usage error or invalid scenario.
    public static func run(arguments: [String], output: ReplayOutput) async -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            if error.message.isEmpty {
                output.write(usage + "\n")
                return 0
            }
            output.writeError("onelink-replay run: \(error.message)\n\n\(usage)\n")
            return 2
        }
        if options.record, options.paths.isEmpty {
            output.writeError(
                "onelink-replay run: --record rewrites the files it is given; name the scenario files or "
                    + "folders to record (it does not rewrite \(defaultFolder) by default)\n")
            return 2
        }
        if options.record {
            for path in options.paths where path.hasSuffix(".json") && RegularFile.statProblem(path) != nil {
                switch ScenarioRecorder.createStarter(at: path) {
                case .success: output.write("CREATED \(path): a starter scenario to record into\n")
                case .failure(let error):
                    output.writeError("onelink-replay run: \(error.description)\n")
                    return 2
                }
            }
        }
        var files: [String] = []
        for path in options.paths.isEmpty ? [defaultFolder] : options.paths {
            switch expand(path) {
            case .success(let found): files += found
            case .failure(let error):
                output.writeError("onelink-replay run: \(error.message)\n")
                return 2
            }
        }
        if let shard = options.shard { files = shard.select(files) }
        var reporter = Reporter(
            output: output, format: options.format, profile: options.profile, total: files.count)
        let record = options.record
        let profile = options.profile
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
        return reporter.finish(recording: options.record)
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

    struct UsageError: Error {
        var message: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var index = 0
        func value(_ name: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            switch argument {
            case "-h", "--help":
                return .failure(UsageError(message: ""))
            case "--format":
                guard let text = inline ?? value(argument), let format = Format(rawValue: text) else {
                    return .failure(UsageError(message: "--format expects human, json, junit or github"))
                }
                options.format = format
            case "--profile":
                guard let text = inline ?? value(argument), let profile = ValueProfile(rawValue: text) else {
                    return .failure(UsageError(message: "--profile expects ios, android or strings"))
                }
                options.profile = profile
            case "--shard":
                guard let text = inline ?? value(argument), let shard = ReplayShard(text) else {
                    return .failure(UsageError(message: "--shard expects i/n with 1 <= i <= n, such as 1/4"))
                }
                options.shard = shard
            case "--record":
                options.record = true
            case _ where argument.hasPrefix("-") && argument != "-":
                return .failure(UsageError(message: "unknown option \(QuotedInput.prefix(argument))"))
            default:
                options.paths.append(argument)
            }
            index += 1
        }
        return .success(options)
    }

    /// A file stays itself; a folder becomes its `*.json` files, sorted by name.
    static func expand(_ path: String) -> Result<[String], UsageError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let problem = RegularFile.statProblem(path), problem.description != "does not exist" {
                return .failure(UsageError(message: "\(QuotedInput.prefix(path, limit: 256)) \(problem)"))
            }
            return .failure(
                UsageError(message: "no such file or folder: \(QuotedInput.prefix(path, limit: 256))"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                $0.hasSuffix(".json")
            }
            .sorted()
            guard !names.isEmpty else {
                return .failure(UsageError(message: "\(path) holds no *.json scenario files"))
            }
            return .success(names.map { (path as NSString).appendingPathComponent($0) })
        } catch {
            return .failure(UsageError(message: "cannot list \(path): \(error.localizedDescription)"))
        }
    }
}
