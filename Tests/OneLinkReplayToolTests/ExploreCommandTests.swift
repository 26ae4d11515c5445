import Foundation
import OneLinkEmulator
import Testing

@testable import onelink_replay

/// `onelink-replay explore`: every schedule of a scenario, the smallest failing one written as a scenario that `run` fails.
@Suite("onelink-replay explore", .timeLimit(.minutes(5)))
struct ExploreCommandTests {
    static let explore = Fixtures.payloads.appendingPathComponent("explore")

    @Test("a scenario whose every schedule passes: PASS with the coverage, exit 0")
    func passes() async throws {
        // Written only on a failure: a temporary file keeps a regression out of the package's folders.
        let written = try Fixtures.temporaryFolder().appendingPathComponent("first-launch.json").path
        let outcome = await tool([
            "explore", "-o", written,
            Fixtures.scenarios.appendingPathComponent("explore-first-launch.json").path,
        ])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.hasPrefix("PASS Explore: a first launch"))
        #expect(outcome.output.contains("12 of 12 schedules (every one)"))
        #expect(outcome.output.contains("firstLaunchOrder: conversionDataFirst 6, deepLinkFirst 6"))
    }

    @Test("a failing schedule: FAIL, the schedule, the written scenario; plain run of it fails the same way")
    func failsAndWrites() async throws {
        let folder = try Fixtures.temporaryFolder()
        let written = folder.appendingPathComponent("repeats.json").path
        let outcome = await tool([
            "explore", "--releases", "6.8.0...6.17.9", "-o", written,
            Self.explore.appendingPathComponent("navigates-on-repeats.json").path,
        ])
        #expect(outcome.status == 1, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("failing schedule: quirk.duplicateURISchemeDeepLink=on"))
        #expect(outcome.output.contains("WROTE \(written)"))
        let replay = await tool(["run", written])
        #expect(replay.status == 1)
        #expect(replay.output.contains("(outcome):"))
        #expect(replay.output.contains("+ output 2: unexpected navigate"))
        // Without the releases nothing switches the quirk: the newest SDK delivers once.
        let newest = await tool([
            "explore", "-o", written, Self.explore.appendingPathComponent("navigates-on-repeats.json").path,
        ])
        #expect(newest.status == 0, "\(newest.output)")
    }

    @Test("the written scenario goes next to the explored one by default")
    func defaultOutput() {
        #expect(
            ExploreCommand.defaultOutput(for: "Payloads/explore/x.json") == "Payloads/explore/x.explored.json"
        )
        #expect(ExploreCommand.defaultOutput(for: "x.json") == "x.explored.json")
        #expect(ExploreCommand.releases("6.8.0...6.17.9") == (.init(6, 8, 0)...(.init(6, 17, 9))))
        #expect(ExploreCommand.releases("6.9") == (.init(6, 9, 0)...(.init(6, 9, 0))))
        #expect(ExploreCommand.releases("6.17.9...6.8.0") == nil)
    }

    @Test(
        "usage errors exit 2 with the command's message",
        arguments: [
            (["explore"], "expected a scenario file"),
            (
                ["explore", "--releases", "latest", "x.json"],
                "--releases must be two releases such as 6.8.0...6.17.9"
            ),
            (
                ["explore", "--choices", "orders,timing", "x.json"],
                "--choices must be a comma-separated list"
            ),
            (["explore", "--runs", "0", "x.json"], "--runs must be a whole number from 1"),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let outcome = await tool(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
    }

    @Test("a file that is not a scenario exits 2")
    func invalidFile() async throws {
        let folder = try Fixtures.temporaryFolder()
        let file = folder.appendingPathComponent("bad.json")
        try Data(#"{"name": "x"}"#.utf8).write(to: file)
        let outcome = await tool(["explore", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("missing required field \"steps\""))
    }
}
