public import OneLinkEmulator

/// What replaying one scenario observed, and whether every step met its expectations.
public struct ScenarioResult: Sendable {
    /// One step's outputs and verdict.
    public struct Step: Sendable {
        /// The step's zero-based index in `$.steps`.
        public var index: Int
        /// The step kind, as `do` names it.
        public var kind: String
        /// The step's note, if any.
        public var note: String?
        /// Everything the step produced, in order.
        public var observations: [ScenarioObservation]
        /// The step's expectations.
        public var expectations: [ScenarioExpectation]
        /// How the observations differ from the expectations, one structured entry each; empty when the step passed.
        public var mismatches: [ScenarioDifference]

        /// The readable lines of ``mismatches``: an `output N (kind):` header over the indented lines of each output.
        public var differences: [String] { ScenarioRunner.lines(mismatches, expectations) }
        /// What the step sent to the backends and when it started, for ``ScenarioDiagram``.
        var trace = StepTrace()

        /// Whether the step met its expectations.
        public var passed: Bool { mismatches.isEmpty }
    }

    /// The scenario's name.
    public var name: String
    /// The scenario's file.
    public var file: String
    /// The profile the scenario ran in.
    public var profile: ValueProfile
    /// Every step, in order.
    public var steps: [Step]
    /// What the emulated SDK printed in the real SDK's line shapes during the run.
    ///
    /// Recorded when the runner's ``ScenarioRunner/recordsDeviceLog`` is on or the scenario sets `sdk.debug`; empty otherwise.
    ///
    /// `onelink-replay device-log` prints it; `onelink-replay import-log` turns it back into a scenario.
    public var deviceLog: [DeviceLogLine] = []
    /// What the run produced after its last step, while work still waiting on the clock ran out:
    /// no step reports it; a scenario's `outcome` and the explorers count it.
    public var trailingObservations: [ScenarioObservation] = []

    /// Whether every step met its expectations.
    public var passed: Bool { steps.allSatisfy(\.passed) }

    /// Every output of every step, in order.
    public var observations: [ScenarioObservation] { steps.flatMap(\.observations) }

    /// The readable diff of every failed step: a `step N (kind):` header, then indented lines.
    public var failureReport: String {
        var text = ""
        for step in steps where !step.passed {
            text += "step \(step.index) (\(step.kind)):\n"
            for line in step.differences { text += "  \(line)\n" }
        }
        return text
    }
}

/// The backend requests one step made and the virtual time it started at.
struct StepTrace: Sendable, Hashable {
    /// One request the SDK sent to a backend.
    enum Request: Sendable, Hashable {
        /// A short-link resolution, `template/shortID`.
        case shortLink(String)
        /// A conversion-data (`install_data`) request.
        case conversion
        /// A UDL deferred-deep-link lookup.
        case deferred
    }

    /// Milliseconds of virtual time since the scenario started, when the step began.
    var startMilliseconds: Int64 = 0
    /// The requests, conversion data first, then deferred lookups, then short links.
    var requests: [Request] = []
}
