import Foundation
import OneLinkEmulator

/// Imports a real AppsFlyer iOS SDK debug log (6.x or 7.x, `isDebug = true`) as a replay scenario.
///
/// ```swift
/// let imported = try await SDKLogImporter(name: "Issue 1234: deferred link lost").importLog(logText)
/// try imported.scenarioText.write(toFile: "issue-1234.json", atomically: true, encoding: .utf8)
/// for note in imported.notes { print(note) }
/// ```
///
/// The importer reads the lines the SDK prints (shapes in `Docs/log-import.md`) through Xcode's,
/// Console's and the plugins' prefixes, skipping and counting every other line. The backends of
/// the scenario answer what the log shows the device received, its steps follow the log's
/// sessions, links, processes and timestamps, and the callbacks the log shows become the
/// expectations. A trial replay of the scenario places each expectation on the step where the
/// emulator produces it; where the emulator parts from the log, the expectations stay where the
/// log had them, so the replay's diff shows the difference, and a note says so. Anything guessed
/// is a note. Import never traps or hangs: input is bounded (``maximumBytes``), and every
/// unreadable part is skipped with a note.
public struct SDKLogImporter: Sendable {
    /// The largest log read: 8 MiB.
    public static let maximumBytes = 8 << 20

    /// The scenario's name.
    public var name: String

    /// Creates an importer whose scenarios are called `name`.
    public init(name: String = "Imported SDK log") {
        self.name = name
    }

    /// Imports `log`.
    ///
    /// - Throws: ``LogImportError`` for an Android log, a log with nothing usable, one over ``maximumBytes``, or one whose lines give no scenario that decodes.
    public func importLog(_ log: String) async throws(LogImportError) -> LogImport {
        var draft = try prepare(log)
        let steps = await placedSteps(document: draft.document, builder: draft.builder, notes: &draft.notes)
        return try Self.validated(draft.finished(steps: steps))
    }

    /// Imports `log` without the trial replay: the expectations stay on the steps the log had them after.
    ///
    /// The synchronous part of ``importLog(_:)``, for the fuzz target and for tools that replay later.
    package func draft(_ log: String) throws(LogImportError) -> LogImport {
        let draft = try prepare(log)
        return try Self.validated(
            draft.finished(steps: Self.byLog(draft.builder.steps, draft.builder.callbacks)))
    }

    /// `imported`, when its scenario decodes; an import never hands over a scenario that `run` would call invalid.
    ///
    /// - Throws: ``LogImportError/noValidScenario(reason:)`` with the decoding error, cut to 200 characters.
    private static func validated(_ imported: LogImport) throws(LogImportError) -> LogImport {
        do {
            _ = try Scenario(document: imported.scenario, file: "import")
            return imported
        } catch {
            throw .noValidScenario(reason: String("\(error)".prefix(200)))
        }
    }

    /// An import before its expectations are placed.
    private struct Draft {
        var builder: LogScenarioBuilder
        var reader: LogEventReader
        var notes: [String]
        var document: [String: AttributionValue]

        func finished(steps: [AttributionValue]) -> LogImport {
            var document = self.document
            document["steps"] = .array(steps)
            if !notes.isEmpty { document["notes"] = .array(notes.map(AttributionValue.string)) }
            return LogImport(
                scenario: .object(document), notes: notes, recognisedLines: reader.recognised,
                skippedLines: reader.skipped, sdkVersion: reader.version)
        }
    }

