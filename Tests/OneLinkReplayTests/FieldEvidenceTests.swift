import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import Testing

/// The field-evidence corpus (`Payloads/field/`) replayed as conformance.
///
/// Each file is one observation of the real SDK from public material. Its
/// scenario puts the emulator in the same situation; the emulator must hand
/// over the same callbacks in the same order, with the same status and
/// `isDeferred`, the same payload keys and the same JSON types per key, and for
/// errors the same `NSError` domain and code. The format and the comparison
/// are described in `Payloads/field/README.md`.
@Suite(.timeLimit(.minutes(5))) struct FieldEvidenceTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Payloads/field")

    /// Every observation file's name, sorted.
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("the corpus has at least 55 observations from at least 40 public sources, and compares values")
    func corpusSize() throws {
        let observations = try Self.files.map { try FieldObservation(file: $0, in: Self.folder) }
        let sources = Set(observations.map(\.sourceKey))
        let comparedValues = observations.reduce(0) { total, observation in
            total + observation.observed.reduce(0) { $0 + $1.exactValues.count }
        }
        // Printed so the numbers in the docs and the changelog are measured, not claimed.
        print(
            "field corpus: \(observations.count) observations, \(sources.count) distinct sources, "
                + "\(comparedValues) values compared exactly")
        #expect(observations.count >= 55, "\(observations.count) observations")
        #expect(sources.count >= 40, "\(sources.count) distinct sources: \(sources.sorted())")
        #expect(comparedValues >= 1, "no value is compared")
    }

    @Test("every observation file is well formed and named after its id", arguments: files)
    func wellFormed(_ file: String) throws {
        let observation = try FieldObservation(file: file, in: Self.folder)
        #expect(observation.id + ".json" == file, "\(file): id \(observation.id) is not the file name")
        #expect(!observation.observed.isEmpty, "\(file): no observed callback")
        #expect(
            Docs.behaviour.contains(observation.id),
            "\(file): Docs/behaviour.md does not list \(observation.id)")
    }

    @Test("the emulator hands over what the real SDK was seen to hand over", arguments: files)
    func replay(_ file: String) async throws {
        let observation = try FieldObservation(file: file, in: Self.folder)
        let scenario = try Scenario(document: observation.scenario, file: file)
        let recorder = CallbackRecorder()
        let result = try await ScenarioRunner().run(
            scenario, profile: .ios, delegate: recorder, deepLinkDelegate: recorder)
        let outputs = result.steps.flatMap { step in step.observations.map { (step: step.index, output: $0) }
        }
        let recorded = recorder.callbacks.map(FieldCall.init)
        let comparison = FieldComparison(observation: observation, outputs: outputs, recorded: recorded)
        for problem in comparison.problems {
            Issue.record("\(file): \(problem)")
        }
    }

    @Test(
        "the comparison catches a wrong key, a wrong type, a wrong value, a missing callback and a wrong error code"
    )
    func comparisonCatchesDifferences() throws {
        let emulator: [(step: Int, output: ScenarioObservation)] = [
            (
                0,
                ScenarioObservation(
                    "onConversionDataSuccess",
                    fields: ["payload": ["af_status": "Organic", "is_first_launch": true, "iscache": false]])
            ),
            (
                0,
                ScenarioObservation(
                    "onAppOpenAttributionFailure", fields: ["kind": "TIMEOUT", "error": "Request failed"])
            ),
        ]
        let recorded = [
            FieldCall(name: "onConversionDataSuccess", error: nil, deepLinkDescription: nil),
            FieldCall(
                name: "onAppOpenAttributionFailure", error: NSError(domain: "NSURLErrorDomain", code: -1001),
                deepLinkDescription: nil),
        ]
        let observation = try FieldObservation(
            document: try AttributionValue(
                jsonString: """
                    {"id": "x", "source": {"url": "https://example.com"}, "situation": {}, "rule": 3,
                     "observed": [
                       {"callback": "onConversionDataSuccess", "payload": {"af_status": "Non-organic", "is_first_launch": "true"},
                        "exactValues": ["af_status"]},
                       {"callback": "onAppOpenAttributionFailure", "error": {"domain": "NSURLErrorDomain", "code": 0}, "exactValues": []},
                       {"callback": "didResolveDeepLink", "status": "FOUND", "exactValues": []}
                     ],
                     "scenario": {"name": "x", "steps": []}}
                    """), file: "x.json")
        let problems = FieldComparison(observation: observation, outputs: emulator, recorded: recorded)
            .problems
        #expect(
            problems.contains { $0.contains("onConversionDataSuccess") && $0.contains("is_first_launch") })
        #expect(problems.contains { $0.contains("iscache") && $0.contains("not in the observed payload") })
        #expect(problems.contains { $0.contains("error code") && $0.contains("-1001") })
        #expect(problems.contains { $0.contains("didResolveDeepLink") && $0.contains("not delivered") })
        #expect(
            problems.contains {
                $0.contains("af_status")
                    && $0.contains("\"Non-organic\" in the field, \"Organic\" in the emulator")
            })
        #expect(problems.count == 5, "\(problems)")
    }
}

