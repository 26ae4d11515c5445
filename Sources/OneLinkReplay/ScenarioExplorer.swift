public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// Replays a scenario once per schedule the real SDK may deliver in, and hands back the smallest one that breaks it.
///
/// ```swift
/// let report = try await ScenarioExplorer().explore(contentsOf: url)
/// print(report.summary)                       // PASS ...: 12 of 12 schedules (exhaustive)
/// if let failure = report.failure { print(failure.reproduction ?? "") }
/// ```
///
/// Each run follows one ``SDKSchedule`` over the choices of ``groups`` (`Docs/behaviour.md`,
/// "Schedules"): every schedule when the space fits the ``budget``, a seeded sample when it does
/// not (``ScheduleSearch``). A run fails when:
///
/// - the default schedule's run does not meet the scenario's expectations;
/// - the app's outcome differs: the scenario's `outcome`, or else the `route`, `navigate`,
///   `routingError` and `lifecycleError` outputs its steps expect, over the whole run, in order;
/// - the SDK's callbacks differ from the default run's in more than their order, under a
///   schedule that only reorders (a quirk or a late answer may change them);
/// - the team's `check` throws.
///
/// The first failure is shrunk to the smallest failing schedule and written out as an ordinary
/// scenario (``ExplorationReport/Failure/reproduction``).
public struct ScenarioExplorer: Sendable {
    /// The groups explored when none are named: orders, app events and release quirks; latencies are opt-in.
    public static let defaultGroups: Set<SDKScheduleChoice.Group> = [.orders, .appEvents, .releases]
    /// The outputs that make up an app's outcome when a scenario has no `outcome`.
    public static let outcomeOutputs: Set<String> = ["route", "navigate", "routingError", "lifecycleError"]
    /// The SDK's callbacks, which only a schedule that changes the outcome may add or remove.
    static let callbackOutputs: Set<String> = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
        "onAppOpenAttributionFailure",
        "didResolveDeepLink", "startCompletion",
    ]

    /// How many runs (and seconds) the exploration may take.
    public var budget: ExplorationBudget
    /// The seed of the sampler, when the space is sampled: the same seed runs the same schedules.
    public var seed: UInt64
    /// The groups of choices explored.
    public var groups: Set<SDKScheduleChoice.Group>
    /// The releases the app supports, whose quirks a run may switch on or off (`quirk` points); `nil` for none.
    public var releases: ClosedRange<SDKRelease>?
    /// The value profile the runs replay in.
    public var profile: ValueProfile

    /// Creates an explorer.
    public init(
        budget: ExplorationBudget = ExplorationBudget(), seed: UInt64 = 0,
        groups: Set<SDKScheduleChoice.Group> = ScenarioExplorer.defaultGroups,
        releases: ClosedRange<SDKRelease>? = nil, profile: ValueProfile = .ios
    ) {
        self.budget = budget
        self.seed = seed
        self.groups = groups
        self.releases = releases
        self.profile = profile
    }

    /// Reads a scenario file and explores it with its own expectations.
    ///
    /// - Throws: ``ScenarioError`` when the file is not a valid scenario.
    public func explore(
        contentsOf url: URL, file: String? = nil
    ) async throws(ScenarioError) -> ExplorationReport {
        let (scenario, document) = try Self.read(url, file: file)
        return try await explore(scenario, document: document)
    }

    /// Explores a scenario with its own expectations.
    ///
    /// - Parameter document: The scenario's JSON, for the failure's reproduction; without it there is none.
    /// - Throws: ``ScenarioError`` when the scenario's backends cannot be built.
    public func explore(
        _ scenario: Scenario, document: AttributionValue? = nil
    ) async throws(ScenarioError)
        -> ExplorationReport
    {
        try await explore(scenario, document: document) { (schedule: ReplaySchedule) throws(ScenarioError) in
            (try await ScenarioRunner().run(scenario, profile: profile, schedule: schedule), nil)
        }
    }

    /// Explores a scenario with a team's handler: a fresh one for every run, as both delegates (each role it plays), and the team's check after the run.
    ///
    /// The handler gets the scenario's `appEvent` steps when it is a ``ScenarioAppEventHandler``.
    /// `check` throws to fail the run; its error's description is the problem reported.
    ///
    /// - Throws: ``ScenarioError`` when the scenario's backends cannot be built.
    public func explore<Handler: AnyObject>(
        _ scenario: Scenario, document: AttributionValue? = nil, handler makeHandler: () -> Handler,
        check: (Handler, ScenarioResult) throws -> Void
    ) async throws(ScenarioError) -> ExplorationReport {
        try await explore(scenario, document: document) { (schedule: ReplaySchedule) throws(ScenarioError) in
            let handler = makeHandler()
            let result = try await ScenarioRunner().run(
                scenario, profile: profile, delegate: handler as? any AppsFlyerLibDelegate,
                deepLinkDelegate: handler as? any AppsFlyerDeepLinkDelegate, schedule: schedule)
            do {
                try check(handler, result)
                return (result, nil)
            } catch {
                return (result, String(describing: error))
            }
        }
    }

    /// Reads a scenario file and its JSON document.
    static func read(_ url: URL, file: String?) throws(ScenarioError) -> (Scenario, AttributionValue) {
        let name = file ?? url.path
        let data = try Scenario.contents(of: url, file: name)
        let scenario = try Scenario(json: data, file: name)
        guard let document = try? AttributionValue(json: data) else {
            throw ScenarioError(file: name, path: "$", reason: .invalidJSON("unreadable"))
        }
        return (scenario, document)
    }

    // MARK: - The loop

    private struct Verdict {
        var result: ScenarioResult
        var problems: [String]
        var points: [SDKSchedule.Point]
    }

    private func explore(
        _ scenario: Scenario, document: AttributionValue?,
        runOnce: (ReplaySchedule) async throws(ScenarioError) -> (ScenarioResult, String?)
    ) async throws(ScenarioError) -> ExplorationReport {
        let started = ContinuousClock.now
        var search = ScheduleSearch(budget: budget, seed: seed, groups: groups)
        var baseline: [String]?
        func verdict(_ run: ScheduleRun) async throws(ScenarioError) -> Verdict {
            let (result, checkError) = try await runOnce(ReplaySchedule(run: run, releases: releases))
            var problems: [String] = []
            let schedule = run.followed
            if schedule.isDefault {
                problems += result.failureReport.split(separator: "\n").map(String.init)
            } else {
                problems += outcomeProblems(scenario, result)
                if !schedule.changesOutcome, let baseline {
                    problems += callbackProblems(baseline, Self.callbacks(result))
                }
            }
            if let checkError { problems.append("check: \(checkError)") }
            return Verdict(result: result, problems: problems, points: run.points)
        }
        var failing: (schedule: SDKSchedule, verdict: Verdict)?
        while let run = search.next() {
            let outcome = try await verdict(run)
            search.record(run)
            if baseline == nil { baseline = Self.callbacks(outcome.result) }
            if !outcome.problems.isEmpty {
                failing = (run.followed, outcome)
                break
            }
            // Many replays in a row would otherwise hold the caller's thread throughout.
            if search.coverage.runs.isMultiple(of: 16) { await Task.yield() }
        }
        let coverage = search.coverage
        guard let (found, firstVerdict) = failing else {
            return ExplorationReport(
                name: scenario.name, file: scenario.file, coverage: coverage, failure: nil,
                seconds: Self.seconds(since: started))
        }
        var smallest = (schedule: found, verdict: firstVerdict)
        var shrinkRuns = 0
        if !found.isDefault {
            var error: ScenarioError?
            let shrunk = await ScheduleShrinker.shrink(
                found, points: firstVerdict.points, maxRuns: budget.shrinkRuns
            ) {
                candidate in
                guard error == nil else { return (false, []) }
                do throws(ScenarioError) {
                    let outcome = try await verdict(ScheduleRun(schedule: candidate))
                    return (!outcome.problems.isEmpty, outcome.points)
                } catch let failure {
                    error = failure
                    return (false, [])
                }
            }
            if let error { throw error }
            shrinkRuns = shrunk.runs
            if shrunk.schedule != found {
                smallest = (shrunk.schedule, try await verdict(ScheduleRun(schedule: shrunk.schedule)))
            }
        }
        let failure = ExplorationReport.Failure(
            schedule: smallest.schedule, found: found, problems: smallest.verdict.problems,
            shrinkRuns: shrinkRuns,
            result: smallest.verdict.result,
            reproduction: document.map {
                ScenarioReproduction(scenario: scenario, document: $0).json(
                    schedule: smallest.schedule, result: smallest.verdict.result)
            })
        return ExplorationReport(
            name: scenario.name, file: scenario.file, coverage: coverage, failure: failure,
            seconds: Self.seconds(since: started))
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    // MARK: - The checks

    /// The app's outcome the scenario expects: its `outcome`, else the outcome outputs its steps expect, in order.
    static func expectedOutcome(
        _ scenario: Scenario
    ) -> (expectations: [ScenarioExpectation], names: Set<String>) {
        if let outcome = scenario.outcome { return (outcome, Set(outcome.map(\.output))) }
        return (
            scenario.steps.flatMap(\.expectations).filter { outcomeOutputs.contains($0.output) },
            outcomeOutputs
        )
    }

    private func outcomeProblems(_ scenario: Scenario, _ result: ScenarioResult) -> [String] {
        if scenario.outcome != nil {
            return result.steps.filter { $0.kind == "outcome" }.flatMap { step in
                step.differences.map { "outcome: \($0)" }
            }
        }
        let (expected, names) = Self.expectedOutcome(scenario)
        let observed = (result.observations + result.trailingObservations).filter {
            names.contains($0.output)
        }
        let mismatches = ScenarioRunner.mismatches(expected, observed, profile: nil)
        return ScenarioRunner.lines(mismatches, expected).map { "outcome: \($0)" }
    }

    /// The SDK's callbacks of a run as JSON texts, sorted: what a reordering schedule must keep.
    static func callbacks(_ result: ScenarioResult) -> [String] {
        (result.observations + result.trailingObservations).filter { callbackOutputs.contains($0.output) }
            .map(\.description).sorted()
    }

    private func callbackProblems(_ baseline: [String], _ callbacks: [String]) -> [String] {
        guard baseline != callbacks else { return [] }
        var remaining = baseline
        var gained: [String] = []
        for callback in callbacks {
            if let index = remaining.firstIndex(of: callback) {
                remaining.remove(at: index)
            } else {
                gained.append(callback)
            }
        }
        return remaining.map { "callbacks: - \($0) (delivered in the default schedule, not in this one)" }
            + gained.map { "callbacks: + \($0) (not delivered in the default schedule)" }
    }
}
