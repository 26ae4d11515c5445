import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// Every timer the SDK arms is on the clock from the moment the SDK decides to arm it (issue 53).
///
/// Each test sets `timerTasksWaitUntilDue`, so the timer's task first runs only
/// once the advance has passed its deadline: the order the scheduler picks now
/// and then on a busy machine, forced. No `settle()` stands between the call and
/// the advance, as in a team's test, and each callback the timer causes must be
/// delivered when `advance` returns. With the timer registered only when its
/// task first runs, as before, every one of these fails.
@Suite("ManualClock: a timer whose task has not run yet still fires on the advance", .timeLimit(.minutes(1)))
struct ManualClockArmedTimerTests {
    static let universalLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    /// The app's `start()`, which returns at once (not the `async` form an `async` test would pick).
    static func start(_ sdk: AppsFlyerLib) {
        sdk.start()
    }

    func fixture(udl: Bool = false) -> SDKFixture {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], udl: udl)
        fixture.clock.timerTasksWaitUntilDue = true
        return fixture
    }

    @Test("SDK 7's session-ready time limit: a watchdog test's listener has fired when advance returns")
    func sessionReadyTimer() async {
        let fixture = fixture(udl: true)
        fixture.sdk.sdkGeneration = .v7
        fixture.resolver.behavior = .stalled
        fixture.sdk.deepLinkTimeout = 60_000
        let probe = ListenerProbe()
        fixture.sdk.handleLaunchOptions(
            AppsFlyerLib.launchOptions(universalLink: URL(string: Self.universalLink)!))
        fixture.sdk.registerSessionReadyListener(probe.listener())
        Self.start(fixture.sdk)
        await fixture.clock.advance(by: AppsFlyerLib.sessionReadyTimeLimit)
        #expect(probe.count == 1, "the listener fired at the 5 s limit, before advance returned")
        #expect(fixture.clock.nextDeadline == fixture.clock.now.adding(.seconds(55)), "the link's own limit")
    }

    @Test("deepLinkTimeout: the failure is delivered when advance returns")
    func deepLinkTimeout() async {
        let fixture = fixture()
        fixture.resolver.behavior = .stalled
        fixture.sdk.deepLinkTimeout = 3000
        fixture.sdk.submit(.universalLink(Self.universalLink))
        await fixture.clock.advance(by: .milliseconds(3000))
        #expect(fixture.sdk.deliveredEvents == [.appOpenAttributionFailure(.timedOut(milliseconds: 3000))])
        #expect(fixture.clock.sleeperCount == 0, "the stalled lookup was cancelled")
    }

    @Test("A backend's time limit: the conversion-data failure is delivered when advance returns")
    func conversionDataTimeout() async {
        let fixture = fixture()
        fixture.conversion.behavior = .stalled
        fixture.sdk.conversionDataTimeout = 2000
        Self.start(fixture.sdk)
        await fixture.clock.advance(by: .milliseconds(2000))
        #expect(fixture.delegate.names == ["onConversionDataFail"])
        #expect(fixture.sdk.deliveredEvents == [.conversionDataFail(.timedOut(milliseconds: 2000))])
    }

    @Test("The ATT wait: the launch goes ahead and its callbacks are delivered when advance returns")
    func attWait() async {
        let fixture = fixture(udl: true)
        fixture.sdk.waitForATTUserAuthorization(timeoutInterval: 60)
        Self.start(fixture.sdk)
        await fixture.clock.advance(by: .seconds(60))
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(fixture.launches.requests.count == 1)
    }

    @Test("A timer cancelled before its task first ran never fires, and leaves no sleeper")
    func cancelledBeforeItsTaskRan() async {
        let fixture = fixture()
        fixture.resolver.behavior = .delayed(.milliseconds(100))
        fixture.sdk.deepLinkTimeout = 3000
        fixture.sdk.submit(.universalLink(Self.universalLink))
        await fixture.clock.advance(by: .seconds(10))
        #expect(fixture.delegate.names == ["onAppOpenAttribution"])
        #expect(fixture.clock.sleeperCount == 0)
        #expect(fixture.clock.nextDeadline == nil)
    }
}
