import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The app-side systems driving the real emulated SDK, not a fake driver.
@Suite("App-side systems drive AppsFlyerLib", .timeLimit(.minutes(5)))
struct SDKAppSideWiringTests {
    @Test("A cold start from a universal link: classified, handed to the SDK, then the session starts")
    func coldStartFromUniversalLink() async throws {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]])
        let url = try #require(URL(string: "https://app.onelink.me/H5hv/6d66214a"))
        let launch = LaunchClassification(options: .universalLink(url))
        #expect(launch.source == .universalLink)
        #expect(launch.drive(fixture.sdk))
        let lifecycle = AppLifecycle(clock: fixture.clock)
        let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: fixture.sdk)
        _ = try sessions.send(.didFinishLaunching(.foreground))
        _ = try sessions.send(.didBecomeActive)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onAppOpenAttribution", "onConversionDataSuccess"])
        #expect(fixture.sdk.sessionCount == 1)
    }

    @Test("A Notification Center pull-down and return starts no SDK session")
    func debouncedReturnStartsNoSession() async throws {
        let fixture = SDKFixture()
        let lifecycle = AppLifecycle(clock: fixture.clock)
        let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: fixture.sdk)
        _ = try sessions.send(.didFinishLaunching(.foreground))
        _ = try sessions.send(.didBecomeActive)
        await fixture.sdk.waitUntilIdle()
        await fixture.clock.advance(by: .seconds(60))
        _ = try sessions.send(.willResignActive)
        _ = try sessions.send(.didBecomeActive)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.sessionCount == 1)
        _ = try sessions.send(.willResignActive)
        _ = try sessions.send(.didEnterBackground)
        _ = try sessions.send(.willEnterForeground)
        _ = try sessions.send(.didBecomeActive)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.sessionCount == 2)
        #expect(fixture.delegate.names == ["onConversionDataSuccess", "onConversionDataSuccess"])
    }

    @Test("A real return to the foreground within minTimeBetweenSessions starts no session; after it, one")
    func quickReturnRespectsMinTimeBetweenSessions() async throws {
        let fixture = SDKFixture()
        let lifecycle = AppLifecycle(clock: fixture.clock)
        let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: fixture.sdk)
        _ = try sessions.send(.didFinishLaunching(.foreground))
        _ = try sessions.send(.didBecomeActive)
        await fixture.sdk.waitUntilIdle()
        func backgroundAndReturn() throws {
            _ = try sessions.send(.willResignActive)
            _ = try sessions.send(.didEnterBackground)
            _ = try sessions.send(.willEnterForeground)
            _ = try sessions.send(.didBecomeActive)
        }
        await fixture.clock.advance(by: .milliseconds(4999))
        try backgroundAndReturn()
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.sessionCount == 1)
        #expect(fixture.log.entries(rule: "session.minTimeBetweenSessions").count == 1)
        await fixture.clock.advance(by: .milliseconds(1))
        try backgroundAndReturn()
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.sessionCount == 2)
        #expect(fixture.delegate.names == ["onConversionDataSuccess", "onConversionDataSuccess"])
    }

    @Test("A push launch goes to handlePushNotification and reaches onAppOpenAttribution")
    func pushLaunch() async throws {
        let fixture = SDKFixture()
        fixture.sdk.addPushNotificationDeepLinkPath(["af_push_link"])
        let launch = LaunchClassification(
            options: .remoteNotification(["af_push_link": "https://app.onelink.me/H5hv?deep_link_value=pears"]
            ))
        #expect(launch.source == .remotePush)
        #expect(launch.drive(fixture.sdk))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.first?.payload?["deep_link_value"] == "pears")
    }
}
