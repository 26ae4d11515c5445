import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// The `launch` step runs the scenario's app in its `EmulatedAppProcess`: cold when not running, warm when running.
@Suite(.timeLimit(.minutes(5))) struct LaunchStepTests {
    @Test(
        "a launch of a running app brings it to the front warm; a passive launch of a background app is refused"
    )
    func launchOfARunningApp() async throws {
        let json = """
            {"name": "launch a running app", "steps": [
              {"do": "launch"},
              {"do": "launch", "options": {"url": "fruitapp://x", "sourceApplication": "com.apple.mobilesafari"}},
              {"do": "lifecycle", "signal": "willResignActive"},
              {"do": "lifecycle", "signal": "didEnterBackground"},
              {"do": "launch", "options": {"url": "fruitapp://y"}},
              {"do": "lifecycle", "signal": "willResignActive"},
              {"do": "lifecycle", "signal": "didEnterBackground"},
              {"do": "launch", "options": {"location": true}}
            ]}
            """
        let result = try await ScenarioRunner().run(Scenario(json: Array(json.utf8), file: "launch.json"))
        let appSide: Set = ["launch", "$AppStart", "$AppEnd", "$AppStartPassively", "lifecycleError"]
        let outputs = result.steps.map { $0.observations.map(\.output).filter(appSide.contains) }
        #expect(
            outputs == [
                ["launch", "$AppStart"], ["launch"], [], ["$AppEnd"], ["launch", "$AppStart"], [],
                ["$AppEnd"],
                ["launch", "lifecycleError"],
            ])
        let startTypes = result.steps.flatMap(\.observations).filter { $0.output == "$AppStart" }.map {
            observation -> AttributionValue? in
            guard case .object(let payload) = observation.fields["payload"] else { return nil }
            return payload["$start_type"]
        }
        #expect(startTypes == ["cold", "warm"])
        let opened = result.steps[1].observations.filter { $0.output == "onAppOpenAttribution" }
        #expect(opened.count == 1, "the running app's code still hands the URL to the SDK")
    }
}
