import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

/// Counts the session-ready listener's calls and lets a test await the next one.
final class ListenerProbe: Sendable {
    private struct State {
        var fired: [String] = []
        var onMainQueue: [Bool] = []
    }
    private let state = Locked(State())
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    var count: Int { state.withLock { $0.fired.count } }
    var names: [String] { state.withLock { $0.fired } }
    var allOnMainQueue: Bool { state.withLock { $0.onMainQueue.allSatisfy { $0 } } }

    /// A listener that records `name`; `then` runs inside it, as app code would call `start()` there.
    func listener(_ name: String = "listener", then: @escaping @Sendable () -> Void = {}) -> () -> Void {
        { [self] in
            state.withLock {
                $0.fired.append(name)
                $0.onMainQueue.append(MainQueue.isCurrent)
            }
            then()
            continuation.yield()
        }
    }

    /// Waits for the next call.
    func next() async {
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
    }
}

@Suite("SDK 7 session model (the package switch), rules 20-23", .timeLimit(.minutes(5)))
struct SDK7SessionTests {
    static let universalLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    func fixture(udl: Bool = true, behavior: InMemoryBehavior = .immediate) -> SDKFixture {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], udl: udl)
        fixture.sdk.sdkGeneration = .v7
        fixture.resolver.behavior = behavior
        return fixture
    }

    static func launchOptions(_ link: String) -> [AnyHashable: Any] {
        AppsFlyerLib.launchOptions(universalLink: URL(string: link)!)
    }

    @Test(
        "Rule 20: the listener waits for the keys, then fires once, on the main queue; start() opens the session"
    )
    func listenerWaitsForKeys() async {
        let fixture = SDKFixture(udl: true)
        let sdk = AppsFlyerLib(
            conversionDataSource: fixture.conversion, deviceStore: InMemoryDeviceStore(),
            clock: fixture.clock,
            logSink: fixture.log)
        sdk.sdkGeneration = .v7
        sdk.isDebug = true
        sdk.delegate = fixture.delegate
        let probe = ListenerProbe()
        sdk.registerSessionReadyListener(probe.listener { sdk.start() })
        await sdk.waitUntilIdle()
        #expect(probe.count == 0)
        #expect(!sdk.isSessionReady())
        #expect(fixture.log.entries.contains { $0.rule == .sessionReady })
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(probe.count == 1)
        #expect(probe.allOnMainQueue)
        #expect(sdk.isSessionReady())
        #expect(sdk.appsFlyerDevKey == "DEV_KEY")
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
    }

    @Test("Rule 20: without start() there is no session; the listener does not start one")
    func noSessionWithoutStart() async {
        let fixture = fixture()
        let probe = ListenerProbe()
        fixture.sdk.registerSessionReadyListener(probe.listener())
        await probe.next()
        await fixture.sdk.waitUntilIdle()
        #expect(probe.count == 1)
        #expect(fixture.delegate.names.isEmpty)
        #expect(fixture.sdk.sessionCount == 0)
        #expect(fixture.launches.requests.isEmpty)
    }

    @Test(
        "Rule 21: once per activation; background resets; registering again replaces; unregister removes"
    )
    func oncePerCycle() async {
        let fixture = fixture()
        let sdk = fixture.sdk
        let probe = ListenerProbe()
        sdk.registerSessionReadyListener(probe.listener("first"))
        await probe.next()
        sdk.registerSessionReadyListener(probe.listener("second"))
        sdk.initialize(devKey: "DEV_KEY", appId: "123456789")
        await sdk.waitUntilIdle()
        #expect(probe.names == ["first"], "a replacement does not fire again for the same activation")

        sdk.simulateDidEnterBackground()
        #expect(!sdk.isSessionReady())
        sdk.simulateDidBecomeActive()
        await probe.next()
        #expect(probe.names == ["first", "second"])
        #expect(sdk.isSessionReady())

        sdk.simulateDidEnterBackground()
        sdk.unregisterSessionReadyListener()
        sdk.unregisterSessionReadyListener()
        sdk.simulateDidBecomeActive()
        await sdk.waitUntilIdle()
        #expect(probe.names == ["first", "second"])
        #expect(!sdk.isSessionReady())
    }

    @Test(
        "Rule 22: the cold-start universal link from handleLaunchOptions resolves before the listener fires")
    func coldStartLinkFirst() async throws {
        let fixture = fixture()
        let sdk = fixture.sdk
        let probe = ListenerProbe()
        let delegate = fixture.delegate
        let seenAtFire = Locked<[String]>([])
        sdk.handleLaunchOptions(Self.launchOptions(Self.universalLink))
        sdk.registerSessionReadyListener(
            probe.listener {
                seenAtFire.withLock { $0 = delegate.names }
                sdk.start()
            })
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: Self.universalLink)
        #expect(sdk.continue(activity, restorationHandler: nil))
        await probe.next()
        await sdk.waitUntilIdle()
        #expect(seenAtFire.value == ["didResolveDeepLink"])
        #expect(delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        guard case .deepLink(let result) = try #require(delegate.callbacks.first) else { return }
        #expect(result.deepLink?.deeplinkValue == "apples")
        #expect(result.deepLink?.isDeferred == false)
    }

    @Test("Rule 22: launch options without a universal link are a no-op")
    func launchOptionsWithoutLink() async {
        let fixture = fixture()
        fixture.sdk.handleLaunchOptions(nil)
        fixture.sdk.handleLaunchOptions(["UIApplicationLaunchOptionsURLKey": URL(string: "fruit://apples")!])
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.callbacks.isEmpty)
    }

    @Test("Rule 22: a link still resolving after 5 s on the SDK's clock does not hold the listener back")
    func timeLimit() async {
        let fixture = fixture(behavior: .stalled)
        let sdk = fixture.sdk
        sdk.deepLinkTimeout = 60_000
        let probe = ListenerProbe()
        sdk.handleLaunchOptions(Self.launchOptions(Self.universalLink))
        sdk.registerSessionReadyListener(probe.listener())
        await sdk.settle()
        await fixture.clock.advance(by: .milliseconds(4999))
        await sdk.settle()
        #expect(probe.count == 0)
        await fixture.clock.advance(by: .milliseconds(1))
        await probe.next()
        await sdk.settle()
        #expect(probe.count == 1)
        #expect(fixture.delegate.callbacks.isEmpty, "the link is still resolving")
        await fixture.clock.advance(by: .seconds(55))
        await sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["didResolveDeepLink"])
        #expect(probe.count == 1)
    }

    @Test(
        "Rule 23: direct links arrive only through didResolveDeepLink, even without a deepLinkDelegate at start"
    )
    func directLinksThroughUDL() async throws {
        let fixture = fixture(udl: false)
        await fixture.sdk.perform(.start)
        fixture.sdk.deepLinkDelegate = fixture.delegate
        let events = await fixture.sdk.perform(.universalLink(Self.universalLink))
        #expect(events.map(\.callbackName) == ["didResolveDeepLink"])
        let opened = await fixture.sdk.perform(.openURL("https://www.example.com/products/7"))
        #expect(opened.map(\.callbackName) == ["didResolveDeepLink"])
        let resolved = await fixture.sdk.perform(.performOnAppAttribution(Self.universalLink))
        #expect(resolved.map(\.callbackName) == ["didResolveDeepLink"])
        #expect(!fixture.delegate.names.contains("onAppOpenAttribution"))
    }

    @Test("Rule 23: the same links go to onAppOpenAttribution with the SDK 6 switch")
    func sdk6StillLegacy() async {
        let fixture = fixture(udl: false)
        fixture.sdk.sdkGeneration = .v6
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.universalLink(Self.universalLink))
        #expect(events.map(\.callbackName) == ["onAppOpenAttribution"])
    }

    @Test(
        "Rule 23: handleUniversalLink(URL?) treats https as a universal link and other schemes as handleOpen")
    func handleUniversalLinkOptional() async {
        let fixture = fixture()
        let optional: URL? = URL(string: Self.universalLink)
        fixture.sdk.handleUniversalLink(optional)
        fixture.sdk.handleUniversalLink(
            URL(string: "afbasicapp://mainactivity?deep_link_value=peaches") as URL?)
        fixture.sdk.handleUniversalLink(nil as URL?)
        await fixture.sdk.waitUntilIdle()
        let statuses = fixture.delegate.callbacks.compactMap { call -> DeepLinkResultStatus? in
            if case .deepLink(let result) = call { return result.status }
            return nil
        }
        #expect(statuses == [.found, .found, .failure])
        #expect(fixture.sdk.attributedOpenCount == 2)
    }

    @Test("Rule 16 in SDK 7: waitForATTUserAuthorization no longer delays start()")
    func attNoLongerWaits() async {
        let fixture = fixture()
        fixture.sdk.waitForATTUserAuthorization(timeoutInterval: 60)
        let events = await fixture.sdk.perform(.start)
        #expect(events.map(\.callbackName).contains("onConversionDataSuccess"))
        #expect(fixture.sdk.trackingAuthorizationStatus == .notDetermined)
    }

    @Test("A relaunch forgets the listener, as a new process would")
    func relaunchForgetsListener() async {
        let fixture = fixture()
        let probe = ListenerProbe()
        fixture.sdk.registerSessionReadyListener(probe.listener())
        await probe.next()
        await fixture.sdk.simulateRelaunch()
        #expect(!fixture.sdk.isSessionReady())
        fixture.sdk.simulateDidEnterBackground()
        fixture.sdk.simulateDidBecomeActive()
        await fixture.sdk.waitUntilIdle()
        #expect(probe.count == 1)
    }
}
