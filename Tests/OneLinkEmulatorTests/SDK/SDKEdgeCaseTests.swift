import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// Corners of the SDK rules that the per-rule suites leave out: extreme settings, every error kind,
/// UDL variants of the legacy link rules, and the debug log of each decision.
@Suite("SDK edge cases", .timeLimit(.minutes(5)))
struct SDKEdgeCaseTests {
    @Test("Rule 6: deepLinkTimeout and conversionDataTimeout of UInt.max never time out and never trap")
    func extremeTimeouts() async throws {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.sdk.deepLinkTimeout = .max
        fixture.sdk.conversionDataTimeout = .max
        fixture.resolver.behavior = .delayed(.seconds(3600))
        fixture.sdk.submit(.universalLink("https://app.onelink.me/H5hv/abc"))
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .seconds(3600))
        await fixture.sdk.waitUntilIdle()
        let payload = try #require(fixture.sdk.deliveredEvents.first?.payload)
        #expect(payload["deep_link_value"] == "x")
        #expect(fixture.resolver.requests.first?.timeout == .milliseconds(Int64.max))
        let session = await fixture.sdk.perform(.start)
        #expect(session.map(\.callbackName) == ["onConversionDataSuccess"])
    }

    @Test("Rule 6: a deepLinkTimeout of 0 fails at once with a zero-millisecond timeout")
    func zeroTimeout() async {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.sdk.deepLinkTimeout = 0
        #expect(
            await fixture.sdk.perform(.universalLink("https://app.onelink.me/H5hv/abc")) == [
                .appOpenAttributionFailure(.timedOut(milliseconds: 0))
            ])
    }

    @Test(
        "Rule 5: every AttributionError falls under its documented UDL kind",
        arguments: [
            (AttributionError.developerError("x"), AttributionError.Kind.developerError),
            (.timedOut(milliseconds: 3000), .timeout),
            (.connectionFailed("refused"), .network),
            (.hostNotFound("nowhere.invalid"), .network),
            (.tlsFailure("bad certificate"), .network),
            (.insecureTransport("http://x.example"), .network),
            (.httpStatus(code: 404, reason: nil), .httpStatusCode),
            (.invalidResponse("not JSON"), .unexpected),
            (.responseTooLarge(limit: 1 << 20), .unexpected),
            (.truncatedResponse(expected: 10, received: 3), .unexpected),
            (.redirectLoop("https://w.example/a"), .unexpected),
            (.tooManyRedirects(limit: 10), .unexpected),
            (.invalidLink(.empty), .unexpected),
            (.unexpected("boom"), .unexpected),
        ])
    func errorKinds(error: AttributionError, kind: AttributionError.Kind) {
        #expect(error.kind == kind)
        #expect(error.explanation.hasPrefix(kind.rawValue))
    }

    @Test("Rule 5: a network failure of the deferred lookup is a .failure of kind NETWORK")
    func deferredNetworkFailure() async {
        let fixture = SDKFixture(udl: true)
        fixture.deferred.behavior = .failing(.connectionFailed("connection refused"))
        let events = await fixture.sdk.perform(.start)
        #expect(events.first == .deepLink(.failure(.connectionFailed("connection refused"))))
        #expect(events.first?.error?.kind == .network)
        guard case .deepLink(let result)? = events.first else { return }
        #expect(result.status == .failure)
        #expect(result.deepLink == nil)
        #expect((result.error as? AttributionError) == .connectionFailed("connection refused"))
    }

    @Test("Rule 2: a network failure of the conversion fetch fails, and the next session retries")
    func conversionNetworkFailureRetries() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .failing(.connectionFailed("connection reset"))
        #expect(
            await fixture.sdk.perform(.start) == [.conversionDataFail(.connectionFailed("connection reset"))])
        fixture.conversion.behavior = .immediate
        await fixture.clock.advance(by: .seconds(5))
        let events = await fixture.sdk.perform(.start)
        #expect(events.first?.payload?["is_first_launch"] == .bool(true))
        #expect(fixture.conversion.requests.count == 2)
    }

    @Test("Rule 7: in UDL mode a wrapped link's clickEvent holds original_link and the target link")
    func udlWrappedLink() async throws {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        fixture.sdk.resolveDeepLinkURLs = ["clicks.mail.example"]
        let wrapper = "https://clicks.mail.example/ls/click?upn=abc"
        let target = "https://app.onelink.me/H5hv?pid=email&deep_link_value=apples"
        fixture.resolver[redirectFrom: wrapper] = target
        let events = await fixture.sdk.perform(.universalLink(wrapper))
        guard case .deepLink(let result)? = events.first, events.count == 1 else {
            Issue.record("expected one didResolveDeepLink, got \(events)")
            return
        }
        let deepLink = try #require(result.deepLink)
        #expect(result.status == .found)
        #expect(deepLink.clickEventPayload["original_link"] == .string(wrapper))
        #expect(deepLink.clickEventPayload["link"] == .string(target))
        #expect(deepLink.deeplinkValue == "apples")
        #expect(deepLink.mediaSource == "email")
        #expect(deepLink.isDeferred == false)
    }

    @Test(
        "Rule 7: in UDL mode a link on a oneLinkCustomDomains host carries its values; before that it has none"
    )
    func udlCustomDomain() async throws {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let link = "https://go.brand.example/H5hv?deep_link_value=shoes"
        // appsflyer-flutter-plugin#355: FOUND without deep_link_value until setOneLinkCustomDomain.
        let before = await fixture.sdk.perform(.universalLink(link))
        guard case .deepLink(let unknown)? = before.first else {
            Issue.record("expected didResolveDeepLink, got \(before)")
            return
        }
        #expect(unknown.status == .found)
        #expect(unknown.deepLink?.deeplinkValue == nil)
        fixture.sdk.oneLinkCustomDomains = ["go.brand.example"]
        let events = await fixture.sdk.perform(.universalLink(link))
        guard case .deepLink(let result)? = events.first else {
            Issue.record("expected didResolveDeepLink, got \(events)")
            return
        }
        #expect(result.deepLink?.deeplinkValue == "shoes")
    }

    @Test("Rule 11: the deep-link delegate is weak; with none set, didResolveDeepLink is dropped and logged")
    func weakDeepLinkDelegate() async throws {
        let fixture = SDKFixture()
        var temporary: CallbackRecorder? = CallbackRecorder()
        weak let weakReference = temporary
        fixture.sdk.deepLinkDelegate = temporary
        await fixture.sdk.perform(.start)
        temporary = nil
        #expect(weakReference == nil)
        #expect(fixture.sdk.deepLinkDelegate == nil)
        let missingBefore = fixture.log.entries(rule: "delegate.missing").count
        let events = await fixture.sdk.perform(
            .universalLink("https://app.onelink.me/H5hv?deep_link_value=a"))
        #expect(events.map(\.callbackName) == ["didResolveDeepLink"])
        #expect(fixture.log.entries(rule: "delegate.missing").count == missingBefore + 1)
        #expect(!fixture.delegate.names.contains("onAppOpenAttribution"))
    }

    @Test("Rule 4: opened-link attribution carries the cached install_time, af_status and af_message")
    func mergedInstallFields() async throws {
        let fixture = SDKFixture()
        let session = await fixture.sdk.perform(.start)
        let install = try #require(session.first?.payload)
        let events = await fixture.sdk.perform(.openURL("afbasicapp://mainactivity?deep_link_value=apples"))
        let payload = try #require(events.first?.payload)
        #expect(payload["af_message"] == "organic install")
        #expect(payload["af_status"] == "Organic")
        #expect(payload["install_time"] == install["install_time"])
        #expect(payload["deep_link_value"] == "apples")
        #expect(payload["is_first_launch"] == nil)
    }

    @Test(
        "Rule 8: a legacy push whose \"af\" value is not a dictionary is ignored with a log and no callback")
    func legacyPushWithNonDictionaryAF() async {
        let fixture = SDKFixture()
        await fixture.sdk.perform(.start)
        #expect(await fixture.sdk.perform(.push(["af": "pid=push"])).isEmpty)
        #expect(await fixture.sdk.perform(.push(["af": ["pid", "push"]])).isEmpty)
        #expect(fixture.log.entries(rule: "push.ignored").count == 2)
        #expect(fixture.sdk.attributedOpenCount == 0)
    }

    @Test("Rule 8: a push dictionary the SDK cannot read is ignored with a log and no callback")
    func unreadablePushPayload() async {
        let fixture = SDKFixture()
        await fixture.sdk.perform(.start)
        fixture.sdk.handlePushNotification(["af": ["pid": Date()]])
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.log.entries(rule: "push.payload").count == 1)
        #expect(fixture.sdk.deliveredEvents.map(\.callbackName) == ["onConversionDataSuccess"])
    }

    @Test("Rule 10: a corrupt state file is reported in storageErrors even with isDebug off")
    func corruptFileReportedWithoutDebug() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("onelink-\(UUID().uuidString)/device.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: url)
        let fixture = SDKFixture(store: FileDeviceStore(url: url))
        fixture.sdk.isDebug = false
        #expect(fixture.sdk.storageErrors.isEmpty)
        let events = await fixture.sdk.perform(.start)
        #expect(events.first?.payload?["is_first_launch"] == .bool(true))
        let errors = fixture.sdk.storageErrors
        #expect(errors.count == 1)
        guard case .corrupt(let location, _)? = errors.first else {
            Issue.record("expected a .corrupt error, got \(errors)")
            return
        }
        #expect(location == url.path)
        #expect(fixture.log.entries.isEmpty)
    }

    @Test("Rule 13: conversion fetches, UDL decisions and developer errors are logged with their rule")
    func debugLogCoversSessionDecisions() async throws {
        let fixture = SDKFixture(udl: true)
        fixture.conversion.behavior = .delayed(.milliseconds(40))
        fixture.sdk.submit(.start)
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(40))
        await fixture.sdk.waitUntilIdle()
        let fetch = try #require(fixture.log.entries(rule: "conversion.fetch").first)
        #expect(fetch.backend == "InMemoryConversionDataSource")
        #expect(fetch.duration == .milliseconds(40))
        #expect(fixture.log.entries(rule: "conversion.firstLaunch").count == 1)
        #expect(fixture.log.entries(rule: "udl.deferred.notFound").count == 1)
        await fixture.sdk.perform(.universalLink("https://www.example.com/page"))
        #expect(fixture.log.entries(rule: "udl.notOneLink").count == 1)
        await fixture.sdk.perform(.universalLink("https://app.onelink.me/H5hv?deep_link_value=a"))
        #expect(fixture.log.entries(rule: "udl.direct").count == 1)

        fixture.sdk.appsFlyerDevKey = ""
        await fixture.clock.advance(by: .seconds(5))
        await fixture.sdk.perform(.start)
        let refusal = try #require(fixture.log.entries(rule: "start.developerError").first)
        #expect(refusal.message.contains("appsFlyerDevKey"))
    }
}