/// The documents the corpus must be listed in.
enum Docs {
    static let behaviour =
        (try? String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/behaviour.md"), encoding: .utf8))
        ?? ""
}

/// One file of `Payloads/field/`, decoded.
struct FieldObservation {
    /// One callback the thread shows.
    struct Observed {
        var callback: String
        var status: String?
        var isDeferred: Bool?
        var payload: [String: AttributionValue]?
        var payloadComplete: Bool
        var ignoreKeys: Set<String>
        var absentKeys: [String]
        var errorDomain: String?
        var errorCode: Int?
        var description: [String: AttributionValue]?
        var step: Int?
        var keyCount: Int?
        /// Payload keys whose posted value the emulator must hand over exactly (placeholders filled in).
        var exactValues: [String]
    }

    var id: String
    var sourceKey: String
    var compare: String
    var numbersMayBeBooleans: Bool
    var exhaustive: Bool
    var observed: [Observed]
    var scenario: AttributionValue
    /// What the scenario puts where the thread shows a placeholder, such as `<app-scheme>` → `com.example.app`.
    var placeholders: [String: String]

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(file: String, in folder: URL) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        try self.init(document: try AttributionValue(json: data), file: file)
    }

    init(document: AttributionValue, file: String) throws {
        func fail(_ text: String) -> Invalid { Invalid(description: "\(file): \(text)") }
        guard case .object(let root) = document else { throw fail("not a JSON object") }
        guard let id = root["id"]?.stringValue else { throw fail("no id") }
        guard case .object(let source)? = root["source"] else { throw fail("no source") }
        guard let url = source["url"]?.stringValue else { throw fail("no source.url") }
        guard root["rule"] != nil, root["situation"] != nil else { throw fail("no rule or situation") }
        guard case .array(let list)? = root["observed"] else { throw fail("no observed list") }
        guard let scenario = root["scenario"] else { throw fail("no scenario") }
        self.id = id
        // One source is one thread or page: the URL without its fragment.
        self.sourceKey = url.split(separator: "#").first.map(String.init) ?? url
        self.compare = root["compare"]?.stringValue ?? "keys-and-types"
        guard ["keys-and-types", "status-only", "error"].contains(compare) else {
            throw fail("compare must be keys-and-types, status-only or error, not \(compare)")
        }
        self.numbersMayBeBooleans = root["numbersMayBeBooleans"]?.boolValue ?? false
        self.exhaustive = root["exhaustive"]?.boolValue ?? false
        self.scenario = scenario
        var placeholders: [String: String] = [:]
        if case .object(let members)? = root["placeholders"] {
            for (placeholder, value) in members {
                guard let text = value.stringValue else {
                    throw fail("placeholders.\(placeholder) is not a string")
                }
                placeholders[placeholder] = text
            }
        }
        self.placeholders = placeholders
        self.observed = try list.enumerated().map { index, value in
            guard case .object(let entry) = value, let callback = entry["callback"]?.stringValue else {
                throw fail("observed[\(index)] has no callback")
            }
            guard FieldComparison.callbackNames.contains(callback) else {
                throw fail("observed[\(index)]: unknown callback \(callback)")
            }
            var payload: [String: AttributionValue]?
            if case .object(let members)? = entry["payload"] { payload = members }
            var description: [String: AttributionValue]?
            if case .object(let members)? = entry["description"] { description = members }
            var errorDomain: String?
            var errorCode: Int?
            if case .object(let error)? = entry["error"] {
                errorDomain = error["domain"]?.stringValue
                errorCode = error["code"]?.intValue
            }
            func strings(_ key: String) -> [String] {
                guard case .array(let items)? = entry[key] else { return [] }
                return items.compactMap(\.stringValue)
            }
            guard case .array? = entry["exactValues"] else {
                throw fail(
                    "observed[\(index)] has no exactValues list (the keys whose values must match; [] when none)"
                )
            }
            let exactValues = strings("exactValues")
            for key in exactValues where payload?[key] == nil {
                throw fail("observed[\(index)]: exactValues names \(key), which the posted payload lacks")
            }
            return Observed(
                callback: callback, status: entry["status"]?.stringValue,
                isDeferred: entry["isDeferred"]?.boolValue,
                payload: payload, payloadComplete: entry["payloadComplete"]?.boolValue ?? true,
                ignoreKeys: Set(strings("ignoreKeys")), absentKeys: strings("absentKeys"),
                errorDomain: errorDomain, errorCode: errorCode, description: description,
                step: entry["step"]?.intValue, keyCount: entry["keyCount"]?.intValue, exactValues: exactValues
            )
        }
    }
}

