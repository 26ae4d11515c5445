import Foundation
import OneLinkEmulator
import Testing

/// The sample app runs unchanged through `AppsFlyerLib.shared()`; each test scopes `shared()` to its own SDK.
///
/// The app's delegate is a `@MainActor` class with `@preconcurrency` conformances, so every test
/// also proves that callbacks arrive on the main actor: Swift traps otherwise.
@MainActor
@Suite("The OneLink sample app, through shared()", .timeLimit(.minutes(5)))
struct SampleAppFlowTests {
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

    /// Launches the app on `sdk` the way iOS would, runs `then`, and waits for the SDK to finish.
    func run(
        _ sdk: AppsFlyerLib, unified: Bool = true, _ then: (SampleAppDelegate) async -> Void = { _ in }
    ) async -> SampleAppDelegate {
        let app = SampleAppDelegate(unified: unified)
        await AppsFlyerLib.withShared(sdk) {
            _ = app.didFinishLaunching()
            app.didBecomeActiveNotification()
            await sdk.waitUntilIdle()
            await then(app)
            await sdk.waitUntilIdle()
        }
        #expect(
            Set(app.sharedSeenInCallbacks) == [ObjectIdentifier(sdk)], "callbacks ran on the test's shared()")
        return app
    }

    @Test("Organic first launch, then a second launch from the cache")
    func organicLaunches() async {
        let sdk = makeSDK()
        let app = await run(sdk) { app in
            await clock.advance(by: .seconds(6))
            app.didBecomeActiveNotification()
        }
        #expect(
            app.effects == [
                .notFound, .conversion(status: "Organic", firstLaunch: true, fromCache: false),
                .conversion(status: "Organic", firstLaunch: false, fromCache: false),
            ],
            "organic data carries no iscache (AppsFlyerFramework#253), so the sample app reads false")

        let relaunched = await run(makeSDK())
        #expect(relaunched.effects == [.conversion(status: "Organic", firstLaunch: false, fromCache: false)])
    }

    @Test("Legacy deferred deep link: the first launch's conversion data carries the link's values")
    func legacyDeferred() async {
        conversion.attribution = .nonOrganic(["media_source": "Email", "fruit_name": "apples"])
        let app = await run(makeSDK(), unified: false)
        #expect(
            app.effects == [
                .conversion(status: "Non-organic", firstLaunch: true, fromCache: true),
                .legacyDeferred(fruit: "apples"),
            ])
    }

    @Test("UDL deferred deep link: deep_link_sub2 reads with the sample's `as! String`")
    func unifiedDeferred() async {
        deferred.addClick(
            DeferredClick(
                time: ManualClock.defaultStart.addingTimeInterval(-60),
                parameters: ["deep_link_value": "apples", "deep_link_sub2": "7"]))
        let app = await run(makeSDK())
        #expect(
            app.effects == [
                .walkToScene(fruit: "apples", referrer: "7", deferred: true),
                .conversion(status: "Organic", firstLaunch: true, fromCache: false),
            ])
    }

    @Test("Long and short universal links through the scene delegate; numbers in links arrive as strings")
    func universalLinks() async {
        let scene = SampleSceneDelegate()
        let app = await run(makeSDK()) { _ in
            let long = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            long.webpageURL = URL(string: Self.longLink)
            scene.sceneContinue(long)
            let short = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            short.webpageURL = URL(string: Self.shortLink)
            scene.sceneWillConnect(userActivities: [short], urls: [])
        }
        #expect(
            Array(app.effects.dropFirst(2)) == [
                .walkToScene(fruit: "peaches", referrer: "1234", deferred: false),
                .walkToScene(fruit: "apples", referrer: "ref-42", deferred: false),
            ])
    }

    @Test("A URI scheme through the scene delegate and a push through the app delegate")
    func uriSchemeAndPush() async {
        let scene = SampleSceneDelegate()
        let app = await run(makeSDK()) { app in
            scene.sceneWillConnect(
                userActivities: [], urls: [URL(string: "afbasicapp://mainactivity?deep_link_value=pears")!])
            app.application(didReceiveRemoteNotification: ["af_push_link": Self.shortLink])
        }
        #expect(
            Array(app.effects.dropFirst(2)) == [
                .walkToScene(fruit: "pears", referrer: nil, deferred: false),
                .walkToScene(fruit: "apples", referrer: "ref-42", deferred: false),
            ])
    }

    @Test("Legacy mode: onAppOpenAttribution through application(_:open:options:) and continue")
    func legacyOpen() async {
        let app = await run(makeSDK(), unified: false) { app in
            _ = app.application(
                open: URL(string: "afbasicapp://mainactivity?fruit_name=plums")!,
                options: ["UIApplicationOpenURLOptionsSourceApplicationKey": "com.apple.mobilesafari"])
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://click.example.com/H5hv?fruit_name=figs")
            _ = app.application(continue: activity)
        }
        #expect(Array(app.effects.dropFirst()) == [.legacyOpen(fruit: "plums"), .legacyOpen(fruit: "figs")])
    }

    @Test("A resolver failure reaches the app as the real SDK's error: code 50, Status code failure")
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

    @Test("A resolver timeout on the injected clock reaches the app as code 0, Request failed")
    func resolverTimeout() async {
        resolver.behavior = .stalled
        let sdk = makeSDK()
        let app = await run(sdk) { app in
            _ = app.application(open: URL(string: Self.shortLink)!, options: [:])
            await sdk.settle()
            #expect(app.effects.count == 2, "nothing is delivered before deepLinkTimeout")
            await clock.advance(by: .milliseconds(3000))
        }
        #expect(
            app.effects.last
                == .error(
                    callback: "didResolveDeepLink", message: "Request failed",
                    domain: "com.appsflyer.sdk.network",
                    code: 0))
    }

    @Test("A failed conversion fetch reaches onConversionDataFail as an NSError")
    func conversionFailure() async {
        conversion.behavior = .failing(.httpStatus(code: 403, reason: nil))
        let app = await run(makeSDK(), unified: false)
        #expect(
            app.effects == [
                .error(
                    callback: "onConversionDataFail", message: "Status code failure: 403",
                    domain: "com.appsflyer.sdk.network", code: 50)
            ])
    }
}
