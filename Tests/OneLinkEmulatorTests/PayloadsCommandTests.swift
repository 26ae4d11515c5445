import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

/// Runs the built `onelink-replay payloads` executable against the bundled and broken samples.
@Suite struct PayloadsCommandTests {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `onelink-replay` executable next to the test bundle, which `swift test` builds with it.
    static func executable() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("onelink-replay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = Fixtures.repositoryRoot.appendingPathComponent(".build/debug/onelink-replay")
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
            throw Fixtures.FixtureError(description: "onelink-replay is not built next to the tests")
        }
        return fallback
    }

    /// Runs `onelink-replay payloads` with `arguments`; the wait for the child is on a thread of its own.
    func run(_ arguments: [String], in directory: URL = Fixtures.repositoryRoot) async throws -> Outcome {
        try await onThread {
            let scratch = try TemporaryFolder()
            defer { withExtendedLifetime(scratch) {} }
            let outputURL = scratch.url.appendingPathComponent("stdout")
            let errorURL = scratch.url.appendingPathComponent("stderr")
            try Data().write(to: outputURL)
            try Data().write(to: errorURL)
            let output = try FileHandle(forWritingTo: outputURL)
            let errors = try FileHandle(forWritingTo: errorURL)
            let process = Process()
            process.executableURL = try Self.executable()
            process.arguments = ["payloads"] + arguments
            process.currentDirectoryURL = directory
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            try output.close()
            try errors.close()
            return Outcome(
                status: process.terminationStatus,
                output: try String(contentsOf: outputURL, encoding: .utf8),
                errors: try String(contentsOf: errorURL, encoding: .utf8))
        }
    }

    /// A folder under the system temporary directory, removed when the value is released.
    final class TemporaryFolder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("payloads-command-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }

        func copySample(_ name: String) throws {
            try FileManager.default.copyItem(
                at: Fixtures.samplesFolder.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func bundledSamplesAreAllValidFromTheDefaultFolder() async throws {
        let outcome = try await run([])
        #expect(outcome.status == 0)
        #expect(outcome.errors == "")
        #expect(outcome.output.hasSuffix("5 samples: 5 valid, 0 mismatched, 0 invalid\n"))
        #expect(
            outcome.output.contains(
                "== Universal link, long OneLink (Payloads/samples/universal-link-long.json)\n"))
        #expect(outcome.output.contains("ok: the link reproduces all 24 keys\n"))
        #expect(outcome.output.contains("  \"is_first_launch\": 1,\n"))
    }

    @Test func helpPrintsUsageAndSucceeds() async throws {
        let outcome = try await run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("USAGE: onelink-replay payloads [folder]\n"))
    }

    @Test func usageErrorsExitWithTwo() async throws {
        let option = try await run(["--verbose"])
        #expect(option.status == 2)
        #expect(option.errors.hasPrefix("onelink-replay payloads: unknown option --verbose\n"))
        let twoFolders = try await run(["a", "b"])
        #expect(twoFolders.status == 2)
        #expect(twoFolders.errors.hasPrefix("onelink-replay payloads: expected at most one folder\n"))
        let missing = try await run(["no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("onelink-replay payloads: no/such/folder is not a folder\n"))
    }

    @Test func aPayloadThatTheLinkDoesNotReproduceExitsWithOne() async throws {
        let folder = try TemporaryFolder()
        var document = try Fixtures.json(
            at: Fixtures.samplesFolder.appendingPathComponent("uri-scheme-long.json"))
        guard case .object(var members) = document, case .object(var payload)? = members["payload"] else {
            Issue.record("uri-scheme-long.json is not an object with a payload")
            return
        }
        payload["fruit_amount"] = "15"
        payload["af_dp"] = nil
        payload["extra"] = true
        members["payload"] = .object(payload)
        document = .object(members)
        try folder.write("changed.json", document.jsonText(pretty: true))
        try folder.copySample("uri-scheme-short.json")

        let outcome = try await run(["."], in: folder.url)
        #expect(outcome.status == 1)
        #expect(
            outcome.errors == """
                ./changed.json: $.payload: differs from what the link produces (- missing, + extra, ~ changed):
                  - af_dp: the link gives string "afbasicapp://mainactivity"; the sample lacks it
                  + extra: the sample has boolean true; the link does not give it
                  ~ fruit_amount: the link gives integer 15; the sample has string "15"

                """)
        #expect(outcome.output.hasSuffix("2 samples: 1 valid, 1 mismatched, 0 invalid\n"))
    }

    @Test func shortLinksAreResolvedThroughTheFixtureFile() async throws {
        let folder = try TemporaryFolder()
        try folder.copySample("universal-link-short.json")
        let unresolved = try await run([folder.url.path])
        #expect(unresolved.status == 1)
        #expect(unresolved.errors.contains("$.link: short link H5hv/6d66214a is not in shortlinks.json"))

        try FileManager.default.copyItem(
            at: Fixtures.payloadsFolder.appendingPathComponent("shortlinks.json"),
            to: folder.url.appendingPathComponent("shortlinks.json"))
        let resolved = try await run([folder.url.path])
        #expect(resolved.status == 0)
        #expect(resolved.output.hasSuffix("1 samples: 1 valid, 0 mismatched, 0 invalid\n"))
    }

    @Test func invalidFilesNameTheFileAndTheJSONPath() async throws {
        let folder = try TemporaryFolder()
        let fields = #""name":"x","description":"","kind":"k""#
        try folder.write("a-comma.json", "{\n  \"name\": \"x\",\n}")
        try folder.write("b-callback.json", #"{\#(fields),"callback":"onFoo","payload":{}}"#)
        try folder.write("c-payload.json", #"{\#(fields),"callback":"onAppOpenAttribution","payload":[]}"#)
        try folder.write(
            "d-field.json", #"{\#(fields),"callback":"onAppOpenAttribution","payload":{},"a b":1}"#)
        try folder.write(
            "e-link.json", #"{\#(fields),"callback":"onAppOpenAttribution","payload":{},"link":"x"}"#)
        try folder.write("f-duplicate.json", #"{"payload":{"pid":1,"pid":2}}"#)
        try folder.write("g-missing.json", #"{"name":"x"}"#)

        let outcome = try await run(["."], in: folder.url)
        #expect(outcome.status == 2)
        #expect(
            outcome.errors == """
                ./a-comma.json: $: invalid JSON at line 3, column 1 (byte 17): unexpected '}', expected a string key
                ./b-callback.json: $.callback: expected "onAppOpenAttribution" or "onConversionDataSuccess", found "onFoo"
                ./c-payload.json: $.payload: expected an object, found array
                ./d-field.json: $["a b"]: unknown field (expected name, description, callback, link, kind, payload)
                ./e-link.json: $.link: the link has no valid scheme: x
                ./f-duplicate.json: $.payload: duplicate key "pid" in the object at $.payload
                ./g-missing.json: $: missing required field "description"

                """)
        #expect(outcome.output == "7 samples: 0 valid, 0 mismatched, 7 invalid\n")
    }
}
