import Foundation
public import OneLinkEmulator

extension ScenarioExpectation {
    /// How `observation` differs from this expectation, one readable line per difference; empty when it matches.
    ///
    /// Lines start with `~` (different value), `-` (expected but missing) or
    /// `+` (observed but not expected, in an exact payload), name the key path,
    /// and give both values with their JSON types.
    ///
    /// - Parameters:
    ///   - observation: What the step produced.
    ///   - profile: When given, the expected `payload` of an SDK callback (``profiledOutputs``) is
    ///     converted through it first. Under ``ValueProfile/documented`` the payload's scalars also
    ///     compare by meaning, because expectations are written in the real SDK's types and the
    ///     profile types link values from their text.
    public func differences(from observation: ScenarioObservation, profile: ValueProfile? = nil) -> [String] {
        mismatches(from: observation, profile: profile).map(\.text)
    }

    /// How `observation` differs from this expectation, as structured differences whose `text` is the line ``differences(from:profile:)`` gives.
    ///
    /// - Parameters:
    ///   - observation: What the step produced.
    ///   - profile: As for ``differences(from:profile:)``.
    ///   - output: The output's one-based position in its step, for ``ScenarioDifference/output``.
    public func mismatches(
        from observation: ScenarioObservation, profile: ValueProfile? = nil, output position: Int = 1
    ) -> [ScenarioDifference] {
        guard observation.output == output else {
            return [
                ScenarioDifference(
                    kind: .wrongOutput, output: position, path: "output", expected: .string(output),
                    found: .string(observation.output),
                    text:
                        "~ output: expected \(output), found \(observation.output) \(observation.fieldsText)")
            ]
        }
        var found: [ScenarioDifference] = []
        for key in fields.keys.sorted() {
            guard var want = fields[key] else { continue }
            guard let got = observation.fields[key] else {
                found.append(
                    ScenarioDifference(
                        kind: .missing, output: position, path: key, expected: want, found: nil,
                        text: "- \(key): expected \(Self.describe(want)), missing"))
                continue
            }
            if key == "payload" {
                var types = self.types
                if let profile, Self.profiledOutputs.contains(output) {
                    want = profile.apply(want)
                    if profile == .documented { types = .loose }
                }
                compare(
                    want, got, path: key, exact: match == .exact, types: types, output: position, into: &found
                )
            } else {
                compare(want, got, path: key, exact: false, types: types, output: position, into: &found)
            }
        }
        return found
    }

    private func compare(
        _ want: AttributionValue, _ got: AttributionValue, path: String, exact: Bool, types: TypeMatching,
        output: Int, into found: inout [ScenarioDifference]
    ) {
        // Equal values have no difference at any depth; most expectations match, so skip the walk.
        if want == got { return }
        switch (want, got) {
        case (.object(let wanted), .object(let observed)):
            for key in Set(wanted.keys).union(exact ? Set(observed.keys) : []).sorted() {
                let child = path + "." + key
                switch (wanted[key], observed[key]) {
                case (let value?, nil):
                    found.append(
                        ScenarioDifference(
                            kind: .missing, output: output, path: child, expected: value, found: nil,
                            text: "- \(child): expected \(Self.describe(value)), missing"))
                case (nil, let value?):
                    found.append(
                        ScenarioDifference(
                            kind: .unexpected, output: output, path: child, expected: nil, found: value,
                            text: "+ \(child): unexpected \(Self.describe(value))"))
                case (let left?, let right?):
                    compare(
                        left, right, path: child, exact: exact, types: types, output: output, into: &found)
                case (nil, nil): break
                }
            }
        case (.array(let wanted), .array(let observed)) where wanted.count == observed.count:
            for (index, pair) in zip(wanted, observed).enumerated() {
                compare(
                    pair.0, pair.1, path: "\(path)[\(index)]", exact: exact, types: types, output: output,
                    into: &found)
            }
        default:
            if !Self.equal(want, got, types: types) {
                found.append(
                    ScenarioDifference(
                        kind: .changed, output: output, path: path, expected: want, found: got,
                        text: "~ \(path): expected \(Self.describe(want)), found \(Self.describe(got))"))
            }
        }
    }

    /// The outputs whose `payload` is an SDK payload, converted by a ``ValueProfile``.
    public static let profiledOutputs: Set<String> = [
        "onConversionDataSuccess", "onAppOpenAttribution", "didResolveDeepLink",
    ]

    /// A value with its JSON type, as diffs show it: `integer 1`, `string "1"`, `boolean true`.
    public static func describe(_ value: AttributionValue) -> String {
        "\(value.typeName) \(value.jsonText())"
    }

    /// Whether two values are equal under the given type matching.
    public static func equal(_ left: AttributionValue, _ right: AttributionValue, types: TypeMatching) -> Bool
    {
        if left == right { return true }
        guard types == .loose else { return false }
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.allSatisfy { key, value in b[key].map { equal(value, $0, types: types) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, types: types) }
        default:
            if let x = looseNumber(left), let y = looseNumber(right) { return x == y }
            return left.textValue == right.textValue
        }
    }

    private static func looseNumber(_ value: AttributionValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text):
            if text == "true" { return 1 }
            if text == "false" { return 0 }
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 }) else { return nil }
            return Double(text)
        default: return nil
        }
    }
}

extension ScenarioObservation {
    var fieldsText: String { AttributionValue.object(fields).jsonText() }
}
