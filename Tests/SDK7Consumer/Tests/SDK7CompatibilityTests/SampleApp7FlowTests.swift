import Foundation
import OneLinkEmulator
import Testing

/// The SDK 7 sample app runs unchanged through `AppsFlyerLib.shared()`; each test scopes `shared()` to its own SDK.
///
/// The app's delegate is a `@MainActor` class with `@preconcurrency` conformances, so every test
/// also proves that callbacks, and the session-ready listener, arrive on the main actor.
@MainActor
@Suite("The OneLink sample app on SDK 7, through shared()", .timeLimit(.minutes(5)))
struct SampleApp7FlowTests {
    static let longLink =
        "https://onelink-basic-app.onelink.me/H5hv?deep_link_value=peaches&deep_link_sub2=1234"
    static let shortLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    let clock = ManualClock()
    let resolver: InMemoryShortLinkResolver
    let conversion: InMemoryConversionDataSource
    let deferred: InMemoryDeferredDeepLinkSource
    let store = InMemoryDeviceStore()

    init() {
        resolver = .inMemory(
            links: ["H5hv/6d66214a": ["deep_link_value": "apples", "deep_link_sub2": "ref-42"]], clock: clock)
        conversion = .inMemory(.organic, clock: clock)
        deferred = .inMemory(clock: clock)
    }

