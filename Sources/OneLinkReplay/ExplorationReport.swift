public import OneLinkEmulator

/// What exploring a scenario found: the coverage, and the smallest failing schedule when one failed.
public struct ExplorationReport: Sendable {
    /// A schedule under which the run failed, shrunk to the smallest that still fails.
    public struct Failure: Sendable {
        /// The smallest failing schedule found.
        public var schedule: SDKSchedule
        /// The schedule as first found failing, before shrinking.
        public var found: SDKSchedule
        /// What went wrong under ``schedule``: the outcome's differences, callbacks gained or lost, the check's error.
        public var problems: [String]
        /// The runs shrinking took.
        public var shrinkRuns: Int
        /// The run under ``schedule``.
        public var result: ScenarioResult
        /// The failing run written as an ordinary scenario (JSON text), which `onelink-replay run` replays as it failed.
        ///
        /// The steps are in the run's order, the rest of ``schedule`` is in its `schedule` field, the
        /// SDK's outputs are as observed and the app's outcome as the scenario expected it. `nil`
        /// for a scenario built in code, whose JSON the explorer does not have.
        public var reproduction: String?
    }

    /// The scenario's name.
    public var name: String
    /// The scenario's file.
    public var file: String
    /// What the exploration covered.
    public var coverage: ExplorationCoverage
    /// The smallest failing schedule, or `nil` when every schedule run passed.
    public var failure: Failure?
    /// Wall-clock seconds the exploration took, shrinking included.
    public var seconds: Double

    /// Whether every schedule run passed.
    public var passed: Bool { failure == nil }

    /// A readable summary: the verdict, the coverage and, for a failure, its schedule and problems.
    public var summary: String {
        var lines = [
            "\(passed ? "PASS" : "FAIL") \(name) (\(file)): " + coverage.description.split(separator: "\n")[0]
                + " in \(Int((seconds * 1000).rounded())) ms"
        ]
        lines += coverage.choiceLines.map { "  " + $0 }
        if let failure {
            lines.append("  failing schedule: \(failure.schedule)")
            if failure.found != failure.schedule {
                lines.append("  (found as \(failure.found), shrunk in \(failure.shrinkRuns) runs)")
            }
            lines += failure.problems.map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
