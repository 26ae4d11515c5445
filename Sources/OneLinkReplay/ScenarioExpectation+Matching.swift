import Foundation
import OneLinkEmulator

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
        guard observation.output == output else {
            return ["~ output: expected \(output), found \(observation.output) \(observation.fieldsText)"]
        }
        var lines: [String] = []
        for key in fields.keys.sorted() {
            guard var want = fields[key] else { continue }
            guard let got = observation.fields[key] else {
                lines.append("- \(key): expected \(Self.describe(want)), missing")
                continue
            }
            if key == "payload" {
                var types = self.types
                if let profile, Self.profiledOutputs.contains(output) {
                    want = profile.apply(want)
                    if profile == .documented { types = .loose }
                }
                compare(want, got, path: key, exact: match == .exact, types: types, into: &lines)
            } else {
                compare(want, got, path: key, exact: false, types: types, into: &lines)
            }
        }
        return lines
    }

    private func compare(
        _ want: AttributionValue, _ got: AttributionValue, path: String, exact: Bool, types: TypeMatching,
        into lines: inout [String]
    ) {
        // Equal values have no difference at any depth; most expectations match, so skip the walk.
        if want == got { return }
        switch (want, got) {
        case (.object(let wanted), .object(let observed)):
            for key in Set(wanted.keys).union(exact ? Set(observed.keys) : []).sorted() {
                let child = path + "." + key
                switch (wanted[key], observed[key]) {
                case (let value?, nil): lines.append("- \(child): expected \(Self.describe(value)), missing")
                case (nil, let value?): lines.append("+ \(child): unexpected \(Self.describe(value))")
                case (let left?, let right?):
                    compare(left, right, path: child, exact: exact, types: types, into: &lines)
                case (nil, nil): break
                }
            }
        case (.array(let wanted), .array(let observed)) where wanted.count == observed.count:
            for (index, pair) in zip(wanted, observed).enumerated() {
                compare(pair.0, pair.1, path: "\(path)[\(index)]", exact: exact, types: types, into: &lines)
            }
        default:
            if !Self.equal(want, got, types: types) {
                lines.append("~ \(path): expected \(Self.describe(want)), found \(Self.describe(got))")
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
