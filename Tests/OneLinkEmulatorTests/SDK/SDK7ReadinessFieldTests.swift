import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

/// SDK 7 session readiness as SDK 7.0.1 was seen to behave (Docs/behaviour.md, rules 20 and 21).
@Suite("SDK 7 readiness against the 7.0.1 field evidence, rules 20-21", .timeLimit(.minutes(5)))
struct SDK7ReadinessFieldTests {
    func fixture() -> SDKFixture {
        let fixture = SDKFixture(udl: true)
        fixture.sdk.sdkGeneration = .v7
        return fixture
    }

    @Test(
        "Rule 21: an alert closing inside the cycle fires the listener again; its start() is skipped within 5 s"
    )
    func refiresAfterAlert() async throws {
        let fixture = fixture()
        let sdk = fixture.sdk
        let probe = ListenerProbe()
        let errors = Locked<[NSError]>([])
        sdk.registerSessionReadyListener(
            probe.listener {
                sdk.start { _, error in if let error { errors.withLock { $0.append(error as NSError) } } }
            })
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])

        await fixture.clock.advance(by: .seconds(2))
        sdk.simulateDidBecomeActive()
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(probe.count == 2, "7.0.1 calls the listener on every didBecomeActive")
        #expect(sdk.isSessionReady())
        let skipped = try #require(errors.value.first)
        #expect(skipped.domain == "com.appsflyer.sdk.event")
        #expect(skipped.code == 10)
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])

        await fixture.clock.advance(by: .seconds(8))
        sdk.simulateDidBecomeActive()
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(probe.count == 3)
        #expect(
            fixture.delegate.names == [
                "didResolveDeepLink", "onConversionDataSuccess", "onConversionDataSuccess",
            ])
        #expect(fixture.sdk.sessionCount == 2)
    }

    @Test("Rule 20: a listener registered after start() never fires")
    func registeredAfterStart() async {
        let fixture = fixture()
        let probe = ListenerProbe()
        fixture.sdk.start(completionHandler: nil)
        fixture.sdk.registerSessionReadyListener(probe.listener())
        await fixture.sdk.waitUntilIdle()
        fixture.sdk.simulateDidEnterBackground()
        fixture.sdk.simulateDidBecomeActive()
        await fixture.sdk.waitUntilIdle()
        #expect(probe.count == 0)
        #expect(!fixture.sdk.isSessionReady())
        #expect(
            fixture.log.entries.contains { $0.rule == .sessionReady && $0.message.contains("never fires") })
    }

    @Test("Rule 20: isSessionReady() reads true only once the listener is being called")
    func readyOnlyOnceCalled() async {
        let fixture = fixture()
        let sdk = fixture.sdk
        let seen = Locked<[Bool]>([])
        fixture.resolver.behavior = .delayed(.seconds(1))
        sdk.handleLaunchOptions(
            AppsFlyerLib.launchOptions(
                universalLink: URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")!))
        let probe = ListenerProbe()
        sdk.registerSessionReadyListener(probe.listener { seen.withLock { $0.append(sdk.isSessionReady()) } })
        await sdk.settle()
        #expect(!sdk.isSessionReady(), "the listener waits for the cold-start link")
        await fixture.clock.advance(by: .seconds(1))
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(seen.value == [true])
        #expect(sdk.isSessionReady())
    }

    @Test("Rule 20: registering before the keys logs 7.0.1's warning; the listener still waits for them")
    func keysLaterLogged() async {
        let fixture = SDKFixture(udl: true)
        let sdk = AppsFlyerLib(clock: fixture.clock, logSink: fixture.log)
        sdk.sdkGeneration = .v7
        sdk.isDebug = true
        let probe = ListenerProbe()
        sdk.registerSessionReadyListener(probe.listener())
        await sdk.waitUntilIdle()
        #expect(
            fixture.log.entries.contains {
                $0.message == "devKey and appleAppID must be set before calling registerSessionReadyListener:"
            })
        #expect(probe.count == 0)
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        await probe.next()
        #expect(probe.count == 1)
    }
}
