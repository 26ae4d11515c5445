/// What an exploration covered: how many schedules exist, how many ran, and which alternatives of which choices were taken.
public struct ExplorationCoverage: Sendable, Hashable, CustomStringConvertible {
    /// Whether every schedule of the space ran.
    public var exhaustive: Bool
    /// Whether the schedules were sampled (the space looked larger than the budget) rather than taken in order.
    public var sampled: Bool
    /// How many schedules exist: exact when ``exhaustive``, else an estimate from the sampled runs (Knuth's estimator).
    public var schedules: Int
    /// How many distinct schedules ran.
    public var distinctRuns: Int
    /// How many runs were made, repeats included (shrinking not counted).
    public var runs: Int
    /// For each choice met, how many runs took each alternative it offered (zero for one never taken).
    public var taken: [SDKScheduleChoice: [String: Int]]

    /// Creates a coverage report.
    public init(
        exhaustive: Bool = false, sampled: Bool = false, schedules: Int = 0, distinctRuns: Int = 0,
        runs: Int = 0,
        taken: [SDKScheduleChoice: [String: Int]] = [:]
    ) {
        self.exhaustive = exhaustive
        self.sampled = sampled
        self.schedules = schedules
        self.distinctRuns = distinctRuns
        self.runs = runs
        self.taken = taken
    }

    /// The choices met, in documentation order, each with the alternatives taken (and how often) and those never taken.
    public var choiceLines: [String] {
        let order = SDKScheduleChoice.allKnown
        let choices = taken.keys.sorted { lhs, rhs in
            (order.firstIndex(of: lhs) ?? order.count, lhs.rawValue) < (
                order.firstIndex(of: rhs) ?? order.count, rhs.rawValue
            )
        }
        return choices.map { choice in
            let counts = taken[choice] ?? [:]
            let alternatives = counts.keys.sorted {
                counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : $0 < $1
            }
            let missed = alternatives.filter { counts[$0] == 0 }
            let parts = alternatives.filter { counts[$0]! > 0 }.map { "\($0) \(counts[$0]!)" }
            return "\(choice): " + parts.joined(separator: ", ")
                + (missed.isEmpty ? "" : "; never: " + missed.joined(separator: ", "))
        }
    }

    /// `12 of 12 schedules (every one)`, `ran 2 of about 12 schedules (in order, stopped early)` or `ran 500 of about 40000 schedules (sampled)`, then one line per choice.
    public var description: String {
        let head =
            exhaustive
            ? "\(distinctRuns) of \(schedules) schedules (every one)"
            : "ran \(distinctRuns) of about \(schedules) schedules (\(sampled ? "sampled" : "in order, stopped early"))"
        return ([head] + choiceLines.map { "  " + $0 }).joined(separator: "\n")
    }
}
