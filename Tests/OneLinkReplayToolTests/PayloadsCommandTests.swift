import Foundation
import OneLinkEmulator
import Testing

@testable import onelink_replay

/// `onelink-replay payloads` in process, against the bundled and broken samples.
@Suite(.timeLimit(.minutes(5))) struct PayloadsCommandTests {
    /// Runs `onelink-replay payloads` with `arguments`.
    func run(_ arguments: [String]) async -> ToolOutcome {
        await tool(["payloads"] + arguments)
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
                at: Fixtures.samples.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func bundledSamplesAreAllValid() async throws {
        #expect(PayloadsCommand.defaultFolder == "Payloads/samples")
        let outcome = await run([Fixtures.samples.path])
        #expect(outcome.status == 0)
        #expect(outcome.errors == "")
        #expect(outcome.output.hasSuffix("5 samples: 5 valid, 0 mismatched, 0 invalid\n"))
        #expect(
            outcome.output.contains(
                "== Universal link, long OneLink (\(Fixtures.samples.path)/universal-link-long.json)\n"))
        #expect(outcome.output.contains("ok: the link reproduces all 24 keys\n"))
        #expect(outcome.output.contains("  \"is_first_launch\": 1,\n"))
    }

    @Test func helpPrintsUsageAndSucceeds() async throws {
        let outcome = await run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("USAGE: onelink-replay payloads [folder]\n"))
    }

    @Test func usageErrorsExitWithTwo() async throws {
        let option = await run(["--verbose"])
        #expect(option.status == 2)
        #expect(option.errors.hasPrefix("onelink-replay payloads: unknown option --verbose\n"))
        let twoFolders = await run(["a", "b"])
        #expect(twoFolders.status == 2)
        #expect(twoFolders.errors.hasPrefix("onelink-replay payloads: unexpected argument b\n"))
        let missing = await run(["no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("onelink-replay payloads: no/such/folder is not a folder\n"))
    }

    @Test func aPayloadThatTheLinkDoesNotReproduceExitsWithOne() async throws {
        let folder = try TemporaryFolder()
        var document = try AttributionValue(
            json: Data(contentsOf: Fixtures.samples.appendingPathComponent("uri-scheme-long.json")))
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

        let outcome = await run([folder.url.path])
        #expect(outcome.status == 1)
        #expect(
            outcome.errors == """
                \(folder.url.path)/changed.json: $.payload: differs from what the link produces (- missing, + extra, ~ changed):
                  - af_dp: the link gives string "afbasicapp://mainactivity"; the sample lacks it
                  + extra: the sample has boolean true; the link does not give it
                  ~ fruit_amount: the link gives integer 15; the sample has string "15"

                """)
        #expect(outcome.output.hasSuffix("2 samples: 1 valid, 1 mismatched, 0 invalid\n"))
    }

    @Test func shortLinksAreResolvedThroughTheFixtureFile() async throws {
        let folder = try TemporaryFolder()
        try folder.copySample("universal-link-short.json")
        let unresolved = await run([folder.url.path])
        #expect(unresolved.status == 1)
        #expect(unresolved.errors.contains("$.link: short link H5hv/6d66214a is not in shortlinks.json"))

        try FileManager.default.copyItem(
            at: Fixtures.payloads.appendingPathComponent("shortlinks.json"),
            to: folder.url.appendingPathComponent("shortlinks.json"))
        let resolved = await run([folder.url.path])
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

        let outcome = await run([folder.url.path])
        #expect(outcome.status == 2)
        #expect(
            outcome.errors == """
                \(folder.url.path)/a-comma.json: $: invalid JSON at line 3, column 1 (byte 17): unexpected '}', expected a string key
                \(folder.url.path)/b-callback.json: $.callback: expected "onAppOpenAttribution" or "onConversionDataSuccess", found "onFoo"
                \(folder.url.path)/c-payload.json: $.payload: expected an object, found array
                \(folder.url.path)/d-field.json: $["a b"]: unknown field (expected name, description, callback, link, kind, payload)
                \(folder.url.path)/e-link.json: $.link: the link has no valid scheme: x
                \(folder.url.path)/f-duplicate.json: $.payload: duplicate key "pid" in the object at $.payload
                \(folder.url.path)/g-missing.json: $: missing required field "description"

                """)
        #expect(outcome.output == "7 samples: 0 valid, 0 mismatched, 7 invalid\n")
    }
}
