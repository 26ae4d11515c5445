public import OneLinkEmulator

/// One way a step's outputs differ from its expectations, with the fields a tool needs and the line a person reads.
///
/// `onelink-replay run --format json` writes these as the verdict's `mismatches`, next to the
/// text lines of `differences`.
public struct ScenarioDifference: Sendable, Hashable {
    /// What kind of difference it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A value differs from the expected one (`~` in the text).
        case changed
        /// An expected output or key was not observed (`-`).
        case missing
        /// An output, or a key of an exact payload, was observed but not expected (`+`).
        case unexpected
        /// The output at this position is of another kind than expected, such as `onConversionDataFail` for `onConversionDataSuccess`.
        case wrongOutput
    }

    /// The kind of difference.
    public var kind: Kind
    /// The output's one-based position in the step.
    public var output: Int
    /// The key path inside the output, such as `payload.deep_link_value` or `status`; empty for a whole output.
    public var path: String
    /// The expected value: the output's name for a whole output, `nil` for an unexpected one.
    public var expected: AttributionValue?
    /// The observed value: the observed output's fields for a whole output, `nil` for a missing one.
    public var found: AttributionValue?
    /// The line a person reads, as in `differences`: `~ payload.x: expected string "1", found integer 1`.
    public var text: String

    /// Creates a difference.
    public init(
        kind: Kind, output: Int, path: String, expected: AttributionValue?, found: AttributionValue?,
        text: String
    ) {
        self.kind = kind
        self.output = output
        self.path = path
        self.expected = expected
        self.found = found
        self.text = text
    }

    /// The difference as a JSON object: `kind`, `output`, `path`, `expected` and `found` when known, `text`.
    public var jsonValue: AttributionValue {
        var object: [String: AttributionValue] = [
            "kind": .string(kind.rawValue), "output": .int(output), "path": .string(path),
            "text": .string(text),
        ]
        if let expected { object["expected"] = expected }
        if let found { object["found"] = found }
        return .object(object)
    }
}