    private func prepare(_ log: String) throws(LogImportError) -> Draft {
        let size = log.utf8.count
        guard size <= Self.maximumBytes else { throw .tooLarge(bytes: size, limit: Self.maximumBytes) }
        let lines = LogLineReader.lines(of: log)
        let reader = LogEventReader(lines: lines)
        if reader.isAndroid, let (line, excerpt) = reader.androidLine {
            throw .androidLog(line: line, excerpt: excerpt)
        }
        // Only a log with no line of the SDK's is refused: a fragment with one thing in it gives the smallest
        // scenario that explains it (a session, with its failure or callback when the fragment shows one).
        guard reader.sdkLines > 0 || !reader.events.isEmpty else {
            throw .nothingUsable(lines: lines.count, seen: Self.seen(reader))
        }

        let sdk7 = reader.version == nil ? reader.sdk7Line : nil
        let builder = LogScenarioBuilder(
            events: reader.events, version: reader.version ?? sdk7.map { _ in "7" },
            sdkLine: reader.firstSDKLine)
        var notes = reader.notes + builder.notes
        if let sdk7 {
            notes.append(
                "the log shows no SDK version, but line \(sdk7) is printed by SDK 7 only (7.0.1's strings): the scenario uses SDK 7"
            )
        } else if reader.version == nil {
            notes.append("the log shows no SDK version; the scenario uses SDK 6")
        }
        var document = builder.document(
            name: name,
            description:
                "Imported from an AppsFlyer iOS SDK\(reader.version.map { " \($0)" } ?? "") debug log: "
                + "\(reader.recognised) SDK lines read, \(reader.skipped) other lines skipped.")
        document["steps"] = .array(builder.steps.map(AttributionValue.object))
        return Draft(builder: builder, reader: reader, notes: notes, document: document)
    }

