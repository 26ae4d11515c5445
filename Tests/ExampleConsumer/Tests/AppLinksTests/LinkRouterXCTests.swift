import AppLinks
import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import XCTest

final class LinkRouterXCTests: XCTestCase {
    func testDeferredDeepLinkOpensTheFruitOnFirstLaunch() async throws {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(
                .nonOrganic(["media_source": "Email", "deep_link_value": "apples"]), clock: clock),
            clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        let screens = Screens()
        let recorder = CallbackRecorder()
        recorder.forwardingDelegate = screens.router()
        sdk.delegate = recorder

        try await sdk.start()
        try await recorder.waitForCallbacks(1)

        XCTAssertEqual(screens.all, [.fruit("apples")])
        XCTAssertEqual(recorder.conversionData.first?["is_first_launch"] as? Bool, true)
    }

    func testDeferredScenarioOpensTheFruit() async {
        let screens = Screens()
        await ScenarioCheck.expectPasses(
            Screens.scenarios.appendingPathComponent("deferred-first-launch.json"), delegate: screens.router()
        )
        XCTAssertEqual(screens.all, [.fruit("apples")])
    }
}
