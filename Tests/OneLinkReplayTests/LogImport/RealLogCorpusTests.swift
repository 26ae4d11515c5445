import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// `Payloads/field/logs`: real SDK logs from public threads and AppsFlyer's documentation, each imported and replayed.
///
/// Each log's sidecar says where it comes from and what its replay gives: it passes, or it fails
/// first where its `why` explains (a paste that ends early, a documented divergence).
@Suite("Field evidence: real SDK logs import and replay as their notes say", .timeLimit(.minutes(5)))
struct RealLogCorpusTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Payloads/field/logs")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test("The corpus has at least 25 logs, at least half of them fragments, SDK 6.x and 7.x, legacy and UDL")
    func coverage() throws {
        let sidecars = try Self.names.map { name in
            try AttributionValue(json: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json")))
        }
        #expect(sidecars.count >= 25)
        #expect(sidecars.allSatisfy { $0["fragment"]?.boolValue != nil })
        #expect(sidecars.filter { $0["fragment"] == .bool(true) }.count * 2 >= sidecars.count)
        let versions = sidecars.compactMap { $0["sdkVersion"]?.stringValue }
        #expect(versions.contains { $0.hasPrefix("6.") })
        #expect(versions.contains { $0.hasPrefix("7.") })
        let modes = Set(sidecars.compactMap { $0["mode"]?.stringValue })
        #expect(modes.isSuperset(of: ["legacy", "udl"]))
        for sidecar in sidecars {
            #expect(sidecar["source"]?["repository"] != nil || sidecar["source"]?["url"] != nil)
            #expect((sidecar["why"]?.stringValue?.count ?? 0) > 40)
        }
    }

    /// The callback lines a log prints, by callback, counted by the paste property's own reading
    /// (`LogPaste.callbackLines`), not the importer's.
    static func callbackLines(_ log: String) -> [String: Int] {
        LogPaste.callbackLines(log)
    }

    @Test(
        "No imported log loses a callback line it printed: each is an expectation of that callback",
        arguments: Self.names)
    func everyCallbackLineKept(name: String) async throws {
        let log = try String(contentsOf: Self.folder.appendingPathComponent(name + ".log"), encoding: .utf8)
        let imported = try await SDKLogImporter(name: name).importLog(log)
        var expected: [String: Int] = [:]
        for step in imported.scenario["steps"]?.arrayValue ?? [] {
            for expectation in step["expect"]?.arrayValue ?? [] {
                if let output = expectation["output"]?.stringValue { expected[output, default: 0] += 1 }
            }
        }
        for (callback, count) in Self.callbackLines(log) {
            #expect(
                (expected[callback] ?? 0) >= count,
                "\(name): \(count) \(callback) lines, \(expected[callback] ?? 0) expected")
        }
    }

    @Test("Each log imports and replays as its sidecar says", arguments: Self.names)
    func replays(name: String) async throws {
        let log = try String(contentsOf: Self.folder.appendingPathComponent(name + ".log"), encoding: .utf8)
        let sidecar = try AttributionValue(
            json: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json")))
        let imported = try await SDKLogImporter(name: name).importLog(log)
        let result = try await ScenarioRunner().run(
            Scenario(document: imported.scenario, file: name + ".json"))
        let expected = try #require(sidecar["replay"])
        #expect(result.passed == (expected["passes"] == .bool(true)), "\(name):\n\(result.failureReport)")
        guard let first = expected["firstDifference"] else { return }
        let mismatch = try #require(result.steps.lazy.flatMap(\.mismatches).first, "\(name) passed")
        let step = try #require(result.steps.first { !$0.mismatches.isEmpty })
        #expect(first["step"] == .int(step.index), "\(name)")
        #expect(first["kind"] == .string(mismatch.kind.rawValue), "\(name)")
        #expect(first["path"] == .string(mismatch.path), "\(name)")
        if let output = first["output"] { #expect(mismatch.found?["output"] == output, "\(name)") }
    }
}
