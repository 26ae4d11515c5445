public import OneLinkEmulator

/// Runs a test body once per schedule the real SDK may deliver in, and fails the test with the smallest schedule that breaks it.
///
/// The emulator delivers in one order by default; the real SDK does not promise it
/// (`Docs/behaviour.md`, "Schedules"). An explorer runs the body once per ``SDKSchedule`` over the
/// choices of ``groups``: every one when they fit the ``budget``, a seeded, coverage-guided sample
/// when they do not. The body builds its SDK and handler, hands the SDK to the run
/// (``ExplorationRun/attach(_:)``), drives it, and throws when the handler misbehaved
/// (``require(_:_:fileID:filePath:line:column:)``). The first failure is shrunk to the smallest
/// failing schedule and recorded once, through ``TestFailure``, under Swift Testing or XCTest,
/// with the schedule to pin: `sdk.schedule = SDKSchedule("…")!`.
///
/// ```swift
/// @Test func routesTheDeferredLinkInEveryOrder() async {
///     await Explorer().explore { run in
///         let clock = ManualClock()
///         let sdk = AppsFlyerLib(/* backends on clock */ clock: clock)
///         let router = LinkRouter()
///         sdk.delegate = router
///         sdk.deepLinkDelegate = router
///         run.attach(sdk)
///         _ = await sdk.perform(.start)
///         try Explorer.require(router.routes == ["apples"], "routed \(router.routes)")
///     }
/// }
/// ```
///
/// For a replay scenario (with app events such as UI readiness), `OneLinkReplayTestSupport` adds
/// `explore(_:handler:check:)`.
public struct Explorer: Sendable {
    /// What exploring found: the coverage, and the smallest failing schedule with its problem.
    public struct Report: Sendable {
        /// What the exploration covered.
        public var coverage: ExplorationCoverage
        /// The smallest failing schedule found, or `nil` when every run passed.
        public var failingSchedule: SDKSchedule?
        /// What the body threw under ``failingSchedule``.
        public var problem: String?
        /// Wall-clock seconds, shrinking included.
        public var seconds: Double

        /// Whether every run passed.
        public var passed: Bool { failingSchedule == nil }
    }

    /// What ``require(_:_:fileID:filePath:line:column:)`` throws: the body's own account of what went wrong.
    public struct CheckFailure: Error, CustomStringConvertible {
        /// The message.
        public var message: String
        /// Where the check was made.
        public var location: String

        /// The message and where it was made.
        public var description: String { "\(message) (\(location))" }
    }

    /// How many runs (and seconds) the exploration may take.
    public var budget: ExplorationBudget
    /// The sampler's seed, when the space is sampled.
    public var seed: UInt64
    /// The groups of choices explored (app events exist only in replay scenarios).
    public var groups: Set<SDKScheduleChoice.Group>
    /// The releases the app supports, whose quirks a run may switch; `nil` for none.
    public var releases: ClosedRange<SDKRelease>?

    /// Creates an explorer.
    public init(
        budget: ExplorationBudget = ExplorationBudget(), seed: UInt64 = 0,
        groups: Set<SDKScheduleChoice.Group> = [.orders, .appEvents, .releases],
        releases: ClosedRange<SDKRelease>? = nil
    ) {
        self.budget = budget
        self.seed = seed
        self.groups = groups
        self.releases = releases
    }

    /// Fails the run with `message` unless `condition` holds: an explored body's assertion.
    public static func require(
        _ condition: Bool, _ message: @autoclosure () -> String, fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) throws(CheckFailure) {
        guard !condition else { return }
        throw CheckFailure(message: message(), location: "\(fileID):\(line)")
    }

    /// Runs `body` once per schedule and records one test failure for the smallest failing schedule.
    ///
    /// - Returns: The coverage and the failing schedule, if any.
    @discardableResult
    public func explore(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ body: (ExplorationRun) async throws -> Void
    ) async -> Report {
        let started = ContinuousClock.now
        var search = ScheduleSearch(budget: budget, seed: seed, groups: groups)
        func attempt(_ run: ScheduleRun) async -> String? {
            do {
                try await body(ExplorationRun(run, releases: releases))
                return nil
            } catch {
                return String(describing: error)
            }
        }
        var failing: (schedule: SDKSchedule, problem: String, points: [SDKSchedule.Point])?
        while let run = search.next() {
            let problem = await attempt(run)
            search.record(run)
            if let problem {
                failing = (run.followed, problem, run.points)
                break
            }
        }
        let coverage = search.coverage
        guard var (schedule, problem, points) = failing else {
            return Report(
                coverage: coverage, failingSchedule: nil, problem: nil, seconds: Self.seconds(since: started))
        }
        let found = schedule
        if !schedule.isDefault {
            let shrunk = await ScheduleShrinker.shrink(schedule, points: points, maxRuns: budget.shrinkRuns) {
                candidate in
                let run = ScheduleRun(schedule: candidate)
                return (await attempt(run) != nil, run.points)
            }
            if shrunk.schedule != schedule {
                schedule = shrunk.schedule
                problem = await attempt(ScheduleRun(schedule: schedule)) ?? problem
            }
            points = shrunk.points
        }
        let coverageLine = coverage.description.split(separator: "\n").first.map(String.init) ?? ""
        TestFailure.record(
            """
            a schedule the real SDK may deliver in breaks the test (\(coverageLine)):
              schedule: \(schedule)\(found != schedule ? " (found as \(found))" : "")
              \(problem)
            Pin it in the test to reproduce: sdk.schedule = SDKSchedule("\(schedule)")!
            """, fileID: fileID, filePath: filePath, line: line, column: column)
        return Report(
            coverage: coverage, failingSchedule: schedule, problem: problem,
            seconds: Self.seconds(since: started))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
