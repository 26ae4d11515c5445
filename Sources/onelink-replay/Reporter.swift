import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// Writes the `run` command's per-scenario lines, progress and summary in the chosen format.
struct Reporter {
    let output: CommandOutput
    let format: RunCommand.Format
    let profile: ValueProfile
    let total: Int
    var done = 0
    var passed = 0
    var failed = 0
    var invalid = 0
    var recorded = 0
    var progressShown = false
    var junit = JUnitReport()
    /// The folder annotation paths start from, when the format is `github`: the repository root,
    /// which is above the current folder in a nested package.
    let repositoryRoot: String?
    let workingDirectory = FileManager.default.currentDirectoryPath

    /// Progress is drawn only on a terminal, in human format, when there are many scenarios.
    static let progressThreshold = 10

    init(output: CommandOutput, format: RunCommand.Format, profile: ValueProfile, total: Int) {
        self.output = output
        self.format = format
        self.profile = profile
        self.total = total
        repositoryRoot =
            format == .github
            ? GitHubAnnotation.repositoryRoot(
                environment: ProcessInfo.processInfo.environment, startingAt: workingDirectory) : nil
    }

    /// `annotation` with its file relative to the repository root.
    private func placed(_ annotation: GitHubAnnotation) -> GitHubAnnotation {
        var annotation = annotation
        annotation.file = GitHubAnnotation.repositoryPath(
            of: annotation.file, workingDirectory: workingDirectory, repositoryRoot: repositoryRoot)
        return annotation
    }

    private var showsProgress: Bool {
        output.isTerminal && format == .human && total >= Self.progressThreshold
    }

    mutating func progress(_ file: String) {
        guard showsProgress else { return }
        output.write("\r\u{1B}[K[\(done + 1)/\(total)] \(file)")
        progressShown = true
    }

    private mutating func clearProgress() {
        guard progressShown else { return }
        output.write("\r\u{1B}[K")
        progressShown = false
    }

    private func line(_ value: AttributionValue) {
        output.write(value.jsonText() + "\n")
    }

    mutating func invalid(_ error: ScenarioError) {
        clearProgress()
        done += 1
        invalid += 1
        output.writeError(QuotedInput.message(error.description, limit: 2048) + "\n")
        switch format {
        case .json:
            line([
                "type": "invalid", "file": .string(error.file), "path": .string(error.path),
                "message": .string(error.reason.description),
            ])
        case .junit: junit.add(error)
        case .github:
            let map = ScenarioSourceMap(contentsOf: URL(fileURLWithPath: error.file))
            output.write(placed(GitHubAnnotation.annotation(for: error, sourceMap: map)).command + "\n")
        case .human: break
        }
    }

    mutating func recorded(_ result: ScenarioResult) {
        clearProgress()
        done += 1
        recorded += 1
        let count = result.observations.count
        if format == .json {
            line([
                "type": "recorded", "file": .string(result.file), "scenario": .string(result.name),
                "outputs": .int(count),
            ])
        } else {
            output.write("RECORDED \(result.name) (\(result.file)): \(Self.count(count, "output"))\n")
        }
    }

    mutating func report(_ result: ScenarioResult, duration: Duration = .zero) {
        clearProgress()
        done += 1
        if result.passed { passed += 1 } else { failed += 1 }
        switch format {
        case .human, .github:
            output.write("\(result.passed ? "PASS" : "FAIL") \(result.name) (\(result.file))\n")
            if !result.passed {
                output.write(result.failureReport.split(separator: "\n").map { "  \($0)\n" }.joined())
            }
            if format == .github, !result.passed {
                let map = ScenarioSourceMap(contentsOf: URL(fileURLWithPath: result.file))
                for annotation in GitHubAnnotation.annotations(for: result, sourceMap: map) {
                    output.write(placed(annotation).command + "\n")
                }
            }
        case .junit:
            junit.add(result, seconds: duration.timeInterval)
        case .json:
            for step in result.steps {
                for observation in step.observations {
                    line([
                        "type": "output", "file": .string(result.file), "scenario": .string(result.name),
                        "step": .int(step.index), "output": observation.value,
                    ])
                }
            }
            line([
                "type": "verdict", "file": .string(result.file), "scenario": .string(result.name),
                "profile": .string(result.profile.rawValue), "passed": .bool(result.passed),
                "differences": .array(
                    result.steps.flatMap { step in
                        step.differences.map { .string("step \(step.index): \($0)") }
                    }),
                "mismatches": .array(
                    result.steps.flatMap { step in
                        step.mismatches.map { mismatch in
                            var value = mismatch.jsonValue
                            if case .object(var object) = value {
                                object["step"] = .int(step.index)
                                value = .object(object)
                            }
                            return value
                        }
                    }),
            ])
        }
    }

    /// `1 scenario`, `2 scenarios`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    mutating func finish(recording: Bool) -> Int32 {
        clearProgress()
        let status: Int32 = invalid > 0 ? 2 : (failed > 0 ? 1 : 0)
        switch format {
        case .junit where !recording:
            output.write(junit.xml)
        case .human, .github, .junit:
            if recording {
                output.write("\(Self.count(done, "scenario")): \(recorded) recorded, \(invalid) invalid\n")
            } else {
                output.write(
                    "\(Self.count(done, "scenario")): \(passed) passed, \(failed) failed, \(invalid) invalid "
                        + "(profile \(profile.rawValue))\n")
            }
        case .json:
            line([
                "type": "summary", "scenarios": .int(done), "passed": .int(passed), "failed": .int(failed),
                "invalid": .int(invalid), "recorded": .int(recorded), "profile": .string(profile.rawValue),
                "exitStatus": .int(Int(status)),
            ])
        }
        return status
    }
}
