import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct BackendBehaviourExamples {
    let clock = ManualClock()
    let link = URL(string: "https://myapp.onelink.me/H5hv/6d66214a")

    /// An SDK with its keys set, on the test's clock, with `recorder` as both delegates when given.
    func sdk(
        resolver: InMemoryShortLinkResolver = .inMemory(),
        conversion: InMemoryConversionDataSource = .inMemory(),
        deferred: InMemoryDeferredDeepLinkSource = .inMemory(), recorder: CallbackRecorder, udl: Bool = false
    ) -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = recorder
        if udl { sdk.deepLinkDelegate = recorder }
        return sdk
    }

    @Test func aStalledResolverTimesOut() async throws {
        let recorder = CallbackRecorder()
        let resolver = InMemoryShortLinkResolver(
            links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], behavior: .stalled, clock: clock)
        let sdk = sdk(resolver: resolver, recorder: recorder)
        sdk.deepLinkTimeout = 3000  // milliseconds, the real SDK's default
        sdk.performOnAppAttribution(with: link)
        // deepLinkTimeout runs out; no real time passes, and the failure is delivered when this returns
        await clock.advance(by: .seconds(3))
        #expect(recorder.names == ["onAppOpenAttributionFailure"])
        #expect(recorder.attributionErrors.first?.kind == .timeout)
    }

    @Test func aSlowResolverAnswersWithinTheTimeout() async throws {
        let recorder = CallbackRecorder()
        let resolver = InMemoryShortLinkResolver(
            links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], behavior: .delayed(.milliseconds(800)),
            clock: clock)
        let sdk = sdk(resolver: resolver, recorder: recorder)
        sdk.performOnAppAttribution(with: link)
        await clock.advance(by: .milliseconds(800))
        #expect(recorder.openAttributionPayloads.first?["deep_link_value"] == "apples")
    }

    @Test func aServerErrorFailsTheConversionData() async throws {
        let recorder = CallbackRecorder()
        let conversion = InMemoryConversionDataSource(
            behavior: .failing(.httpStatus(code: 500, reason: "Internal Server Error")), clock: clock)
        let sdk = sdk(conversion: conversion, recorder: recorder)
        try await sdk.start()
        try await recorder.waitForCallbacks(1)
        #expect(recorder.names == ["onConversionDataFail"])
        guard case .httpStatus(code: 500, _)? = recorder.attributionErrors.first else {
            Issue.record("expected HTTP 500, got \(recorder.errors)")
            return
        }
        conversion.behavior = .immediate  // the server recovers: the next session gets the data
    }

    @Test func aNonOrganicInstall() async throws {
        let recorder = CallbackRecorder()
        let conversion = InMemoryConversionDataSource.inMemory(
            .nonOrganic(["media_source": "Email", "campaign": "spring", "deep_link_value": "apples"]),
            clock: clock)
        let sdk = sdk(conversion: conversion, recorder: recorder)
        try await sdk.start()
        try await recorder.waitForCallbacks(1)
        let data = try #require(recorder.conversionPayloads.first)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["media_source"] == "Email")
        #expect(data["deep_link_value"] == "apples")
        #expect(data["is_first_launch"] == true)
    }

    @Test func aDeferredClickOutsideTheWindowIsNotFound() async throws {
        let recorder = CallbackRecorder()
        // The click was 20 minutes before the install: outside UDL's 15-minute window.
        let click = DeferredClick(
            time: clock.now.addingTimeInterval(-20 * 60), parameters: ["deep_link_value": "apples"])
        let deferred = InMemoryDeferredDeepLinkSource(clicks: [click], clock: clock)
        let sdk = sdk(deferred: deferred, recorder: recorder, udl: true)
        try await sdk.start()
        try await recorder.waitForCallbacks(2)
        #expect(recorder.deepLinkResults.map(\.status) == [.notFound])
        deferred.addClick(
            DeferredClick(
                time: clock.now.addingTimeInterval(-5 * 60), parameters: ["deep_link_value": "pears"]))
        #expect(deferred.requests.count == 1)  // asked once, on the first launch only
    }
}
