/// How much an explorer may run: at most so many runs, and (when set) at most so many seconds of wall time.
///
/// Whichever limit comes first ends the exploration; shrinking a failure has a budget of its own
/// (``shrinkRuns``). A space no larger than ``runs`` is explored exhaustively; a larger one by
/// seeded sampling.
public struct ExplorationBudget: Sendable, Hashable, CustomStringConvertible {
    /// The most schedules to run.
    public var runs: Int
    /// The most wall-clock seconds to spend, when set.
    public var seconds: Double?
    /// The most runs spent shrinking a failing schedule.
    public var shrinkRuns: Int

    /// Creates a budget.
    public init(runs: Int = 1000, seconds: Double? = nil, shrinkRuns: Int = 200) {
        self.runs = max(1, runs)
        self.seconds = seconds
        self.shrinkRuns = max(0, shrinkRuns)
    }

    /// At most `count` runs.
    public static func runs(_ count: Int) -> ExplorationBudget { ExplorationBudget(runs: count) }

    /// At most `seconds` of wall time, and at most a million runs.
    public static func seconds(_ seconds: Double) -> ExplorationBudget {
        ExplorationBudget(runs: 1_000_000, seconds: seconds)
    }

    /// `N runs`, `N runs or S s`.
    public var description: String {
        seconds.map { "\(runs) runs or \($0) s" } ?? "\(runs) runs"
    }
}
