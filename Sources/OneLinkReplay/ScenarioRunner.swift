public import Foundation
public import OneLinkEmulator

/// Replays scenarios in process, on a ``ManualClock``, and checks each step's outputs.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: url)
/// let handler = MyAttributionHandler()          // the team's own delegate
/// let result = try await ScenarioRunner().run(scenario, profile: .android, delegate: handler)
/// #expect(result.passed, "\(result.failureReport)")
/// ```
///
/// Nothing sleeps: time moves only in `advance` steps. Each run builds its
/// own SDK, backends and app-side systems, so runs are independent.
public struct ScenarioRunner: Sendable {
    /// Whether each result's ``ScenarioResult/deviceLog`` is recorded: the emulated SDK's lines in the real SDK's shapes.
    ///
    /// Off by default, since formatting them costs time on every callback; `onelink-replay
    /// device-log` and the log-import round trip turn it on.
    public var recordsDeviceLog: Bool

    /// Creates a runner.
    public init(recordsDeviceLog: Bool = false) {
        self.recordsDeviceLog = recordsDeviceLog
    }

    /// Replays a scenario and returns what each step produced, with its verdict.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - profile: The value profile; a scenario that pins one always uses its own.
    ///   - delegate: The team's `AppsFlyerLibDelegate`, which receives every callback
    ///     while the scenario's delegate is set, with payloads in the profile's types.
    ///   - deepLinkDelegate: The team's `DeepLinkDelegate`, used the same way in UDL mode.
    /// - Throws: ``ScenarioError`` when the scenario's backends cannot be built.
    public func run(
        _ scenario: Scenario, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil
    ) async throws(ScenarioError) -> ScenarioResult {
        try await run(
            scenario, profile: profile, delegate: delegate, deepLinkDelegate: deepLinkDelegate, schedule: nil)
    }

    /// Replays a scenario under a schedule run: the app events where its `appEvent` points say,
    /// the quirks its `quirk` points switch, and the SDK's points; without one, a scenario's own
    /// `schedule` is followed.
    package func run(
        _ scenario: Scenario, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil, schedule: ReplaySchedule?
    ) async throws(ScenarioError) -> ScenarioResult {
        let schedule =
            schedule
            ?? (scenario.schedule.isDefault
                ? nil : ReplaySchedule(run: ScheduleRun(schedule: scenario.schedule)))
        let effective = scenario.pinnedProfile ?? profile
        let session = try ReplaySession(
            scenario: scenario, profile: effective, delegate: delegate, deepLinkDelegate: deepLinkDelegate,
            schedule: schedule, recordsDeviceLog: recordsDeviceLog)
        let convert: ValueProfile? = scenario.pinnedProfile == nil ? effective : nil
        // A scenario's outcome outputs are checked over the whole run, not step by step.
        let outcomeOutputs = Set(scenario.outcome?.map(\.output) ?? [])
        // The order a schedule's app events give the steps; without a schedule, the written one.
        let order = schedule.map { scenario.arrangedStepIndexes($0.run) }
        var steps: [ScenarioResult.Step] = []
        steps.reserveCapacity(scenario.steps.count)
        let start = session.clock.now
        // Where the last step's requests ended: the next step starts there unless the run yielded
        // in between, so each step reads the backends' counts once instead of twice.
        var marks: ScenarioBackends.RequestMarks?
        for position in scenario.steps.indices {
            let index = order?[position] ?? position
            // A step whose SDK answers at once never suspends: many replays in a loop, or a long
            // scenario, would otherwise hold their thread (the main actor, for a @MainActor caller)
            // throughout. Once a replay and every 16 steps keeps the cost out of the replay figures.
            if position.isMultiple(of: 16) {
                await Task.yield()
                marks = nil
            }
            let before = marks ?? session.backends.requestMarks
            let milliseconds = Int64((session.clock.now.timeIntervalSince(start) * 1000).rounded())
            // The step's parts are read in place: a copy of the whole step cost a retain and a release
            // per part (`ScenarioStep.kind` is computed, so it took one).
            let action = scenario.steps[index].action
            let observations = await session.perform(action)
            let expectations = scenario.steps[index].expectations
            let after = session.backends.requestMarks
            marks = after
            steps.append(
                ScenarioResult.Step(
                    index: index, kind: action.kind, note: scenario.steps[index].note,
                    observations: observations, expectations: expectations,
                    mismatches: Self.mismatches(
                        expectations,
                        outcomeOutputs.isEmpty
                            ? observations : observations.filter { !outcomeOutputs.contains($0.output) },
                        profile: convert),
                    trace: StepTrace(
                        startMilliseconds: milliseconds,
                        requests: session.backends.requests(from: before, to: after))))
        }
        let trailing = await session.finish()
        if let outcome = scenario.outcome {
            let observed = (steps.flatMap(\.observations) + trailing).filter {
                outcomeOutputs.contains($0.output)
            }
            steps.append(
                ScenarioResult.Step(
                    index: scenario.steps.count, kind: "outcome", note: nil, observations: observed,
                    expectations: outcome, mismatches: Self.mismatches(outcome, observed, profile: convert)))
        }
        var result = ScenarioResult(
            name: scenario.name, file: scenario.file, profile: effective, steps: steps,
            deviceLog: session.log?.deviceLines ?? [])
        result.trailingObservations = trailing
        return result
    }

