import Foundation
import OneLinkEmulator
import OneLinkReplay

/// Paths of the package's bundled fixtures, found from this file's location.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = packageRoot.appendingPathComponent("Payloads/scenarios")
    static let schema = packageRoot.appendingPathComponent("Payloads/scenario.schema.json")

    /// Every bundled scenario's file name, sorted.
    static var scenarioNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Decodes a scenario from JSON text, as a file named `test.json`.
func decode(_ text: String) throws(ScenarioError) -> Scenario {
    try Scenario(json: Array(text.utf8), file: "test.json")
}

/// The message a scenario's decoding fails with, or `nil` when it decodes.
func decodingError(_ text: String) -> String? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        return error.description
    }
}
