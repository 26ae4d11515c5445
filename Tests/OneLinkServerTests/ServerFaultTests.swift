import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import OneLinkTestThreads
import Testing

/// Every failure kind of the client error mapping (`Docs/http.md`), reached through the server's
/// fault injection and the unchanged HTTP client backends.
///
/// DNS (`hostNotFound`) and TLS (`tlsFailure`) failures cannot come from a loopback server; their
/// mapping is covered by `HTTPErrorMappingTests` in `OneLinkEmulatorTests`.
@Suite(.timeLimit(.minutes(2))) struct ServerFaultTests {
    func conversion(
        _ running: FixtureServer, timeout: Duration = .seconds(10)
    ) throws -> HTTPConversionDataSource {
        try HTTPConversionDataSource(baseURL: running.baseURL, timeout: timeout)
    }

    /// Runs `body` with a fixture server, the HTTP conversion-data source on it and the install
    /// request of `device` (the fixture's organic device when `nil`).
    func withInstall(
        of device: String? = nil,
        _ body: (FixtureServer, HTTPConversionDataSource, InstallAttributionRequest) async throws -> Void
    ) async throws {
        try await withFixtureServer { running in
            let request = running.fixture.installRequest(deviceID: device ?? running.fixture.organicDevice)
            try await body(running, try conversion(running), request)
        }
    }

    /// The size of the install's answer for `device` (the fixture's non-organic device when `nil`),
    /// then the error the same request ends with once `fault` is on the install-data route.
    func sizeThenFailure(
        _ fault: ServerFault, of device: String? = nil, _ running: FixtureServer
    ) async throws -> (full: Int, failure: AttributionError?) {
        let source = try conversion(running)
        let request = running.fixture.installRequest(deviceID: device ?? running.fixture.nonOrganicDevice)
        let full = try await source.conversionData(for: request).jsonData().count
        running.server.faultPlan = FaultPlan([.route(.installData): [fault]])
        return (full, await error { try await source.conversionData(for: request) })
    }

    func error(_ body: () async throws -> some Any) async -> AttributionError? {
        do {
            _ = try await body()
            Issue.record("expected an error")
            return nil
        } catch let error as AttributionError {
            return error
        } catch {
            Issue.record("expected an AttributionError, got \(error)")
            return nil
        }
    }

    @Test("a closed port is connectionFailed (NETWORK)")
    func connectionRefused() async throws {
        // A port that stays bound without listening: a stopped server's port could be handed to
        // another suite's server in the meantime, and then this request would be answered.
        let refusing = try RefusingPort()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(refusing.port)"))
        let source = try HTTPConversionDataSource(baseURL: baseURL, timeout: .seconds(10))
        let fixture = BackendFixture()
        let request = fixture.installRequest(deviceID: fixture.organicDevice)
        let failure = await error { try await source.conversionData(for: request) }
        guard case .connectionFailed(let message) = failure else {
            Issue.record("expected connectionFailed, got \(String(describing: failure))")
            return
        }
        #expect(
            message.hasPrefix(
                "could not connect to \(baseURL.absoluteString)/install_data/v5.0/1234567890?devkey="))
        #expect(failure?.kind == .network)
        withExtendedLifetime(refusing) {}
    }

    @Test("a forced status keeps its code and the body's error_reason; a non-JSON error body gives no reason")
    func forcedStatus() async throws {
        try await withInstall { running, source, request in
            running.server.faultPlan = FaultPlan([.route(.installData): [.status(503)]])
            #expect(
                await error { try await source.conversionData(for: request) }
                    == .httpStatus(code: 503, reason: "injected fault"))
            running.server.faultPlan = FaultPlan([
                .route(.installData): [.status(429, body: #"{"error_reason":"slow down"}"#)]
            ])
            let limited = await error { try await source.conversionData(for: request) }
            #expect(limited == .httpStatus(code: 429, reason: "slow down"))
            #expect(limited?.kind == .httpStatusCode)
            running.server.faultPlan = FaultPlan([.route(.installData): [.status(500, body: "oops")]])
            #expect(
                await error { try await source.conversionData(for: request) }
                    == .httpStatus(code: 500, reason: nil))
            running.server.faultPlan = .none
            let organic = try await source.conversionData(for: request)
            #expect(organic["af_status"] == "Organic")
        }
    }

    @Test("a short link's own fault wins over its route's, and other links are unaffected")
    func perShortLinkFault() async throws {
        try await withFixtureServer { running in
            let resolver = try HTTPShortLinkResolver(baseURL: running.baseURL)
            let fixture = running.fixture
            running.server.faultPlan = FaultPlan([
                .shortLink(template: "Zx9q", shortID: "promo+2024 été"): [.status(410)],
                .route(.shortLink): [],
            ])
            await #expect(throws: AttributionError.httpStatus(code: 410, reason: "injected fault")) {
                try await resolver.resolve(fixture.encodedLink.request)
            }
            #expect(try await resolver.resolve(fixture.basicLink.request) == fixture.basicLink.parameters)
        }
    }

    @Test("a garbage body and a JSON array are invalidResponse (UNEXPECTED)")
    func invalidBodies() async throws {
        try await withInstall { running, source, request in
            running.server.faultPlan = FaultPlan([.route(.installData): [.garbageBody]])
            let garbage = await error { try await source.conversionData(for: request) }
            guard case .invalidResponse = garbage else {
                Issue.record("expected invalidResponse, got \(String(describing: garbage))")
                return
            }
            #expect(garbage?.kind == .unexpected)
            running.server.faultPlan = FaultPlan([.route(.installData): [.body("[1, 2]")]])
            let array = await error { try await source.conversionData(for: request) }
            guard case .invalidResponse = array else {
                Issue.record("expected invalidResponse, got \(String(describing: array))")
                return
            }
            let deferred = try HTTPDeferredDeepLinkSource(baseURL: running.baseURL)
            running.server.faultPlan = FaultPlan([.route(.deferred): [.body(#"{"found": "yes"}"#)]])
            let lookup = running.fixture.installRequest(deviceID: running.fixture.deferredDevice)
            let notBoolean = await error { try await deferred.deferredDeepLink(for: lookup) }
            guard case .invalidResponse = notBoolean else {
                Issue.record("expected invalidResponse, got \(String(describing: notBoolean))")
                return
            }
        }
    }

    @Test("a body over the 1 MiB cap is responseTooLarge; exactly 1 MiB is read")
    func oversized() async throws {
        try await withInstall { running, source, request in
            running.server.faultPlan = FaultPlan([
                .route(.installData): [.oversizedBody(bytes: (1 << 20) + 1)]
            ])
            #expect(
                await error { try await source.conversionData(for: request) }
                    == .responseTooLarge(limit: 1 << 20))
            running.server.faultPlan = FaultPlan([.route(.installData): [.oversizedBody(bytes: 1 << 20)]])
            let payload = try await source.conversionData(for: request)
            #expect(payload["padding"]?.stringValue?.count == (1 << 20) - 14)
        }
    }

    @Test("a body shorter than its Content-Length is truncatedResponse with both counts")
    func truncated() async throws {
        try await withFixtureServer { running in
            let (full, failure) = try await sizeThenFailure(.truncatedBody, running)
            #expect(failure == .truncatedResponse(expected: full, received: full / 2))
            #expect(failure?.kind == .unexpected)
        }
    }

    @Test("a close right after the head is truncatedResponse with nothing received")
    func closeAfterHead() async throws {
        try await withFixtureServer { running in
            let (full, failure) = try await sizeThenFailure(
                .closeAfterHead, of: running.fixture.organicDevice, running)
            #expect(failure == .truncatedResponse(expected: full, received: 0))
        }
    }

    @Test("a reset mid-body fails the request as truncated or as a dropped connection")
    func resetMidBody() async throws {
        try await withFixtureServer { running in
            let (full, failure) = try await sizeThenFailure(.resetMidBody, running)
            switch failure {
            case .truncatedResponse(let expected, let received)?:
                #expect(expected == full)
                #expect(received <= full / 2)
            case .connectionFailed?:
                #expect(failure?.kind == .network)
            default:
                Issue.record(
                    "expected truncatedResponse or connectionFailed, got \(String(describing: failure))")
            }
        }
    }

    @Test("a close before any byte is invalidResponse on Linux (connectionFailed on Apple platforms)")
    func closeWithoutResponse() async throws {
        try await withInstall { running, source, request in
            running.server.faultPlan = FaultPlan([.route(.installData): [.closeWithoutResponse]])
            let failure = await error { try await source.conversionData(for: request) }
            #if canImport(FoundationNetworking)
                guard case .invalidResponse = failure else {
                    Issue.record("expected invalidResponse, got \(String(describing: failure))")
                    return
                }
            #else
                guard case .connectionFailed = failure else {
                    Issue.record("expected connectionFailed, got \(String(describing: failure))")
                    return
                }
            #endif
        }
    }

    @Test("a server delay longer than the client's timeout is timedOut with that timeout (TIMEOUT)")
    func clientTimeout() async throws {
        let serverClock = ManualClock()
        try await withFixtureServer(clock: serverClock) { running in
            let source = try conversion(running, timeout: .milliseconds(300))
            let request = running.fixture.installRequest(deviceID: running.fixture.organicDevice)
            running.server.faultPlan = FaultPlan([.route(.installData): [.delay(.seconds(60))]])
            let failure = await error { try await source.conversionData(for: request) }
            #expect(failure == .timedOut(milliseconds: 300))
            #expect(failure?.kind == .timeout)
        }
    }

    @Test("a delay on the server's ManualClock holds the answer until the test advances the clock")
    func manualClockDelay() async throws {
        let serverClock = ManualClock()
        try await withFixtureServer(clock: serverClock) { running in
            let source = try conversion(running)
            let request = running.fixture.installRequest(deviceID: running.fixture.nonOrganicDevice)
            running.server.faultPlan = FaultPlan([.route(.installData): [.delay(.seconds(30))]])
            let answer = Task { try await source.conversionData(for: request) }
            await serverClock.waitForSleepers(count: 1)
            #expect(running.log.entries.isEmpty)
            await serverClock.advance(by: .seconds(30))
            let payload = try await answer.value
            #expect(payload["af_status"] == "Non-organic")
            // The entry is recorded just after the last byte is written, so it may trail the answer.
            try await running.log.waitForEntries(1)
            #expect(running.log.entries.map(\.status) == [200])
        }
    }

    @Test("a real-time delay holds the answer for at least that long, then answers normally")
    func realTimeDelay() async throws {
        try await withFixtureServer(clock: ManualClock()) { running in
            let source = try conversion(running)
            let request = running.fixture.installRequest(deviceID: running.fixture.organicDevice)
            running.server.faultPlan = FaultPlan([.route(.installData): [.realTimeDelay(.milliseconds(100))]])
            let started = ContinuousClock.now
            let organic = try await source.conversionData(for: request)
            #expect(organic["af_status"] == "Organic")
            #expect(ContinuousClock.now - started >= .milliseconds(100))
            try await running.log.waitForEntries(1)
            #expect(try #require(running.log.entries.last).duration >= .milliseconds(100))
        }
    }

    @Test(
        "deepLinkTimeout on a delayed short link is onAppOpenAttributionFailure TIMEOUT, and .failure in UDL")
    func sdkDeepLinkTimeout() async throws {
        let serverClock = ManualClock()
        try await withFixtureServer(clock: serverClock) { running in
            running.server.faultPlan = FaultPlan([.route(.shortLink): [.delay(.seconds(60))]])
            let short = running.fixture.basicLink.request.link
            for udl in [false, true] {
                let sdkClock = ManualClock()
                let sdk = AppsFlyerLib(
                    shortLinkResolver: try HTTPShortLinkResolver(baseURL: running.baseURL), clock: sdkClock,
                    logSink: SilentLogSink())
                let delegate = CallbackRecorder()  // the SDK's `deliveredEvents` is what the test reads
                sdk.appsFlyerDevKey = "DEV_KEY"
                sdk.appleAppID = "123456789"
                sdk.delegate = delegate
                if udl {
                    sdk.deepLinkDelegate = delegate
                    await sdk.perform(.start)
                }
                let before = sdk.deliveredEvents.count
                let sleepers = serverClock.sleeperCount
                sdk.submit(.universalLink(short))
                await serverClock.waitForSleepers(count: sleepers + 1)
                await sdkClock.advance(by: .milliseconds(3000))
                await sdk.waitUntilIdle()
                let delivered = Array(sdk.deliveredEvents.dropFirst(before))
                if udl {
                    #expect(delivered == [.deepLink(.failure(.timedOut(milliseconds: 3000)))])
                } else {
                    #expect(delivered == [.appOpenAttributionFailure(.timedOut(milliseconds: 3000))])
                }
                #expect(delivered.first?.error?.kind == .timeout)
            }
        }
    }

    func sdk(for running: FixtureServer) throws -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: try HTTPShortLinkResolver(
                baseURL: running.baseURL, redirectTimeout: .seconds(30)),
            logSink: SilentLogSink())
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.resolveDeepLinkURLs = ["127.0.0.1"]
        // These tests are about redirects, not timing: a loaded CI machine or ThreadSanitizer
        // must not turn a 19-hop exchange into a timeout.
        sdk.deepLinkTimeout = 60_000
        return sdk
    }

    @Test("the fixture's wrapper chain unwraps through the server to the short link's parameters")
    func wrapperChain() async throws {
        try await withFixtureServer { running in
            let sdk = try sdk(for: running)
            let events = await sdk.perform(.universalLink(running.fixture.emailClickURL))
            let payload = try #require(events.first?.payload)
            #expect(payload["original_link"] == .string(running.fixture.emailClickURL))
            #expect(payload["link"] == .string(running.fixture.chainTarget))
            #expect(payload["deep_link_value"] == "peaches")
        }
    }

    @Test("a redirect loop fault is redirectLoop through the SDK's unwrapping")
    func redirectLoop() async throws {
        try await withFixtureServer { running in
            let sdk = try sdk(for: running)
            running.server.faultPlan = FaultPlan([.route(.wrapper): [.redirectLoop]])
            let landing = running.fixture.landingURL
            #expect(
                await sdk.perform(.universalLink(landing)) == [
                    .appOpenAttributionFailure(.redirectLoop(landing))
                ])
            let loop = running.fixture.loopA
            running.server.faultPlan = .none
            #expect(
                await sdk.perform(.universalLink(loop)) == [.appOpenAttributionFailure(.redirectLoop(loop))])
        }
    }

    @Test("a chain of 11 injected hops is tooManyRedirects(10); 3 hops per wrapper (8 in all) still resolve")
    func redirectChains() async throws {
        try await withFixtureServer { running in
            let sdk = try sdk(for: running)
            running.server.faultPlan = FaultPlan([.route(.wrapper): [.redirectChain(hops: 11)]])
            #expect(
                await sdk.perform(.universalLink(running.fixture.landingURL))
                    == [.appOpenAttributionFailure(.tooManyRedirects(limit: 10))])
            running.server.faultPlan = FaultPlan([.route(.wrapper): [.redirectChain(hops: 3)]])
            let events = await sdk.perform(.universalLink(running.fixture.emailClickURL))
            #expect(events.first?.payload?["deep_link_value"] == "peaches")
            let redirects = running.log.entries.filter { $0.status == 302 }.count
            #expect(redirects == 11 + 3 + 1 + 3 + 1)
        }
    }
}

/// Drops the SDK's debug log.
struct SilentLogSink: DebugLogSink {
    func log(_ entry: DebugLogEntry) {}
}