    /// Reads, decodes and replays one scenario file.
    ///
    /// - Throws: ``ScenarioError`` when the file is not a valid scenario.
    public func run(
        contentsOf url: URL, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil
    ) async throws(ScenarioError) -> ScenarioResult {
        try await run(
            Scenario(contentsOf: url), profile: profile, delegate: delegate,
            deepLinkDelegate: deepLinkDelegate)
    }

    /// The differences between a step's expectations and observations, output by output.
    ///
    /// Each expectation is compared with the step's next unclaimed output of the same name, so one more callback
    /// before the expected one still compares key by key; outputs in another order than expected are a difference
    /// of their own; what is left pairs by position (a wrong output), then is missing or unexpected. Key and value
    /// differences come first.
    static func mismatches(
        _ expectations: [ScenarioExpectation], _ observations: [ScenarioObservation], profile: ValueProfile?
    ) -> [ScenarioDifference] {
        if let paired = inOrder(expectations, observations, profile: profile) { return paired }
        var pairs: [(expectation: Int, observation: Int)] = []
        var claimed = Set<Int>()
        var unpaired: [Int] = []
        for (index, expectation) in expectations.enumerated() {
            if let match = observations.indices.first(where: {
                !claimed.contains($0) && observations[$0].output == expectation.output
            }) {
                claimed.insert(match)
                pairs.append((index, match))
            } else {
                unpaired.append(index)
            }
        }
        // The outputs still come in the expected order: a named output observed before one expected ahead of it is a difference.
        var order: [ScenarioDifference] = []
        var latest: (expectation: Int, observation: Int)?
        for pair in pairs {
            if let previous = latest, pair.observation < previous.observation {
                let name = expectations[pair.expectation].output
                order.append(
                    ScenarioDifference(
                        kind: .wrongOutput, output: pair.expectation + 1, path: "output",
                        expected: .string(name),
                        found: .string(
                            observations[
                                pair.expectation < observations.count ? pair.expectation : pair.observation
                            ].output),
                        text:
                            "~ output: expected \(name) after \(expectations[previous.expectation].output), found it before "
                            + "(output \(pair.observation + 1) of \(observations.count))"))
            } else {
                latest = pair
            }
        }
        var leftover = observations.indices.filter { !claimed.contains($0) }
        for index in unpaired where !leftover.isEmpty {
            pairs.append((index, leftover.removeFirst()))
        }
        let missing = unpaired.dropFirst(pairs.count - (expectations.count - unpaired.count))
        var found: [ScenarioDifference] = []
        for pair in pairs.sorted(by: { $0.expectation < $1.expectation }) {
            found.append(
                contentsOf: expectations[pair.expectation].mismatches(
                    from: observations[pair.observation], profile: profile, output: pair.expectation + 1))
        }
        found.append(contentsOf: order)
        for index in missing {
            let number = index + 1
            found.append(
                ScenarioDifference(
                    kind: .missing, output: number, path: "", expected: .string(expectations[index].output),
                    found: nil,
                    text: "- output \(number): expected \(expectations[index].output), nothing was observed"))
        }
        for index in leftover {
            let observed = observations[index]
            let number = index + 1
            found.append(
                ScenarioDifference(
                    kind: .unexpected, output: number, path: "", expected: nil, found: observed.value,
                    text: "+ output \(number): unexpected \(observed.output) \(observed.fieldsText)"))
        }
        // Key and value differences lead; a whole output missing or unexpected follows.
        let keyed = found.filter { !$0.path.isEmpty && $0.kind != .wrongOutput }
        return keyed + found.filter { $0.path.isEmpty || $0.kind == .wrongOutput }
    }

    /// The differences when each expectation names the output observed at its own position, as in
    /// most steps: then the pairing ``mismatches(_:_:profile:)`` makes is position by position, with
    /// nothing out of order, missing or unexpected, and it need not be searched for; `nil` otherwise.
    private static func inOrder(
        _ expectations: [ScenarioExpectation], _ observations: [ScenarioObservation], profile: ValueProfile?
    ) -> [ScenarioDifference]? {
        guard expectations.count == observations.count,
            zip(expectations, observations).allSatisfy({ $0.output == $1.output })
        else { return nil }
        var found: [ScenarioDifference] = []
        for index in expectations.indices {
            let differences = expectations[index].mismatches(
                from: observations[index], profile: profile, output: index + 1)
            // Most outputs match: appending nothing still remade the (empty, shared) buffer.
            if !differences.isEmpty { found.append(contentsOf: differences) }
        }
        guard !found.isEmpty else { return found }
        let keyed = found.filter { !$0.path.isEmpty && $0.kind != .wrongOutput }
        return keyed + found.filter { $0.path.isEmpty || $0.kind == .wrongOutput }
    }

    /// The readable lines of `mismatches`: whole-output ones as they are, the others under an `output N (kind):` header.
    static func lines(_ mismatches: [ScenarioDifference], _ expectations: [ScenarioExpectation]) -> [String] {
        var lines: [String] = []
        var header: Int?
        for mismatch in mismatches {
            if mismatch.path.isEmpty {
                lines.append(mismatch.text)
                header = nil
                continue
            }
            if header != mismatch.output {
                lines.append("output \(mismatch.output) (\(expectations[mismatch.output - 1].output)):")
                header = mismatch.output
            }
            lines.append("  " + mismatch.text)
        }
        return lines
    }
}
