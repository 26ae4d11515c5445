import Foundation

/// Writes a run's observations back into its scenario file as exact expectations (`--record`).
enum ScenarioRecorder {
    /// Rewrites `file` with every step's `expect` set to what the step produced.
    ///
    /// The rest of the document is kept; the file is written with sorted keys and two-space indentation.
    static func record(_ result: ScenarioResult, into file: String) throws(ScenarioError) {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(file: file, path: "$", reason: .unreadable(error.localizedDescription))
        }
        guard case .object(var top)? = try? AttributionValue(json: data),
            case .array(var steps)? = top["steps"],
            steps.count == result.steps.count
        else {
            throw ScenarioError(file: file, path: "$.steps", reason: .invalidValue("changed while recording"))
        }
        for step in result.steps {
            guard case .object(var members) = steps[step.index] else { continue }
            if step.observations.isEmpty {
                members["expect"] = nil
            } else {
                members["expect"] = .array(step.observations.map(\.value))
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
}