/// The comparison of one observation with the emulator's replay of its scenario.
struct FieldComparison {
    /// The callbacks the corpus compares; other outputs (app side, logs) are not looked at.
    static let callbackNames: Set<String> = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
        "onAppOpenAttributionFailure",
        "didResolveDeepLink", "startCompletion",
    ]

    var problems: [String] = []

    /// Compares the observation with the replay's outputs, each with the index of the step that produced it.
    init(
        observation: FieldObservation, outputs: [(step: Int, output: ScenarioObservation)],
        recorded: [FieldCall]
    ) {
        var emulated: [(step: Int, output: ScenarioObservation, call: FieldCall?)] = []
        var delivered: [String: Int] = [:]
        for (step, output) in outputs where Self.callbackNames.contains(output.output) {
            // Dropped callbacks (no delegate set) never reached the recorder.
            var call: FieldCall?
            if output.fields["dropped"] != .bool(true) {
                let index = delivered[output.output, default: 0]
                delivered[output.output] = index + 1
                let calls = recorded.filter { $0.name == output.output }
                call = index < calls.count ? calls[index] : nil
            }
            emulated.append((step, output, call))
        }
        let summary = emulated.map { "\($0.output.output) (step \($0.step))" }.joined(separator: ", ")
        var cursor = 0
        for (number, expected) in observation.observed.enumerated() {
            let label = "callback \(number + 1) (\(expected.callback))"
            guard
                let found = emulated[cursor...].firstIndex(where: { candidate in
                    candidate.output.output == expected.callback
                        && (expected.step.map { $0 == candidate.step } ?? true)
                })
            else {
                problems.append(
                    "\(label): not delivered by the emulator in this order (it delivered: \(summary.isEmpty ? "nothing" : summary))"
                )
                continue
            }
            cursor = found + 1
            let (_, output, call) = emulated[found]
            compare(expected, output, call, label: label, observation: observation)
        }
        if observation.exhaustive && emulated.count != observation.observed.count {
            problems.append(
                "the field saw \(observation.observed.count) callback(s) and no other, the emulator delivered \(emulated.count): \(summary)"
            )
        }
    }

    private mutating func compare(
        _ expected: FieldObservation.Observed, _ output: ScenarioObservation, _ call: FieldCall?,
        label: String, observation: FieldObservation
    ) {
        if let status = expected.status, output.fields["status"]?.stringValue != status {
            problems.append(
                "\(label): status \(status) observed, \(output.fields["status"]?.stringValue ?? "none") emulated"
            )
        }
        if let isDeferred = expected.isDeferred, output.fields["isDeferred"]?.boolValue != isDeferred {
            problems.append(
                "\(label): isDeferred \(isDeferred) observed, \(output.fields["isDeferred"].map { "\($0)" } ?? "none") emulated"
            )
        }
        if observation.compare == "error" || expected.errorDomain != nil || expected.errorCode != nil {
            compareError(expected, output, call, label: label)
        }
        var emulatedPayload: [String: AttributionValue] = [:]
        if case .object(let members)? = output.fields["payload"] { emulatedPayload = members }
        if let count = expected.keyCount, count != emulatedPayload.count {
            problems.append(
                "\(label): \(count) payload keys observed, \(emulatedPayload.count) emulated (\(emulatedPayload.keys.sorted()))"
            )
        }
        for key in expected.absentKeys where emulatedPayload[key] != nil {
            problems.append(
                "\(label): key \(key) is absent in the field, present in the emulator (\(emulatedPayload[key]!))"
            )
        }
        if observation.compare == "keys-and-types", let payload = expected.payload {
            compareMembers(
                payload, emulatedPayload, complete: expected.payloadComplete, ignoring: expected.ignoreKeys,
                lenient: observation.numbersMayBeBooleans, label: "\(label) payload")
        }
        if let payload = expected.payload {
            compareValues(
                expected.exactValues, payload, emulatedPayload, placeholders: observation.placeholders,
                lenient: observation.numbersMayBeBooleans, label: "\(label) payload")
        }
        if let description = expected.description {
            guard let text = call?.deepLinkDescription,
                case .object(let members)? = try? AttributionValue(jsonString: text)
            else {
                problems.append(
                    "\(label): the emulator's DeepLink.description is not a JSON object (\(call?.deepLinkDescription ?? "none"))"
                )
                return
            }
            compareMembers(
                description, members, complete: false, ignoring: [], lenient: false,
                label: "\(label) description")
        }
    }

    private mutating func compareError(
        _ expected: FieldObservation.Observed, _ output: ScenarioObservation, _ call: FieldCall?,
        label: String
    ) {
        // A start completion is no delegate call: its NSError's domain and code are in the output.
        let emulated: (domain: String, code: Int)?
        if let error = call?.error {
            emulated = (error.domain, error.code)
        } else if output.output == "startCompletion", let domain = output.fields["domain"]?.stringValue,
            let code = output.fields["code"]?.intValue
        {
            emulated = (domain, code)
        } else {
            emulated = nil
        }
        guard let emulated else {
            problems.append("\(label): an error was observed, the emulator's callback carried none")
            return
        }
        if let domain = expected.errorDomain, domain != emulated.domain {
            problems.append("\(label): error domain \(domain) observed, \(emulated.domain) emulated")
        }
        if let code = expected.errorCode, code != emulated.code {
            problems.append("\(label): error code \(code) observed, \(emulated.code) emulated")
        }
    }

    private mutating func compareMembers(
        _ expected: [String: AttributionValue], _ emulated: [String: AttributionValue], complete: Bool,
        ignoring: Set<String>, lenient: Bool, label: String
    ) {
        for key in expected.keys.sorted() where !ignoring.contains(key) {
            guard let value = emulated[key] else {
                problems.append(
                    "\(label): key \(key) (\(Self.kind(expected[key]!))) observed, missing in the emulator")
                continue
            }
            let observedKind = Self.kind(expected[key]!)
            let emulatedKind = Self.kind(value)
            let sameKind =
                observedKind == emulatedKind
                || (lenient && Set([observedKind, emulatedKind]) == ["number", "bool"])
            if !sameKind {
                problems.append(
                    "\(label): key \(key) is \(observedKind) in the field, \(emulatedKind) in the emulator")
            }
        }
        if complete {
            for key in emulated.keys.sorted() where expected[key] == nil && !ignoring.contains(key) {
                problems.append(
                    "\(label): key \(key) (\(Self.kind(emulated[key]!))) emulated, not in the observed payload"
                )
            }
        }
    }

    /// Compares the values of `keys`: the posted value, its placeholders filled in, must be the emulator's.
    private mutating func compareValues(
        _ keys: [String], _ expected: [String: AttributionValue], _ emulated: [String: AttributionValue],
        placeholders: [String: String], lenient: Bool, label: String
    ) {
        for key in keys {
            guard let posted = expected[key], let value = emulated[key] else { continue }
            let wanted = Self.filling(posted, placeholders)
            if wanted == value || (lenient && Self.sameTruth(wanted, value)) { continue }
            problems.append(
                "\(label): key \(key) is \(Self.shown(wanted)) in the field, \(Self.shown(value)) in the emulator"
            )
        }
    }

    /// `value` with every placeholder in its strings replaced by the scenario's stand-in.
    static func filling(_ value: AttributionValue, _ placeholders: [String: String]) -> AttributionValue {
        guard case .string(var text) = value else { return value }
        for (placeholder, standIn) in placeholders {
            text = text.replacingOccurrences(of: placeholder, with: standIn)
        }
        return .string(text)
    }

    /// Whether a number and a boolean say the same in a print where booleans read `1`/`0`.
    static func sameTruth(_ left: AttributionValue, _ right: AttributionValue) -> Bool {
        switch (left, right) {
        case (.int(let number), .bool(let flag)), (.bool(let flag), .int(let number)):
            return number == (flag ? 1 : 0)
        default: return false
        }
    }

    /// A value as a failure message shows it: strings quoted, so `"0"` and `0` differ.
    static func shown(_ value: AttributionValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return "\(value)"
    }

    /// The JSON kind the corpus compares: string, bool, number, null, object or array.
    static func kind(_ value: AttributionValue) -> String {
        switch value {
        case .string: return "string"
        case .bool: return "bool"
        case .int, .double: return "number"
        case .null: return "null"
        case .object: return "object"
        case .array: return "array"
        }
    }
}

/// The team-delegate side of a replay, one recorded callback: its `NSError` and `DeepLink.description`.
struct FieldCall {
    var name: String
    var error: NSError?
    var deepLinkDescription: String?
}

extension FieldCall {
    init(name: String) { self.init(name: name, error: nil, deepLinkDescription: nil) }

    init(_ callback: CallbackRecorder.Callback) {
        var deepLinkDescription: String?
        if case .deepLink(let result) = callback { deepLinkDescription = result.deepLink?.description }
        self.init(
            name: callback.name, error: callback.error.map { $0 as NSError },
            deepLinkDescription: deepLinkDescription)
    }
}
