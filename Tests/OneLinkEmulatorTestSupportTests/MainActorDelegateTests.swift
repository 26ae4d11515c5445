import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

/// An app delegate as most modern apps write it: main-actor isolated, conforming with `@preconcurrency`.
///
/// Each method asserts its isolation: called off the main actor, the `@preconcurrency` witness
/// traps (`_dispatch_assert_queue_fail`) before the body runs, which is the crash these tests pin.
@MainActor
final class MainActorAppDelegate: NSObject, @preconcurrency AppsFlyerLibDelegate,
    @preconcurrency AppsFlyerDeepLinkDelegate
{
    private(set) var received: [String] = []

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        received.append("onConversionDataSuccess \(conversionInfo["af_status"] ?? "-")")
    }

    func onConversionDataFail(_ error: any Error) {
        received.append("onConversionDataFail")
    }

    #if !SDK7
        func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
            received.append("onAppOpenAttribution \(attributionData["deep_link_value"] ?? "-")")
        }

        func onAppOpenAttributionFailure(_ error: any Error) {
            received.append("onAppOpenAttributionFailure")
        }
    #endif

    func didResolveDeepLink(_ result: DeepLinkResult) {
        received.append("didResolveDeepLink \(result.deepLink?.deeplinkValue ?? "-")")
    }
}

@Suite("A @MainActor delegate through every kit entry point", .timeLimit(.minutes(5)))
@MainActor
struct MainActorDelegateTests {
    @Test("ScenarioCheck replays a UDL scenario into a @MainActor delegate on the main actor")
    func scenarioCheckUDL() async {
        let delegate = MainActorAppDelegate()
        let result = await ScenarioCheck.expectPasses(
            bundled: "rule-05-udl-deferred-and-direct", delegate: delegate, deepLinkDelegate: delegate)
        #expect(result?.passed == true)
        #expect(delegate.received.contains { $0.hasPrefix("didResolveDeepLink") })
        #expect(delegate.received.contains { $0.hasPrefix("onConversionDataSuccess") })
    }

    @Test("ScenarioCheck replays a legacy scenario into a @MainActor delegate on the main actor")
    func scenarioCheckLegacy() async {
        let delegate = MainActorAppDelegate()
        let result = await ScenarioCheck.expectPasses(
            bundled: "rule-04-legacy-open-attribution", delegate: delegate)
        #expect(result?.passed == true)
        #expect(delegate.received.contains { $0.hasPrefix("onConversionDataSuccess") })
    }

    @Test(
        "Every bundled scenario, with every kind of step, passes with a @MainActor delegate attached",
        arguments: ScenarioCheck.bundledScenarioNames)
    func everyBundledScenario(name: String) async {
        let delegate = MainActorAppDelegate()
        let result = await ScenarioCheck.expectPasses(
            bundled: name, delegate: delegate, deepLinkDelegate: delegate)
        #expect(result?.passed == true)
    }

    @Test("The replay library calls a @MainActor delegate from a task off the main actor")
    nonisolated func replayOffMainActor() async throws {
        let delegate = await MainActorAppDelegate()
        let result = try await ScenarioRunner().run(
            contentsOf: ScenarioCheck.bundledScenariosFolder.appendingPathComponent("flow-short-link.json"),
            delegate: delegate, deepLinkDelegate: delegate)
        #expect(result.passed, "\(result.failureReport)")
        let received = await delegate.received
        #expect(!received.isEmpty)
    }

    @Test("CallbackRecorder forwards to a @MainActor delegate on the main actor, even with sdkQueue delivery")
    func recorderForwarding() async throws {
        let delegate = MainActorAppDelegate()
        let sdk = KitFixtures.sdk()
        sdk.callbackDelivery = .sdkQueue
        let recorder = CallbackRecorder()
        recorder.forwardingDelegate = delegate
        recorder.forwardingDeepLinkDelegate = delegate
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder
        _ = try await sdk.start()
        sdk.handleOpen(URL(string: KitFixtures.shortLink), options: [:])
        await sdk.waitUntilIdle()
        let delivered = sdk.deliveredEvents.count
        try await recorder.waitForCallbacks(delivered)
        #expect(delivered >= 2)
        #expect(delegate.received.map { String($0.prefix { $0 != " " }) } == recorder.names)
    }
}

@Suite("CallbackRecorder observing an SDK whose delegates the app sets", .timeLimit(.minutes(5)))
@MainActor
struct CallbackRecorderObservingTests {
    @Test("Observes every callback alongside the app's own delegates, without replacing them")
    func observesAlongsideAppDelegates() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder(observing: sdk)
        let app = MainActorAppDelegate()
        sdk.delegate = app
        sdk.deepLinkDelegate = app
        sdk.start(completionHandler: nil)
        sdk.handleOpen(URL(string: KitFixtures.shortLink), options: [:])
        await sdk.waitUntilIdle()
        let delivered = sdk.deliveredEvents.map(\.callbackName)
        try await recorder.waitForCallbacks(delivered.count)
        #expect(recorder.names == delivered)
        #expect(app.received.map { String($0.prefix { $0 != " " }) } == delivered)
        #expect(sdk.delegate === app)
        #expect(recorder.dropped.isEmpty)
        #expect(recorder.deepLinks.last?.deeplinkValue == "apples")
    }

    @Test("A forgotten deepLinkDelegate shows up in dropped, and a timed-out wait names it")
    func forgottenDeepLinkDelegate() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder(observing: sdk)
        let app = MainActorAppDelegate()
        sdk.delegate = app
        do {
            // The bug: the deep-link handler is a short-lived object, and the SDK holds it weakly.
            let screen = MainActorAppDelegate()
            sdk.deepLinkDelegate = screen
            sdk.start(completionHandler: nil)
            await sdk.waitUntilIdle()
        }
        sdk.handleOpen(URL(string: KitFixtures.shortLink), options: [:])
        await sdk.waitUntilIdle()
        #expect(recorder.names.contains("onConversionDataSuccess"))
        let dropped = recorder.dropped.map(\.name)
        #expect(dropped == ["didResolveDeepLink"])
        let wait = await #expect(throws: CallbackRecorder.WaitTimeout.self) {
            try await recorder.waitForCallbacks(5, timeout: .milliseconds(1))
        }
        #expect(wait?.description.contains("dropped for want of a delegate: \(dropped[0])") == true)
    }

    @Test("Observing the same SDK twice records each callback once")
    func observeTwice() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder(observing: sdk)
        recorder.observe(sdk)
        let app = MainActorAppDelegate()
        sdk.delegate = app
        sdk.start(completionHandler: nil)
        await sdk.waitUntilIdle()
        try await recorder.waitForCallbacks(1)
        #expect(recorder.names == ["onConversionDataSuccess"])
    }

    @Test("stopObserving ends the recording; a dropped recorder leaves the SDK delivering as before")
    func stopObserving() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder(observing: sdk)
        recorder.stopObserving()
        do {
            _ = CallbackRecorder(observing: sdk)
        }
        let app = MainActorAppDelegate()
        sdk.delegate = app
        sdk.start(completionHandler: nil)
        await sdk.waitUntilIdle()
        #expect(recorder.count == 0)
        #expect(app.received.count == 1)
    }
}
