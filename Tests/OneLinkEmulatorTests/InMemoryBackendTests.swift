import Foundation
import OneLinkEmulator
import Testing

/// The properties every in-memory backend shares come from ``InMemoryBackend``, once.
@Suite(.timeLimit(.minutes(5))) struct InMemoryBackendTests {
    static let install = InstallAttributionRequest(
        appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1",
        installTime: Date(timeIntervalSince1970: 1_597_244_913.5), device: DeviceInfo())

    /// Each in-memory backend with one call of its own contract.
    static func backends() -> [(
        name: String, backend: any InMemoryBackend, call: @Sendable () async throws -> Void
    )] {
        let resolver = InMemoryShortLinkResolver(links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]])
        let conversion = InMemoryConversionDataSource()
        let deferred = InMemoryDeferredDeepLinkSource()
        let launches = InMemoryLaunchRecorder()
        let events = InMemoryEventRecorder()
        let purchases = InMemoryPurchaseValidator()
        let creator = InMemoryShortLinkCreator(resolver: InMemoryShortLinkResolver())
        return [
            (
                "resolver", resolver,
                {
                    _ = try await resolver.resolve(
                        ShortLinkRequest(
                            host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
                            link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a"))
                }
            ),
            ("conversion", conversion, { _ = try await conversion.conversionData(for: install) }),
            ("deferred", deferred, { _ = try await deferred.deferredDeepLink(for: install) }),
            (
                "launches", launches,
                {
                    _ = try await launches.recordLaunch(
                        LaunchRequest(
                            appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1",
                            sessionCount: 1,
                            device: DeviceInfo()))
                }
            ),
            (
                "events", events,
                {
                    _ = try await events.recordEvent(
                        InAppEvent(
                            appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1",
                            name: "af_purchase", time: install.installTime))
                }
            ),
            (
                "purchases", purchases,
                {
                    _ = try await purchases.validate(
                        PurchaseValidationRequest(
                            appID: "1234567890", deviceID: "device-1", productIdentifier: "gems",
                            price: "0.99",
                            currency: "USD", transactionID: "t-1"))
                }
            ),
            (
                "creator", creator,
                {
                    _ = try await creator.createShortLink(
                        ShortLinkCreationRequest(
                            template: "H5hv", domain: "go.fixture.example", parameters: [:]))
                }
            ),
        ]
    }

    @Test(
        "every in-memory backend fails as its behaviour says and keeps a bounded log, set through the protocol"
    )
    func sharedBehaviourAndLog() async throws {
        for (name, backend, call) in Self.backends() {
            #expect(backend.behavior == .immediate, "\(name)")
            #expect(backend.requestHistoryLimit == RequestHistory.defaultLimit, "\(name)")
            backend.behavior = .failing(.httpStatus(code: 503, reason: "down"))
            backend.requestHistoryLimit = 1
            for _ in 0..<3 {
                await #expect(throws: AttributionError.httpStatus(code: 503, reason: "down"), "\(name)") {
                    try await call()
                }
            }
            #expect(backend.requests.count == 1, "\(name)")
            #expect(backend.droppedRequestCount == 2, "\(name)")
            backend.behavior = .immediate
            try await call()
            #expect(backend.droppedRequestCount == 3, "\(name)")
        }
    }

    @Test("the event recorder's events, eventHistoryLimit and droppedEventCount are its request log")
    func eventRecorderNames() async throws {
        let recorder = InMemoryEventRecorder()
        recorder.eventHistoryLimit = 1
        #expect(recorder.requestHistoryLimit == 1)
        for name in ["a", "b"] {
            _ = try await recorder.recordEvent(
                InAppEvent(
                    appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1", name: name,
                    time: Self.install.installTime))
        }
        #expect(recorder.events.map(\.name) == ["b"])
        #expect(recorder.requests.map(\.name) == ["b"])
        #expect(recorder.droppedEventCount == 1 && recorder.droppedRequestCount == 1)
    }
}