    func makeSDK() -> AppsFlyerLib {
        AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            deviceStore: store, clock: clock, logSink: .recording())
    }

    static func activity(_ link: String) -> NSUserActivity {
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: link)
        return activity
    }

    /// Launch options as UIKit passes them for a cold start from a universal link.
    static func launchOptions(_ link: String) -> [AnyHashable: Any] {
        AppsFlyerLib.launchOptions(universalLink: URL(string: link)!)
    }

    /// Launches the app on `sdk` the way iOS would, runs `then`, and waits for the SDK to finish.
    func run(
        _ sdk: AppsFlyerLib, launchOptions: [AnyHashable: Any]? = nil, startsWhenReady: Bool = true,
        _ then: (SampleApp7Delegate) async -> Void = { _ in }
    ) async -> SampleApp7Delegate {
        let app = SampleApp7Delegate()
        app.startsWhenReady = startsWhenReady
        await AppsFlyerLib.withShared(sdk) {
            _ = app.didFinishLaunching(launchOptions: launchOptions)
            await sdk.waitUntilIdle()
            await then(app)
            await sdk.waitUntilIdle()
        }
        return app
    }

    @Test("getSdkVersion and the read-only keys after initialize(devKey:appId:)")
    func initializeAndVersion() async {
        let sdk = makeSDK()
        _ = await run(sdk)
        #expect(sdk.getSdkVersion() == "7.0.1")
        #expect(sdk.appsFlyerDevKey == "sQ84wpdxRTR4RMCaE9YqS4")
        #expect(sdk.appleAppID == "1512793879")
        #expect(sdk.isSessionReady())
    }

    @Test("Organic first launch from the listener, then a second foreground cycle from the cache")
    func organicLaunches() async {
        let sdk = makeSDK()
        let app = await run(sdk) { _ in
            sdk.simulateDidEnterBackground()
            #expect(!sdk.isSessionReady(), "the listener resets on background")
            await clock.advance(by: .seconds(6))
            sdk.simulateDidBecomeActive()
        }
        #expect(
            app.effects == [
                .sessionReady, .notFound, .conversion(status: "Organic", firstLaunch: true, fromCache: false),
                .sessionReady, .conversion(status: "Organic", firstLaunch: false, fromCache: false),
            ])
    }

    @Test("The listener fires on every didBecomeActive, as SDK 7.0.1 does; starts inside 5 s open no session")
    func oncePerCycle() async {
        let sdk = makeSDK()
        let app = await run(sdk) { _ in
            sdk.simulateDidBecomeActive()
            sdk.simulateDidBecomeActive()
        }
        #expect(app.effects.filter { $0 == .sessionReady }.count == 3)
        #expect(app.effects.filter { if case .conversion = $0 { true } else { false } }.count == 1)
    }

    @Test("No session without start(): a listener that does not call it leaves the SDK idle")
    func noSessionWithoutStart() async {
        let sdk = makeSDK()
        let app = await run(sdk, startsWhenReady: false)
        #expect(app.effects == [.sessionReady])
        #expect(sdk.sessionCount == 0)
    }

    @Test("Deferred deep link through UDL: deep_link_sub2 reads with the sample's `as! String`")
    func unifiedDeferred() async {
        deferred.addClick(
            DeferredClick(
                time: ManualClock.defaultStart.addingTimeInterval(-60),
                parameters: ["deep_link_value": "apples", "deep_link_sub2": "7"]))
        let app = await run(makeSDK())
        #expect(
            app.effects == [
                .sessionReady, .walkToScene(fruit: "apples", referrer: "7", deferred: true),
                .conversion(status: "Organic", firstLaunch: true, fromCache: false),
            ])
    }

    @Test("Cold start from a universal link: resolved before the listener fires, and handled once")
    func coldStartUniversalLink() async {
        let app = await run(makeSDK(), launchOptions: Self.launchOptions(Self.shortLink)) { app in
            _ = app.application(continue: Self.activity(Self.shortLink))
        }
        #expect(
            app.effects == [
                .walkToScene(fruit: "apples", referrer: "ref-42", deferred: false), .sessionReady,
                .conversion(status: "Organic", firstLaunch: true, fromCache: false),
            ])
    }

    @Test("Warm universal link through the scene delegate: resolved before the next cycle's listener")
    func warmUniversalLink() async {
        let sdk = makeSDK()
        let scene = SampleScene7Delegate()
        let app = await run(sdk) { _ in
            sdk.simulateDidEnterBackground()
            await clock.advance(by: .seconds(6))
            scene.sceneContinue(Self.activity(Self.longLink))
            sdk.simulateDidBecomeActive()
        }
        #expect(
            Array(app.effects.dropFirst(3)) == [
                .walkToScene(fruit: "peaches", referrer: "1234", deferred: false), .sessionReady,
                .conversion(status: "Organic", firstLaunch: false, fromCache: false),
            ])
    }

    @Test("Direct links only through UDL: URI scheme, https open, push and performOnAppAttribution")
    func directLinksThroughUDL() async {
        let sdk = makeSDK()
        let scene = SampleScene7Delegate()
        let app = await run(sdk) { app in
            scene.sceneOpenURLContexts([URL(string: "afbasicapp://mainactivity?deep_link_value=pears")!])
            _ = app.application(
                open: URL(string: "https://click.example.com/H5hv?deep_link_value=figs")!, options: [:])
            app.application(didReceiveRemoteNotification: ["af_push_link": Self.shortLink])
            AppsFlyerLib.shared().performOnAppAttribution(with: URL(string: Self.longLink))
        }
        #expect(
            Array(app.effects.dropFirst(3)) == [
                .walkToScene(fruit: "pears", referrer: nil, deferred: false),
                .walkToScene(fruit: "figs", referrer: nil, deferred: false),
                .walkToScene(fruit: "apples", referrer: "ref-42", deferred: false),
                .walkToScene(fruit: "peaches", referrer: "1234", deferred: false),
            ])
        #expect(sdk.attributedOpenCount == 3, "performOnAppAttribution counts no re-engagement")
    }

    @Test("SwiftUI onOpenURL: https as a universal link, a custom scheme as an open")
    func onOpenURL() async {
        let app = await run(makeSDK()) { app in
            app.onOpenURL(URL(string: Self.longLink)!)
            app.onOpenURL(URL(string: "afbasicapp://mainactivity?deep_link_value=pears")!)
        }
        #expect(
            Array(app.effects.dropFirst(3)) == [
                .walkToScene(fruit: "peaches", referrer: "1234", deferred: false),
                .walkToScene(fruit: "pears", referrer: nil, deferred: false),
            ])
    }

    @Test("A resolver failure reaches didResolveDeepLink as the real SDK's error: code 50")
    func resolverFailure() async {
        resolver.behavior = .failing(.httpStatus(code: 500, reason: "internal"))
        let app = await run(makeSDK()) { app in
            _ = app.application(open: URL(string: Self.shortLink)!, options: [:])
        }
        #expect(
            app.effects.last
                == .error(
                    callback: "didResolveDeepLink", message: "Status code failure: 500",
                    domain: "com.appsflyer.sdk.network", code: 50))
    }

    @Test("A resolver timeout on the injected clock reaches didResolveDeepLink as code 0, Request failed")
    func resolverTimeout() async {
        resolver.behavior = .stalled
        let sdk = makeSDK()
        let app = await run(sdk) { app in
            _ = app.application(open: URL(string: Self.shortLink)!, options: [:])
            await sdk.settle()
            #expect(app.effects.count == 3, "nothing is delivered before deepLinkTimeout")
            await clock.advance(by: .milliseconds(3000))
        }
        #expect(
            app.effects.last
                == .error(
                    callback: "didResolveDeepLink", message: "Request failed",
                    domain: "com.appsflyer.sdk.network",
                    code: 0))
    }

    @Test("The listener's wait for a cold-start link is bounded: 5 s on the SDK's clock")
    func listenerTimeLimit() async {
        resolver.behavior = .stalled
        let sdk = makeSDK()
        sdk.deepLinkTimeout = 30_000
        let app = SampleApp7Delegate()
        app.startsWhenReady = false
        await AppsFlyerLib.withShared(sdk) {
            _ = app.didFinishLaunching(launchOptions: Self.launchOptions(Self.shortLink))
            await sdk.settle()
            await clock.advance(by: .milliseconds(4999))
            await sdk.settle()
            #expect(app.effects.isEmpty)
            await clock.advance(by: .milliseconds(1))
            await sdk.settle()
            #expect(app.effects == [.sessionReady], "the listener fires while the link still resolves")
            await clock.advance(by: .seconds(25))
            await sdk.waitUntilIdle()
        }
        #expect(
            app.effects.last
                == .error(
                    callback: "didResolveDeepLink", message: "Request failed",
                    domain: "com.appsflyer.sdk.network",
                    code: 0))
    }

    @Test("The listener waits for initialize(devKey:appId:) when it is registered first")
    func listenerWaitsForKeys() async {
        let sdk = makeSDK()
        var fired = 0
        await AppsFlyerLib.withShared(sdk) {
            AppsFlyerLib.shared().registerSessionReadyListener { fired += 1 }
            await sdk.waitUntilIdle()
            #expect(fired == 0)
            AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
            await sdk.waitUntilIdle()
        }
        #expect(fired == 1)
    }
}
