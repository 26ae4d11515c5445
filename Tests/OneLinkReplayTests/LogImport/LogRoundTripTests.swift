import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// The round trip: a scenario's emulated device log, imported, is a scenario that passes and makes the same callbacks.
@Suite("import-log round trip", .timeLimit(.minutes(5)))
struct LogRoundTripTests {
    /// The SDK callbacks of a run, in order: the outputs a device's log shows.
    static func callbacks(_ result: ScenarioResult) -> [ScenarioObservation] {
        result.observations.filter { SDKLogImporter.callbackNames.contains($0.output) }
    }

    static func importing(_ log: String, name: String) async -> Result<LogImport, LogImportError> {
        do {
            return .success(try await SDKLogImporter(name: name).importLog(log))
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "Every bundled scenario's device log imports as a scenario that passes and makes the same callbacks",
        arguments: Fixtures.scenarioNames)
    func roundTrip(name: String) async throws {
        let file = Fixtures.scenarios.appendingPathComponent(name)
        // A quirk scenario pins an older release's behaviour, which its emulated log (in the newest
        // SDK's words, naming the newest version) cannot tell the importer about.
        if try !Scenario(contentsOf: file).sdk.quirks.isEmpty { return }
        let original = try await ScenarioRunner(recordsDeviceLog: true).run(contentsOf: file)
        let log = original.deviceLog.map { $0.rendered() + "\n" }.joined()
        let expected = Self.callbacks(original)
        let result = await Self.importing(log, name: name)
        if case .failure(.nothingUsable) = result {
            // Scenarios of the app side or the click service alone: the SDK logged nothing, and made no callback.
            #expect(expected.isEmpty, "\(name): the log was empty but the run made \(expected.map(\.output))")
            return
        }
        let imported = try result.get()
        let scenario = try Scenario(document: imported.scenario, file: "\(name).imported.json")
        let replayed = try await ScenarioRunner().run(scenario)
        #expect(replayed.passed, "\(name) imported:\n\(replayed.failureReport)\n\(imported.scenarioText)")
        let found = Self.callbacks(replayed)
        #expect(found.map(\.output) == expected.map(\.output), "\(name)")
        for (want, got) in zip(expected, found) {
            var fields = want.fields
            // The log carries the error's code, not the emulator's own wording of it; and a scenario
            // fails a backend with one of five kinds, so a code of another (31, a redirect failure)
            // replays as that kind's code, with its text.
            fields["error"] = nil
            fields["code"] = nil
            fields["description"] = nil
            let expectation = ScenarioExpectation(want.output, fields: fields, match: .exact, types: .loose)
            #expect(
                expectation.differences(from: got).isEmpty, "\(name): \(expectation.differences(from: got))")
        }
    }
}
