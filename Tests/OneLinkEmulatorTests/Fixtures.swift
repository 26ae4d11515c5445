import Foundation
import OneLinkEmulator
import Testing

/// Reads the repository's `Payloads/` folder, which the tests treat as fixtures.
enum Fixtures {
    /// One `Payloads/samples/*.json` file.
    struct Sample {
        var file: String
        var name: String
        var callback: String
        var kind: String
        var link: String?
        var payload: AttributionPayload
    }

    /// One entry of `Payloads/shortlinks.json`.
    struct ShortLink {
        var host: String
        var parameters: AttributionPayload
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }

    /// The repository root, found from this file's location so that the tests
    /// do not depend on the working directory `swift test` runs in.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OneLinkEmulatorTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let payloadsFolder = repositoryRoot.appendingPathComponent("Payloads")
    static let samplesFolder = payloadsFolder.appendingPathComponent("samples")

    static let sampleFiles = [
        "universal-link-short.json", "universal-link-long.json", "uri-scheme-short.json",
        "uri-scheme-long.json", "deferred-deep-link.json",
    ]

    static func json(at url: URL) throws -> AttributionValue {
        let data = try Data(contentsOf: url)
        return try AttributionValue(json: data)
    }

    static func sample(_ file: String) throws -> Sample {
        let document = try json(at: samplesFolder.appendingPathComponent(file))
        guard let name = document["name"]?.stringValue,
            let callback = document["callback"]?.stringValue,
            let kind = document["kind"]?.stringValue,
            let members = document["payload"]?.objectValue
        else { throw FixtureError(description: "\(file) lacks name, callback, kind or payload") }
        return Sample(
            file: file, name: name, callback: callback, kind: kind, link: document["link"]?.stringValue,
            payload: AttributionPayload(members))
    }

    static func shortLinks() throws -> [String: ShortLink] {
        let document = try json(at: payloadsFolder.appendingPathComponent("shortlinks.json"))
        guard let entries = document.objectValue else {
            throw FixtureError(description: "shortlinks.json is not an object")
        }
        var result: [String: ShortLink] = [:]
        for (key, entry) in entries {
            guard let host = entry["host"]?.stringValue, let parameters = entry["parameters"]?.objectValue
            else { throw FixtureError(description: "shortlinks.json entry \(key) lacks host or parameters") }
            result[key] = ShortLink(host: host, parameters: AttributionPayload(parameters))
        }
        return result
    }

    /// A readable key-by-key list of how `actual` differs from `expected`; empty when equal.
    static func diff(expected: AttributionPayload, actual: AttributionPayload) -> String {
        var lines: [String] = []
        for key in Set(expected.values.keys).union(actual.values.keys).sorted() {
            switch (expected[key], actual[key]) {
            case (let want?, nil):
                lines.append("- \(key): missing, expected \(want.typeName) \(want)")
            case (nil, let got?):
                lines.append("+ \(key): unexpected \(got.typeName) \(got)")
            case (let want?, let got?) where want != got:
                lines.append("~ \(key): expected \(want.typeName) \(want), got \(got.typeName) \(got)")
            default:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Expects two payloads to be equal, recording a key-by-key diff when they are not.
    static func expectEqual(
        _ actual: AttributionPayload, _ expected: AttributionPayload,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let differences = diff(expected: expected, actual: actual)
        #expect(
            actual == expected, "payload differs key by key:\n\(differences)", sourceLocation: sourceLocation)
    }
}
