import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport
import Testing

@testable import onelink_replay

@Suite("onelink-replay run", .timeLimit(.minutes(5)))
struct RunCommandTests {
    static let broken = """
        {"name": "broken", "backend": {"install": "organic"}, "steps": [
          {"do": "start", "expect": [{"output": "onConversionDataSuccess", "match": "subset",
            "payload": {"af_status": "Non-organic", "is_first_launch": "1", "media_source": "Email"}}]},
          {"do": "advance", "by": "10s", "expect": [{"output": "onConversionDataFail"}]},
          {"do": "start"}
        ]}
        """

    static func run(_ arguments: [String], isTerminal: Bool = false) async -> (Int32, CapturedOutput) {
        let captured = CapturedOutput()
        let status = await RunCommand.main(arguments, output: captured.output(isTerminal: isTerminal))
        return (status, captured)
    }

    static func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("the bundled folder passes: exit 0 and a summary line")
    func bundledFolderPasses() async {
        let (status, output) = await Self.run([Fixtures.scenarios.path])
        let count = Fixtures.scenarioNames.count
        #expect(status == 0, "\(output.standardOutput)")
        #expect(
            output.standardOutput.hasSuffix(
                "\(count) scenarios: \(count) passed, 0 failed, 0 invalid (profile ios)\n"))
        #expect(output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count == count)
        #expect(output.standardError.isEmpty)
    }

    @Test("a broken expectation fails with exit 1 and a key-by-key diff with types")
    func brokenExpectation() async throws {
        let folder = try Fixtures.temporaryFolder()
        let file = try Self.write(Self.broken, named: "broken.json", in: folder)
        let (status, output) = await Self.run([file])
        #expect(status == 1)
        #expect(
            output.standardOutput == """
                FAIL broken (\(file))
                  step 0 (start):
                    output 1 (onConversionDataSuccess):
                      ~ payload.af_status: expected string "Non-organic", found string "Organic"
                      ~ payload.is_first_launch: expected string "1", found boolean true
                      - payload.media_source: expected string "Email", missing
                  step 1 (advance):
                    - output 1: expected onConversionDataFail, nothing was observed
                  step 2 (start):
                    + output 1: unexpected onConversionDataSuccess {"payload":{"af_message":"organic install","af_status":"Organic","install_time":"2020-08-12 15:08:00.000","is_first_launch":false}}
                1 scenario: 0 passed, 1 failed, 0 invalid (profile ios)

                """)
    }

    @Test("an invalid scenario gives exit 2 and the exact FILE: PATH: message on standard error")
    func invalidScenario() async throws {
        let folder = try Fixtures.temporaryFolder()
        let file = try Self.write(
            #"{"name": "x", "steps": [{"do": "start"}, {"do": "start"}, {"do": "start"}, {"do": "universalLink", "url": 3}]}"#,
            named: "invalid.json", in: folder)
        let good = try Self.write(
            #"{"name": "ok", "steps": [{"do": "background"}]}"#, named: "ok.json", in: folder)
        let (status, output) = await Self.run([folder.path])
        #expect(status == 2)
        #expect(output.standardError == "\(file): $.steps[3].url: expected a string, found number\n")
        #expect(output.standardOutput.contains("PASS ok (\(good))"))
        #expect(output.standardOutput.hasSuffix("2 scenarios: 1 passed, 0 failed, 1 invalid (profile ios)\n"))
    }

    @Test("usage errors exit 2 without running anything; --help exits 0")
    func usageErrors() async {
        for arguments in [
            ["--frobnicate"], ["--shard", "0/3"], ["--shard", "4/3"], ["--shard=a/b"],
            ["--profile", "windows"],
            ["--format", "xml"], ["/no/such/folder"], ["--format"],
        ] {
            let (status, output) = await Self.run(arguments)
            #expect(status == 2, "\(arguments)")
            #expect(output.standardError.hasPrefix("onelink-replay run: "), "\(arguments)")
            #expect(output.standardOutput.isEmpty, "\(arguments)")
        }
        let (status, output) = await Self.run(["--help"])
        #expect(status == 0)
        #expect(output.standardOutput == RunCommand.usage + "\n")
    }

    @Test("--format json prints one JSON object per observed output and verdict, then a summary")
    func jsonLines() async throws {
        let file = Fixtures.scenarios.appendingPathComponent("rule-03-organic.json").path
        let (status, output) = await Self.run(["--format", "json", file])
        #expect(status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"file":"\#(file)","output":{"output":"onConversionDataSuccess","payload":{"af_message":"organic install","af_status":"Organic","install_time":"2020-08-12 15:08:00.000","is_first_launch":true}},"scenario":"Rule 3: an organic install","step":0,"type":"output"}"#,
                #"{"differences":[],"file":"\#(file)","mismatches":[],"passed":true,"profile":"ios","scenario":"Rule 3: an organic install","type":"verdict"}"#,
                #"{"exitStatus":0,"failed":0,"invalid":0,"passed":1,"profile":"ios","recorded":0,"scenarios":1,"type":"summary"}"#,
            ])
    }

    @Test("--record writes the observed outputs back; the recorded files then pass")
    func recordRoundTrip() async throws {
        let folder = try Fixtures.temporaryFolder()
        var copies: [String] = []
        for name in [
            "rule-04-legacy-open-attribution.json", "server-click-install-first-launch.json",
            "app-pending-routing.json", "profile-android-pinned.json", "rule-13-debug-log.json",
        ] {
            let data = try Data(contentsOf: Fixtures.scenarios.appendingPathComponent(name))
            guard case .object(var top) = try AttributionValue(json: data),
                case .array(let steps)? = top["steps"]
            else {
                Issue.record("\(name) is not a scenario object")
                return
            }
            top["steps"] = .array(
                steps.map { step in
                    guard case .object(var members) = step else { return step }
                    members["expect"] = nil
                    return .object(members)
                })
            copies.append(try Self.write(AttributionValue.object(top).jsonText(), named: name, in: folder))
        }
        let (before, _) = await Self.run([folder.path])
        #expect(before == 1)
        let (recorded, recordOutput) = await Self.run(["--record", "--profile", "strings", folder.path])
        #expect(recorded == 0, "\(recordOutput.standardError)")
        #expect(recordOutput.standardOutput.hasSuffix("5 scenarios: 5 recorded, 0 invalid\n"))
        let (after, afterOutput) = await Self.run([folder.path])
        #expect(after == 0, "\(afterOutput.standardOutput)")
        for copy in copies {
            let original = try Scenario(
                contentsOf: Fixtures.scenarios.appendingPathComponent((copy as NSString).lastPathComponent))
            let result = try await ScenarioRunner().run(Scenario(contentsOf: URL(fileURLWithPath: copy)))
            let rerun = try await ScenarioRunner().run(original)
            #expect(result.observations == rerun.observations)
            #expect(
                try Scenario(contentsOf: URL(fileURLWithPath: copy)).steps.map(\.expectations.count)
                    == rerun.steps.map(\.observations.count))
        }
    }

    @Test("--shard i/n splits the files into disjoint slices whose union is every file")
    func shards() async throws {
        var seen: [[String]] = []
        for index in 1...3 {
            let (status, output) = await Self.run([
                "--shard", "\(index)/3", "--format", "json", Fixtures.scenarios.path,
            ])
            #expect(status == 0)
            seen.append(
                output.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"verdict""#) }.map
                { line in
                    let value = try? AttributionValue(jsonString: String(line))
                    return ((value?["file"]?.stringValue ?? "") as NSString).lastPathComponent
                })
        }
        let all = seen.flatMap { $0 }
        #expect(all.sorted() == Fixtures.scenarioNames)
        #expect(Set(all).count == all.count)
        #expect(seen[0].first == Fixtures.scenarioNames[0])
        #expect(seen[1].first == Fixtures.scenarioNames[1])
        let (again, output) = await Self.run(["--shard", "2/3", Fixtures.scenarios.path])
        #expect(again == 0)
        #expect(output.standardOutput.contains("\(seen[1].count) scenarios: \(seen[1].count) passed"))
    }

    @Test("progress is drawn on a terminal only, and never when piped")
    func progress() async {
        let (_, piped) = await Self.run([Fixtures.scenarios.path], isTerminal: false)
        #expect(!piped.standardOutput.contains("\r"))
        let (status, terminal) = await Self.run([Fixtures.scenarios.path], isTerminal: true)
        #expect(status == 0)
        #expect(terminal.standardOutput.contains("\r\u{1B}[K[1/\(Fixtures.scenarioNames.count)] "))
        #expect(terminal.standardOutput.contains("\r\u{1B}[KPASS "))
        #expect(
            terminal.standardOutput.hasSuffix(
                ")\n\(Fixtures.scenarioNames.count) scenarios: "
                    + "\(Fixtures.scenarioNames.count) passed, 0 failed, 0 invalid (profile ios)\n"))
    }
}
