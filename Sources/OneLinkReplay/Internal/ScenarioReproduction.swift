import OneLinkEmulator

/// Writes a failing explored run as an ordinary scenario, which `onelink-replay run` replays as it failed.
struct ScenarioReproduction {
    let scenario: Scenario
    /// The scenario's JSON, which the reproduction keeps but for its steps, name and schedule.
    let document: AttributionValue

    /// The reproduction's JSON text: the steps in the order the run performed them (so no app event
    /// needs a decision), the other decisions of `schedule` in `schedule`, each step's outputs as
    /// observed, and the app's outcome, over the whole run, as the scenario expects it.
    func json(schedule: SDKSchedule, result: ScenarioResult) -> String {
        guard case .object(var top) = document, case .array(let steps)? = top["steps"] else {
            return document.jsonText(pretty: true) + "\n"
        }
        let (expected, names) = ScenarioExplorer.expectedOutcome(scenario)
        let writesOutcome = scenario.outcome != nil || !expected.isEmpty
        if scenario.outcome == nil, writesOutcome {
            top["outcome"] = .array(
                steps.flatMap { step -> [AttributionValue] in
                    (step["expect"]?.arrayValue ?? []).filter {
                        $0["output"]?.stringValue.map(names.contains) ?? false
                    }
                })
        }
        var written: [AttributionValue] = []
        for step in result.steps where step.kind != "outcome" && step.index < steps.count {
            guard case .object(var members) = steps[step.index] else { continue }
            let observed = step.observations.filter { !writesOutcome || !names.contains($0.output) }
            members["expect"] = observed.isEmpty ? nil : .array(observed.map(\.value))
            written.append(.object(members))
        }
        top["steps"] = .array(written)
        let remaining = SDKSchedule(schedule.decisions.filter { $0.choice != .appEvent })
        top["schedule"] =
            remaining.isDefault ? nil : .array(remaining.decisions.map { .string($0.description) })
        top["name"] = .string("\(scenario.name) (explored: \(schedule))")
        top["description"] = .string(
            "The smallest schedule onelink-replay explore found failing for \(scenario.file): \(schedule). "
                + "The steps are in the order that schedule ran them, the SDK's outputs as observed, and the app's "
                + "outcome as the original scenario expects it, so this run fails until the handler is fixed."
        )
        return AttributionValue.object(top).jsonText(pretty: true) + "\n"
    }
}
