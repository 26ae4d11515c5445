import Foundation
@_spi(SDK7) import OneLinkEmulator
import Testing

/// Two sleepers at the same deadline: the session-ready timer due, but another sleeper popped first.
@Suite("ManualClock: a due session-ready timer behind another sleeper", .timeLimit(.minutes(1)))
struct ManualClockSameDeadlineTests {
    @Test(
        "An advance whose first sleeper at the timer's deadline is not the timer still reaches the timer, and returns"
    )
    func timerBehindAnotherSleeper() async throws {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], udl: true)
        fixture.sdk.sdkGeneration = .v7
        fixture.resolver.behavior = .stalled
        fixture.sdk.deepLinkTimeout = 60_000
        let clock = fixture.clock
        let deadline = clock.now.adding(AppsFlyerLib.sessionReadyTimeLimit)
        // A task of the test's own, registered before the SDK's timer, at the same deadline.
        let own = Task { try await clock.sleep(until: deadline) }
        await clock.waitForSleepers(count: 1)
        let probe = ListenerProbe()
        fixture.sdk.handleLaunchOptions(
            AppsFlyerLib.launchOptions(universalLink: URL(string: SDK7SessionTests.universalLink)!))
        fixture.sdk.registerSessionReadyListener(probe.listener())
        await fixture.sdk.settle()
        await clock.advance(by: AppsFlyerLib.sessionReadyTimeLimit)
        #expect(probe.count == 1, "the listener fired at the time limit, before the advance returned")
        try await own.value
    }
}
