import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import OneLinkSupport
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

// The guides' smaller Swift examples (README.md, Docs/testing.md, Docs/log-import.md), verbatim,
// with what they leave to the reader around them: GuideCodeBlocksTests finds each here.

/// App launch code as the guides show it: it reaches the SDK through `shared()` and sets its own delegates.
final class GuideAppDelegate: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, Sendable {
    private let routed = Locked<[String]>([])

    /// The values the app routed.
    var routes: [String] { routed.value }

    func launch() {
        let sdk = AppsFlyerLib.shared()
        sdk.delegate = self
        sdk.deepLinkDelegate = self
        sdk.start()
    }

    func applicationDidBecomeActive() {
        let sdk = AppsFlyerLib.shared()
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = self
        sdk.start()
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: any Error) {}
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        if let value = attributionData["deep_link_value"] as? String { routed.withLock { $0.append(value) } }
    }
    func didResolveDeepLink(_ result: DeepLinkResult) {
        if let value = result.deepLink?.deeplinkValue { routed.withLock { $0.append(value) } }
    }
}

/// A scene delegate as the guides show it.
struct GuideSceneDelegate {
    func scene(continue userActivity: NSUserActivity) {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
    }
}

/// The handler `Docs/scenarios.md`'s `ScenarioRunner` example replays into: it opens the screen of a first launch's deferred deep link.
final class MyAttributionHandler: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, Sendable {
    private let opened = Locked<[String]>([])

    /// The screens opened so far.
    var openedScreens: [String] { opened.value }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        let first = "\(conversionInfo["is_first_launch"] ?? "")"
        guard first == "true" || first == "1",
            let fruit = conversionInfo["deep_link_value"] ?? conversionInfo["fruit_name"]
        else { return }
        opened.withLock { $0.append("\(fruit)") }
    }
    func onConversionDataFail(_ error: any Error) {}
    func didResolveDeepLink(_ result: DeepLinkResult) {}
}

/// The handler of `Docs/log-import.md`'s regression test, as the example consumer's `AppAttribution`.
final class AppAttribution: NSObject, AppsFlyerLibDelegate, Sendable {
    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
    func onConversionDataFail(_ error: any Error) {}
}

@Suite("The guides' smaller examples", .timeLimit(.minutes(5)))
struct GuideExamples {
    @Test("README.md: app code reaches the test's SDK through withShared")
    func readmeWithShared() async throws {
        let appDelegate = GuideAppDelegate()
        let sceneDelegate = GuideSceneDelegate()
        let universalLinkActivity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        universalLinkActivity.webpageURL = URL(string: "https://myapp.onelink.me/H5hv/6d66214a")
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            clock: clock)
        await AppsFlyerLib.withShared(sdk) {  // AppsFlyerLib.shared() is `sdk` in this task
            appDelegate.applicationDidBecomeActive()  // your code: AppsFlyerLib.shared().start()
            sceneDelegate.scene(continue: universalLinkActivity)  // AppsFlyerLib.shared().continue(...)
            await sdk.waitUntilIdle()  // every callback delivered, on the main queue
        }
        #expect(appDelegate.routes == ["apples"])
    }

    @Test("Docs/testing.md: an observing recorder next to the app's own delegates")
    func observingRecorder() async throws {
        let sdk = KitFixtures.sdk()
        let appDelegate = GuideAppDelegate()
        let recorder = CallbackRecorder(observing: sdk)
        AppsFlyerLib.withShared(sdk) { appDelegate.launch() }  // sets delegate and deepLinkDelegate
        await sdk.waitUntilIdle()
        #expect(recorder.dropped.isEmpty, "a callback found no delegate: \(recorder.dropped)")
        #expect(recorder.names.sorted() == ["didResolveDeepLink", "onConversionDataSuccess"])
    }

    @Test func handlerIsBuiltAgainstTheEmulator() {
        #expect(String(reflecting: AppsFlyerLib.self) == "OneLinkEmulator.AppsFlyerLib")
    }

    /// Docs/log-import.md's library call: compiled, not run (the log is the reader's).
    func importALog(_ logText: String) async throws -> ScenarioResult {
        let imported = try await SDKLogImporter(name: "Issue 1234").importLog(logText)
        print(imported.scenarioText)  // the scenario file
        print(imported.notes)  // what was guessed, with line numbers
        let result = try await ScenarioRunner().run(
            Scenario(document: imported.scenario, file: "issue-1234.json"))
        return result
    }
}

/// Docs/log-import.md's regression test: compiled, not run, since its scenario file is the reader's.
@Suite(
    .disabled("the guide's example: Tests/Scenarios/bug-1234.json is the reader's file"),
    .timeLimit(.minutes(1)))
struct LogImportGuideExample {
    @Test func bug1234() async {
        await ScenarioCheck.expectPasses("Tests/Scenarios/bug-1234.json", delegate: AppAttribution())
    }
}
