public import OneLinkEmulator

/// One output a step produced: an SDK callback, a lifecycle event, a routing result, a click decision, ...
///
/// ``fields`` hold what the output carries, keyed as expectations name them
/// (`payload`, `status`, `kind`, `error`, `source`, ...); SDK payloads are
/// already converted to the run's ``ValueProfile``.
public struct ScenarioObservation: Sendable, Hashable {
    /// The output name, such as `onConversionDataSuccess`.
    public var output: String
    /// The output's fields.
    public var fields: [String: AttributionValue]

    /// Creates an observation.
    public init(_ output: String, fields: [String: AttributionValue] = [:]) {
        self.output = output
        self.fields = fields
    }

    /// The observation as one JSON object: `{"output": ..., <fields>}`.
    public var value: AttributionValue {
        var members = fields
        members["output"] = .string(output)
        return .object(members)
    }

    /// The observation written as an exact expectation, the form `--record` writes.
    public var expectation: ScenarioExpectation {
        ScenarioExpectation(output, fields: fields)
    }
}

extension ScenarioObservation: CustomStringConvertible {
    /// The observation as compact JSON.
    public var description: String { value.jsonText() }
}
