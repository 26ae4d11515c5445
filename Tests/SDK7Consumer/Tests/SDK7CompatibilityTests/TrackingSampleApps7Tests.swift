import Foundation
import OneLinkEmulator
import Testing

#if canImport(AppTrackingTransparency)
    import AppTrackingTransparency
#elseif canImport(AppTrackingTransparencyStandIn)
    import AppTrackingTransparencyStandIn
#endif

/// Whether the package's stand-in plays the ATT prompt: on every host without Darwin.
private let standInPlaysThePrompt: Bool = {
    #if canImport(Darwin)
        return false
    #else
        return true
    #endif
}()

/// SDK 7 apps that call `start()` inside the ATT prompt's completion, tested with `withShared` and no
/// `sharedOverride`: the completion runs on the prompt's private queue, yet `shared()` there is the
/// test's SDK (issue 48).
///
/// On a Mac or a device the completion comes from Apple's framework, which binds no task-local value;
/// these tests run where the package's stand-in plays the prompt (Docs/testing.md).
@MainActor
@Suite(
    "SDK 7 apps that start in the ATT completion, under withShared", .timeLimit(.minutes(5)),
    .enabled(if: standInPlaysThePrompt, "Apple's framework plays the prompt here"))
struct TrackingSampleApps7Tests {
    let clock = ManualClock()

    func makeSDK(answer: TrackingPromptAnswer = .authorize) -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), clock: clock)
        sdk.deviceInfo.advertisingID = "<advertising-id>"
        sdk.trackingPromptAnswer = answer
        return sdk
    }

    @Test(
        "UIKit: the listener asks, the completion starts the test's SDK",
        arguments: [TrackingPromptAnswer.authorize, .deny])
    func uiKit(answer: TrackingPromptAnswer) async {
        let sdk = makeSDK(answer: answer)
        let app = TrackingUIKitApp7()
        await AppsFlyerLib.withShared(sdk) {
            _ = app.didFinishLaunching(launchOptions: nil)
            await sdk.waitUntilIdle()
        }
        #expect(sdk.sessionCount == 1, "start() in the ATT completion reached the SDK under test")
        #expect(sdk.trackingPromptsShown == 1)
        let status = answer == .authorize ? "authorized" : "denied"
        #expect(app.effects.prefix(2) == [.trackingAnswered(status), .conversion("Organic")])
        #expect(sdk.advertisingIdentifier == (answer == .authorize ? "<advertising-id>" : ""))
    }

    @Test("UIKit: a warm universal link after the ATT-gated start reaches didResolveDeepLink")
    func uiKitLink() async {
        let sdk = makeSDK()
        let app = TrackingUIKitApp7()
        await AppsFlyerLib.withShared(sdk) {
            _ = app.didFinishLaunching(launchOptions: nil)
            await sdk.waitUntilIdle()
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
            _ = app.application(continue: activity)
            await sdk.waitUntilIdle()
        }
        #expect(sdk.sessionCount == 1)
        #expect(app.effects.contains(.fruit("apples")))
    }

    @Test("SwiftUI: the scene becomes active, asks, and the completion starts the test's SDK")
    func swiftUI() async {
        let sdk = makeSDK()
        let app = AppsFlyerLib.withShared(sdk) { TrackingSwiftUIApp7() }
        await AppsFlyerLib.withShared(sdk) {
            app.scenePhaseBecameActive()
            await sdk.waitUntilIdle()
            app.onOpenURL(URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")!)
            await sdk.waitUntilIdle()
        }
        #expect(sdk.sessionCount == 1)
        #expect(
            app.router.effects == [.trackingAnswered("authorized"), .conversion("Organic"), .fruit("apples")])
    }

    @Test("The guide's smallest form starts the test's SDK")
    func minimal() async {
        let sdk = makeSDK()
        await AppsFlyerLib.withShared(sdk) {
            TrackingMinimalApp7.didFinishLaunching()
            await sdk.waitUntilIdle()
        }
        #expect(sdk.sessionCount == 1)
    }

    @Test("Two apps in parallel, each under its own withShared: each completion starts its own SDK")
    func parallel() async {
        let first = makeSDK()
        let second = makeSDK(answer: .deny)
        let uiKit = TrackingUIKitApp7()
        let swiftUI = AppsFlyerLib.withShared(second) { TrackingSwiftUIApp7() }
        async let one: Void = AppsFlyerLib.withShared(first) {
            _ = await uiKit.didFinishLaunching(launchOptions: nil)
            await first.waitUntilIdle()
        }
        async let two: Void = AppsFlyerLib.withShared(second) {
            await swiftUI.scenePhaseBecameActive()
            await second.waitUntilIdle()
        }
        _ = await (one, two)
        #expect(first.sessionCount == 1)
        #expect(second.sessionCount == 1)
        #expect(first.trackingAuthorizationStatus == .authorized)
        #expect(second.trackingAuthorizationStatus == .denied)
    }
}
