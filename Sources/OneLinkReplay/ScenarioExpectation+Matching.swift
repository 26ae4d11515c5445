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
        // Most expectations match: check every field first, in any order and building no path, and
        // sort the keys and walk the values only to report what differs.
        if fields.allSatisfy({ key, want in
            guard let got = observation.fields[key] else { return false }
            // As `comparison(for:_:profile:)` says, without copying `want` into its answer when
            // nothing converts it (any field but a profiled payload).
            guard key == "payload", let profile, profile != .ios, Self.profiledOutputs.contains(output) else {
                return Self.matches(want, got, exact: key == "payload" && match == .exact, types: types)
            }
            let rule = comparison(for: key, want, profile: profile)
            return Self.matches(rule.want, got, exact: rule.exact, types: rule.types)
        }) {
            return []
        }
        var found: [ScenarioDifference] = []
        for key in fields.keys.sorted() {
            guard let want = fields[key] else { continue }
            guard let got = observation.fields[key] else {
                found.append(
                    ScenarioDifference(
                        kind: .missing, output: position, path: key, expected: want, found: nil,
                        text: "- \(key): expected \(Self.describe(want)), missing"))
                continue
            }
            let rule = comparison(for: key, want, profile: profile)
            compare(
                rule.want, got, path: key, exact: rule.exact, types: rule.types, output: position,
                into: &found)
        }
        return found
    }

    /// How the field `key` is compared: `payload` by ``match``, through `profile` for an SDK callback; any other field as a subset.
    private func comparison(
        for key: String, _ want: AttributionValue, profile: ValueProfile?
    ) -> (want: AttributionValue, exact: Bool, types: TypeMatching) {
        guard key == "payload" else { return (want, false, types) }
        // iOS converts nothing and keeps the expectation's type matching: no need to look the output up.
        guard let profile, profile != .ios, Self.profiledOutputs.contains(output) else {
            return (want, match == .exact, types)
        }
        return (profile.apply(want), match == .exact, profile == .documented ? .loose : types)
    }

    /// Whether `compare` would find no difference between `want` and `got`, without building its paths.
    static func matches(
        _ want: AttributionValue, _ got: AttributionValue, exact: Bool, types: TypeMatching
    ) -> Bool {
        if want == got { return true }
        switch (want, got) {
        case (.object(let wanted), .object(let observed)):
            // Exact: every wanted key observed, and as many keys on both sides, is the same key set.
            if exact, wanted.count != observed.count { return false }
            return wanted.allSatisfy { key, value in
                observed[key].map { matches(value, $0, exact: exact, types: types) } ?? false
            }
        case (.array(let wanted), .array(let observed)) where wanted.count == observed.count:
            return zip(wanted, observed).allSatisfy { matches($0, $1, exact: exact, types: types) }
        default:
            return equal(want, got, types: types)
        }
    }

    func compare(
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