    /// What a log with no SDK line showed instead, for ``LogImportError/nothingUsable(lines:seen:)``.
    private static func seen(_ reader: LogEventReader) -> String {
        var parts: [String] = []
        let other = reader.recognised + reader.skipped
        if other > 0, let (line, excerpt) = reader.firstOtherLine {
            parts.append(
                "\(other) line\(other == 1 ? "" : "s") of the app's or other libraries', the first line \(line): "
                    + "`\(excerpt)`")
        }
        if reader.blankLines > 0 {
            parts.append("\(reader.blankLines) blank line\(reader.blankLines == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "the log is empty" : "seen: " + parts.joined(separator: ", ")
    }

    /// The steps with each logged callback as an expectation of the step it followed in the log.
    private static func byLog(
        _ steps: [[String: AttributionValue]], _ logged: [LogScenarioBuilder.LoggedCallback]
    ) -> [AttributionValue] {
        var placed = steps
        for callback in logged where placed.indices.contains(callback.step) {
            var expect = placed[callback.step]["expect"]?.arrayValue ?? []
            expect.append(.object(callback.expectation))
            placed[callback.step]["expect"] = .array(expect)
        }
        return placed.map(AttributionValue.object)
    }

    /// The steps with the log's callbacks as expectations, on the steps where a trial replay produces them.
    private func placedSteps(
        document: [String: AttributionValue], builder: LogScenarioBuilder, notes: inout [String]
    ) async -> [AttributionValue] {
        var steps = builder.steps
        let logged = builder.callbacks
        func byLog() -> [AttributionValue] { Self.byLog(steps, logged) }
        let scenario: Scenario
        do {
            scenario = try Scenario(document: .object(document), file: "import")
        } catch {
            notes.append(
                "the imported scenario does not decode (\(error)); expectations follow the log's order")
            return byLog()
        }
        guard let trial = try? await ScenarioRunner().run(scenario) else { return byLog() }
        var replayed: [(step: Int, observation: ScenarioObservation)] = []
        for step in trial.steps {
            for observation in step.observations { replayed.append((step.index, observation)) }
        }
        // Each logged callback goes with the replay's next unclaimed callback of the same name, so a callback
        // whose values differ is compared where the replay made it, and its diff shows the keys that differ.
        var queues: [String: ArraySlice<Int>] = [:]
        for (position, entry) in replayed.enumerated()
        where Self.callbackNames.contains(entry.observation.output) {
            queues[entry.observation.output, default: []].append(position)
        }
        var claimed: [Int: Int] = [:]
        var claimedLogged = Set<Int>()
        for (index, callback) in logged.enumerated() {
            guard let name = callback.expectation["output"]?.stringValue,
                let match = queues[name]?.popFirst()
            else { continue }
            claimed[match] = index
            claimedLogged.insert(index)
        }
        let callbackCount = replayed.filter { Self.callbackNames.contains($0.observation.output) }.count
        let agreeing = claimed.filter {
            Self.agree(ScenarioExpectation(json: logged[$0.value].expectation), replayed[$0.key].observation)
        }
        if agreeing.count != logged.count || callbackCount != logged.count {
            let unmatched = logged.indices.filter { !claimedLogged.contains($0) }
            let differing = claimed.filter { agreeing[$0.key] == nil }.map(\.value).sorted()
            var parts: [String] = []
            if let first = differing.first {
                parts.append(
                    "from callback \(first + 1) (log line \(logged[first].line)), whose values differ: the diff shows them "
                        + "on the step where the replay made it")
            }
            if !unmatched.isEmpty {
                parts.append(
                    "log line\(unmatched.count == 1 ? "" : "s") \(unmatched.map { String(logged[$0].line) }.joined(separator: ", ")) "
                        + "made a callback the replay does not make: expected after the step the log shows it after"
                )
            }
            if callbackCount > claimed.count {
                parts.append(
                    "the replay makes \(callbackCount - claimed.count) callback\(callbackCount - claimed.count == 1 ? "" : "s") the log does not show"
                )
            }
            notes.append("the emulator's replay parts from the log: " + parts.joined(separator: "; "))
        }
        let moved = claimed.sorted(by: { $0.value < $1.value }).filter { position, index in
            replayed[position].step != logged[index].step
        }
        if moved.count > 20 {
            notes.append(
                "\(moved.count - 20) more callbacks are expected on other steps than the log shows them after, where the replay makes them"
            )
        }
        for (position, index) in moved.prefix(20) {
            notes.append(
                "line \(logged[index].line): \(replayed[position].observation.output) is expected at step "
                    + "\(replayed[position].step), where the replay makes it; the log shows it after step \(logged[index].step)"
            )
        }
        var expectations = Array(repeating: [AttributionValue](), count: steps.count)
        for (position, entry) in replayed.enumerated() {
            if let index = claimed[position] {
                expectations[entry.step].append(.object(logged[index].expectation))
            } else if !Self.callbackNames.contains(entry.observation.output) {
                // The replay's other outputs (SDK 7's `sessionReady`, a completion) are no callback the log shows.
                expectations[entry.step].append(entry.observation.value)
            }
        }
        for (index, callback) in logged.enumerated()
        where !claimedLogged.contains(index) && expectations.indices.contains(callback.step) {
            expectations[callback.step].append(.object(callback.expectation))
        }
        for index in steps.indices where !expectations[index].isEmpty {
            steps[index]["expect"] = .array(expectations[index])
        }
        return steps.map(AttributionValue.object)
    }

    /// The outputs that are SDK delegate callbacks, which the log shows.
    public static let callbackNames: Set<String> = [
        "onConversionDataSuccess", "onConversionDataFail", "onAppOpenAttribution",
        "onAppOpenAttributionFailure",
        "didResolveDeepLink",
    ]

    /// Whether an expectation from the log holds for an observed output.
    static func agree(_ expectation: ScenarioExpectation?, _ observation: ScenarioObservation) -> Bool {
        guard let expectation else { return false }
        return expectation.differences(from: observation).isEmpty
    }
}

extension ScenarioExpectation {
    /// The expectation a step's `expect` entry describes, or `nil` when it is not one.
    init?(json fields: [String: AttributionValue]) {
        guard case .string(let output)? = fields["output"] else { return nil }
        var rest = fields
        rest["output"] = nil
        let types: TypeMatching = rest.removeValue(forKey: "types") == .string("loose") ? .loose : .strict
        let match: PayloadMatch = rest.removeValue(forKey: "match") == .string("subset") ? .subset : .exact
        self.init(output, fields: rest, match: match, types: types)
    }
}
