import Foundation
import OneLinkReplay
import Testing

@Suite(.timeLimit(.minutes(1))) struct MyScenarioTests {
    /// The package's root folder: this file is `Tests/<target>/<file>.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func deferredFlowReachesMyHandler() async throws {
        let url = Self.packageRoot.appendingPathComponent(
            "Payloads/scenarios/flow-deferred-first-launch.json")
        let handler = MyAttributionHandler()  // your AppsFlyerLibDelegate / DeepLinkDelegate
        let result = try await ScenarioRunner().run(
            contentsOf: url, profile: .strings, delegate: handler, deepLinkDelegate: handler)
        #expect(result.passed, "\(result.failureReport)")
        #expect(handler.openedScreens == ["apples"])
    }
}
