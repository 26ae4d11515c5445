import OneLinkEmulator
import Testing

/// The search and the shrinker on a tree of points with no SDK under it: which schedules run, how
/// many exist, and what the smallest failing one is.
@Suite("Schedules: search and shrinking", .timeLimit(.minutes(5)))
struct ScheduleSearchTests {
    /// Meets `a` (2 alternatives), then `b` (3) after `a`'s second alternative or `c` (2) after its first: 5 paths.
    static func walk(_ run: ScheduleRun) -> String {
        let first = run.choose("a", alternatives: ["a0", "a1"])
        if first == 1 { return "a1 b\(run.choose("b", alternatives: ["b0", "b1", "b2"]))" }
        return "a0 c\(run.choose("c", alternatives: ["c0", "c1"]))"
    }

    static func search(
        _ budget: ExplorationBudget, seed: UInt64 = 0
    ) -> (paths: [String], coverage: ExplorationCoverage) {
        var search = ScheduleSearch(budget: budget, seed: seed, explored: ["a", "b", "c"])
        var paths: [String] = []
        while let run = search.next() {
            paths.append(walk(run))
            search.record(run)
        }
        return (paths, search.coverage)
    }

    @Test("a space that fits the budget runs every path once, depth first, and counts them exactly")
    func exhaustive() {
        let (paths, coverage) = Self.search(.runs(100))
        #expect(paths == ["a0 c0", "a0 c1", "a1 b0", "a1 b1", "a1 b2"])
        #expect(coverage.exhaustive && !coverage.sampled)
        #expect(coverage.schedules == 5 && coverage.distinctRuns == 5 && coverage.runs == 5)
        #expect(coverage.taken["a"] == ["a0": 2, "a1": 3])
        #expect(coverage.taken["b"] == ["b0": 1, "b1": 1, "b2": 1])
        #expect(coverage.description.hasPrefix("5 of 5 schedules (every one)"))
    }

    @Test(
        "a larger space is sampled within the budget, the same way for the same seed, differently for another"
    )
    func sampled() {
        let first = Self.search(.runs(3), seed: 7)
        #expect(first.paths.count == 3)
        #expect(first.coverage.sampled && !first.coverage.exhaustive)
        #expect(Self.search(.runs(3), seed: 7).paths == first.paths)
        let many = (0..<20).map { Self.search(.runs(3), seed: $0).paths }
        #expect(Set(many).count > 1)
        #expect(first.coverage.description.contains("(sampled)"))
    }

    @Test(
        "a sample keeps finding alternatives it has not taken: 40 runs take every alternative of every choice"
    )
    func coverageGuided() {
        let (_, coverage) = Self.search(.runs(40))
        // A budget above the estimate walks in order; force the sampler with a larger tree instead.
        #expect(coverage.taken.values.allSatisfy { $0.values.allSatisfy { $0 > 0 } })
        var search = ScheduleSearch(budget: .runs(60), seed: 1, explored: ["x"])
        while let run = search.next() {
            for index in 0..<8 { _ = run.choose("x", label: "\(index)", alternatives: ["x0", "x1", "x2"]) }
            search.record(run)
        }
        let taken = search.coverage.taken["x"] ?? [:]
        #expect(search.coverage.sampled)
        #expect(taken.count == 3 && taken.values.allSatisfy { $0 > 0 })
    }

    @Test("a budget in seconds ends the search once that much wall time has passed, after at least one run")
    func secondsBudget() {
        let (paths, coverage) = Self.search(ExplorationBudget(runs: 100, seconds: 0.000_001))
        #expect(paths.count == 1)
        #expect(!coverage.exhaustive)
        #expect(ExplorationBudget.seconds(2).description == "1000000 runs or 2.0 s")
    }

    @Test("a failing schedule shrinks to the fewest decisions, then the earliest alternatives")
    func shrinks() async {
        // Three independent points; a run fails when y takes any alternative but its first.
        func points(of schedule: SDKSchedule) -> (failed: Bool, points: [SDKSchedule.Point]) {
            let run = ScheduleRun(schedule: schedule, explored: ["x", "y", "z"])
            _ = run.choose("x", alternatives: ["x0", "x1"])
            let y = run.choose("y", alternatives: ["y0", "y1", "y2"])
            _ = run.choose("z", alternatives: ["z0", "z1"])
            return (y != 0, run.points)
        }
        let found = SDKSchedule("x.1=x1 y.1=y2 z.1=z1")!
        let shrunk = await ScheduleShrinker.shrink(found, points: points(of: found).points, maxRuns: 50) {
            points(of: $0)
        }
        #expect(shrunk.schedule.description == "y.1=y1")
        #expect(shrunk.runs <= 10)
    }

    @Test(
        "a run follows its schedule's decisions, records only explored or named points, and replays from what it met"
    )
    func runFollowsSchedule() {
        let run = ScheduleRun(schedule: SDKSchedule("a.1=a1")!, explored: ["b"])
        #expect(run.choose("a", alternatives: ["a0", "a1"]) == 1)
        #expect(run.choose("c", alternatives: ["c0", "c1"]) == 0)
        #expect(run.choose("b", alternatives: ["b0", "b1"]) == 0)
        #expect(run.choose("b", alternatives: ["only"]) == 0)
        #expect(run.points.map(\.description) == ["a.1=a1 of [a0, a1]", "b.1=b0 of [b0, b1]"])
        #expect(run.followed.description == "a.1=a1")
    }
}
