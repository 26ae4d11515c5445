import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Writes a run's observations back into its scenario file as exact expectations (`--record`).
package enum ScenarioRecorder {
    /// Rewrites `file` with every step's `expect` set to what the step produced.
    ///
    /// An observed output that replaces an expectation of the same output keeps that expectation's
    /// `match` and `types`; a `subset` payload keeps only the keys it named (with their observed
    /// values). The rest of the document is kept; the file is written with sorted keys and
    /// two-space indentation.
    package static func record(_ result: ScenarioResult, into file: String) throws(ScenarioError) {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try RegularFile.contents(of: file)
        } catch {
            throw ScenarioError(file: file, path: "$", reason: .unreadable(error.description))
        }
        // A scenario's outcome is checked over the whole run: its outputs stay out of the steps.
        let outcome = result.steps.first { $0.kind == "outcome" }
        let outcomeOutputs = Set(outcome?.expectations.map(\.output) ?? [])
        let recorded = result.steps.filter { $0.kind != "outcome" }
        guard case .object(var top)? = try? AttributionValue(json: data),
            case .array(var steps)? = top["steps"],
            steps.count == recorded.count
        else {
            throw ScenarioError(file: file, path: "$.steps", reason: .invalidValue("changed while recording"))
        }
        for step in recorded {
            guard case .object(var members) = steps[step.index] else { continue }
            let observations = step.observations.filter { !outcomeOutputs.contains($0.output) }
            if observations.isEmpty {
                members["expect"] = nil
            } else {
                let previous = members["expect"]?.arrayValue ?? []
                members["expect"] = .array(
                    observations.enumerated().map { index, observation in
                        keepingModes(
                            of: index < previous.count ? previous[index] : nil, in: observation.value)
                    })
            }
            steps[step.index] = .object(members)
        }
        top["steps"] = .array(steps)
        do {
            try Data((AttributionValue.object(top).jsonText(pretty: true) + "\n").utf8).write(
                to: url, options: .atomic)
        } catch {
            throw ScenarioError(
                file: file, path: "$", reason: .unreadable("cannot write: \(error.localizedDescription)"))
        }
    }

    /// `observed`, with the `match` and `types` of `previous` when both describe the same output.
    static func keepingModes(
        of previous: AttributionValue?, in observed: AttributionValue
    ) -> AttributionValue {
        guard case .object(let old)? = previous, case .object(var new) = observed,
            old["output"] == new["output"]
        else { return observed }
        if let types = old["types"] { new["types"] = types }
        if let match = old["match"] {
            new["match"] = match
            if match == .string("subset"), case .object(let oldPayload)? = old["payload"],
                case .object(let newPayload)? = new["payload"]
            {
                new["payload"] = .object(newPayload.filter { oldPayload[$0.key] != nil })
            }
        }
        return .object(new)
    }

    /// Writes a starter scenario to `file`, which does not exist yet: a first launch, to record into.
    package static func createStarter(at file: String) -> Result<Void, ScenarioError> {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let starter: AttributionValue = [
            "name": .string(name),
            "description": .string(
                "Created by onelink-replay run --record: edit the backend and steps, then record again."),
            "backend": ["install": "organic"],
            "steps": [["do": "start"]],
        ]
        do {
            try Data((starter.jsonText(pretty: true) + "\n").utf8).write(
                to: URL(fileURLWithPath: file), options: .withoutOverwriting)
            return .success(())
        } catch {
            let reason =
                FileManager.default.fileExists(
                    atPath: (file as NSString).deletingLastPathComponent.isEmpty
                        ? "." : (file as NSString).deletingLastPathComponent)
                ? "cannot be created: \(error.localizedDescription)"
                : "cannot be created: its folder does not exist"
            return .failure(ScenarioError(file: file, path: "$", reason: .unreadable(reason)))
        }
    }
}
