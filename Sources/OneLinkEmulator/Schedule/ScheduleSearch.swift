/// Decides which schedules an exploration runs: every one, depth first, when the space fits the budget; a seeded, coverage-guided sample when it does not.
///
/// The explorers (the test kit's `Explorer`, replay's `ScenarioExplorer`) loop over
/// ``next()``, run the ``ScheduleRun`` it returns, and hand it back to ``record(_:)``. The first
/// run takes every default; its points give a first estimate of the space (the product of their
/// alternatives). When that fits the budget the search walks the tree of points depth first,
/// each run changing the deepest point it can and taking defaults after it, so every path runs
/// once and the count is exact; a path that turns out longer than the estimate still ends at the
/// budget. Otherwise each run picks its alternatives with a ``ScheduleSampler`` seeded from the
/// seed and the run's number, and the space is estimated from the sampled paths.
package struct ScheduleSearch: Sendable {
    private enum Mode: Sendable {
        case first, depthFirst, sampling, done
    }

    private let budget: ExplorationBudget
    private let seed: UInt64
    private let explored: Set<SDKScheduleChoice>
    private let offersTimeouts: Bool
    private let started: ContinuousClock.Instant
    private var mode = Mode.first
    /// The points of the last depth-first run, in order.
    private var path: [SDKSchedule.Point] = []
    private var seen: Set<SDKSchedule> = []
    private var runs = 0
    private var sampledRuns = 0
    private var estimateSum = 0.0
    /// The space's size as the first run's points put it.
    private var firstEstimate = 1.0
    private var taken: [SDKScheduleChoice: [String: Int]] = [:]
    private var exhaustive = false
    /// Sampled runs in a row that repeated a schedule already run.
    private var repeats = 0

    /// Creates a search over the points of the `explored` choices, within `budget`, sampling from `seed` when it must.
    package init(
        budget: ExplorationBudget, seed: UInt64, explored: Set<SDKScheduleChoice>,
        offersTimeouts: Bool = false
    ) {
        self.budget = budget
        self.seed = seed
        self.explored = explored
        self.offersTimeouts = offersTimeouts
        started = ContinuousClock.now
    }

    /// Creates a search over the choices of `groups`.
    package init(budget: ExplorationBudget, seed: UInt64, groups: Set<SDKScheduleChoice.Group>) {
        self.init(
            budget: budget, seed: seed, explored: SDKScheduleChoice.choices(in: groups),
            offersTimeouts: groups.contains(.timeouts))
    }

    /// The next run, or `nil` when the space is exhausted or the budget spent.
    package mutating func next() -> ScheduleRun? {
        if mode == .done || runs >= budget.runs { return nil }
        if let seconds = budget.seconds, runs > 0, ContinuousClock.now - started >= .seconds(seconds) {
            return nil
        }
        switch mode {
        case .first:
            return ScheduleRun(schedule: .default, explored: explored, offersTimeouts: offersTimeouts)
        case .depthFirst:
            guard let index = path.lastIndex(where: { $0.chosen + 1 < $0.alternatives.count }) else {
                exhaustive = true
                mode = .done
                return nil
            }
            var changed = path[index]
            changed.chosen += 1
            let schedule = SDKSchedule(points: Array(path[..<index]) + [changed])
            return ScheduleRun(schedule: schedule, explored: explored, offersTimeouts: offersTimeouts)
        case .sampling:
            let sampler = ScheduleSampler(
                seed: seed &+ UInt64(sampledRuns) &* 0x9E37_79B9_7F4A_7C15, taken: taken)
            return ScheduleRun(
                schedule: .default, explored: explored, offersTimeouts: offersTimeouts, sampler: sampler)
        case .done:
            return nil
        }
    }

    /// Takes the points of a run ``next()`` returned, once it ran.
    package mutating func record(_ run: ScheduleRun) {
        let points = run.points
        runs += 1
        let schedule = SDKSchedule(points: points)
        let isNew = seen.insert(schedule).inserted
        if isNew {
            for point in points {
                var counts = taken[point.choice, default: [:]]
                for alternative in point.alternatives where counts[alternative] == nil {
                    counts[alternative] = 0
                }
                counts[point.alternative, default: 0] += 1
                taken[point.choice] = counts
            }
        }
        switch mode {
        case .first:
            let estimate = points.reduce(1.0) { $0 * Double($1.alternatives.count) }
            firstEstimate = estimate
            if points.isEmpty {
                exhaustive = true
                mode = .done
            } else if estimate <= Double(budget.runs) {
                path = points
                mode = .depthFirst
                if !points.contains(where: { $0.alternatives.count > 1 }) {
                    exhaustive = true
                    mode = .done
                }
            } else {
                sample(points)
                mode = .sampling
            }
        case .depthFirst:
            path = points
            // The last path of the tree: the space is covered, whether or not the caller asks again.
            if !path.contains(where: { $0.chosen + 1 < $0.alternatives.count }) {
                exhaustive = true
                mode = .done
            }
        case .sampling:
            sample(points)
            repeats = isNew ? 0 : repeats + 1
            // A space the sampler keeps repeating is small enough to have been covered; stop rather than spin.
            if repeats >= 256 { mode = .done }
        case .done:
            break
        }
    }

    private mutating func sample(_ points: [SDKSchedule.Point]) {
        sampledRuns += 1
        estimateSum += points.reduce(1.0) { $0 * Double($1.alternatives.count) }
    }

    /// What the search covered so far.
    package var coverage: ExplorationCoverage {
        let estimate: Int
        if exhaustive {
            estimate = seen.count
        } else if sampledRuns > 0 {
            estimate = max(seen.count, Int((estimateSum / Double(sampledRuns)).rounded()))
        } else {
            estimate = max(seen.count, Int(firstEstimate.rounded()))
        }
        return ExplorationCoverage(
            exhaustive: exhaustive, sampled: sampledRuns > 0, schedules: estimate, distinctRuns: seen.count,
            runs: runs, taken: taken)
    }
}
