import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import XCTest

final class LinkRouterXCTests: XCTestCase {
    func testRoutesTheDeferredDeepLinkOnFirstLaunch() async throws {
        let clock = ManualClock()
        let click = DeferredClick(
            time: clock.now.addingTimeInterval(-60), parameters: ["deep_link_value": "apples"])
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clicks: [click], clock: clock),
            clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"

        let router = LinkRouter()
        let recorder = CallbackRecorder()
        recorder.forwardingDelegate = router
        recorder.forwardingDeepLinkDelegate = router
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder

        try await sdk.start()
        try await recorder.waitForCallbacks(2)

        XCTAssertEqual(router.routes, ["apples"])
        XCTAssertEqual(recorder.deepLinks.first?.isDeferred, true)
        XCTAssertEqual(recorder.conversionData.first?["is_first_launch"] as? Bool, true)
    }

    func testRoutesTheDocumentedURISchemeSample() {
        let router = LinkRouter()
        router.onAppOpenAttribution(SamplePayloads.uriSchemeShort.foundationDictionary)
        XCTAssertEqual(router.routes, ["apples"])
    }

    func testOrganicFirstLaunchScenarioPasses() async {
        // Fails this XCTest test, not a Swift Testing one, when a step differs.
        await ScenarioCheck.expectPasses("Tests/Scenarios/organic-first-launch.json")
    }
}
