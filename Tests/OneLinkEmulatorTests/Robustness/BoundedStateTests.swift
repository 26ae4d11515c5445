import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

/// Issue 18: every log, history and store that grows with traffic is bounded, messages quote a
/// bounded prefix of their input, and unreadable files are named precisely.
@Suite(.timeLimit(.minutes(5))) struct BoundedStateTests {
    static let start = ManualClock.defaultStart

    func conversionRequest(_ device: String) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1", devKey: "k", deviceID: device, installTime: Self.start,
            device: ClickFixtures.device)
    }

    func deferredRequest(_ device: String) -> InstallAttributionRequest {
        InstallAttributionRequest(appID: "1", devKey: "k", deviceID: device, installTime: Self.start)
    }

    func click(at offset: TimeInterval, value: String) throws -> RecordedClick {
        let link = ClickedLink(
            kind: .oneLink(template: "H5hv"), url: "https://a.onelink.me/H5hv", host: "a.onelink.me",
            parameters: ["deep_link_value": .string(value)])
        return RecordedClick(
            time: Self.start.addingTimeInterval(offset), link: link,
            fingerprint: DeviceFingerprint(device: ClickFixtures.device),
            userAgent: try UserAgent(parsing: ClickFixtures.safari))
    }

    @Test("BoundedHistory.newest and RequestLog.receivedCount read the newest and the total without copying")
    func newestAndReceivedCount() {
        var history = BoundedHistory<Int>(limit: 3)
        for value in 0..<10 { history.append(value) }
        #expect(history.newest(2) == [8, 9])
        #expect(history.newest(0).isEmpty)
        #expect(history.newest(5) == [7, 8, 9], "never more than are kept")
        let log = RequestLog<Int>(limit: 3)
        for value in 0..<10 { log.append(value) }
        #expect(log.receivedCount == 10, "kept and dropped")
        #expect(log.newest(1) == [9])
    }

    @Test("the short-link resolver's request log is bounded by requestHistoryLimit")
    func resolverHistory() async throws {
        let resolver = InMemoryShortLinkResolver(links: ["H5hv/a": ["k": "v"]])
        #expect(resolver.requestHistoryLimit == RequestHistory.defaultLimit)
        resolver.requestHistoryLimit = 2
        for index in 0..<5 {
            _ = try? await resolver.resolve(
                ShortLinkRequest(
                    host: "h", template: "H5hv", shortID: "\(index)", link: "https://h/H5hv/\(index)"))
        }
        #expect(resolver.requests.map(\.shortID) == ["3", "4"])
        #expect(resolver.droppedRequestCount == 3)
    }

    @Test("the in-memory conversion and deferred sources keep bounded request logs")
    func inMemorySourceHistory() async throws {
        let conversion = InMemoryConversionDataSource()
        conversion.requestHistoryLimit = 1
        let deferred = InMemoryDeferredDeepLinkSource()
        deferred.requestHistoryLimit = 1
        for device in ["a", "b", "c"] {
            _ = try await conversion.conversionData(for: conversionRequest(device))
            _ = try await deferred.deferredDeepLink(for: deferredRequest(device))
        }
        #expect(conversion.requests.map(\.deviceID) == ["c"])
        #expect(deferred.requests.map(\.deviceID) == ["c"])
        #expect(conversion.droppedRequestCount == 2)
        #expect(deferred.droppedRequestCount == 2)
    }

    @Test("the click-store sources bound their request logs and the devices whose answer they remember")
    func clickStoreSources() async throws {
        let store = InMemoryClickStore()
        let conversion = ClickStoreConversionDataSource(store: store)
        conversion.requestHistoryLimit = 2
        conversion.maximumRememberedDevices = 2
        let deferred = ClickStoreDeferredDeepLinkSource(store: store)
        deferred.requestHistoryLimit = 2
        for device in ["a", "b", "c", "d"] {
            _ = try await conversion.conversionData(for: conversionRequest(device))
            _ = try await deferred.deferredDeepLink(for: deferredRequest(device))
        }
        #expect(conversion.requests.map(\.deviceID) == ["c", "d"])
        #expect(deferred.requests.map(\.deviceID) == ["c", "d"])
        #expect(conversion.rememberedDeviceCount == 2)
        // A remembered device keeps its first answer even after a click that would match it.
        try await store.record(try click(at: -60, value: "late"))
        let remembered = try await conversion.conversionData(for: conversionRequest("d"))
        #expect(remembered["af_status"] == "Organic")
        // A forgotten device is matched afresh against the clicks still stored.
        let forgotten = try await conversion.conversionData(for: conversionRequest("a"))
        #expect(forgotten["af_status"] == "Non-organic")
    }

    @Test("a full store with drop-oldest forgets the oldest click; refuse keeps every click")
    func clickOverflow() async throws {
        let dropping = InMemoryClickStore(capacity: 2, overflow: .dropOldest)
        for (offset, value) in [(0.0, "a"), (1, "b"), (2, "c")] {
            try await dropping.record(try click(at: offset, value: value))
        }
        #expect(dropping.recordedClicks.map { $0.parameters["deep_link_value"] } == ["b", "c"])
        #expect(dropping.droppedClickCount == 1)
        let refusing = InMemoryClickStore(capacity: 2)
        try await refusing.record(try click(at: 0, value: "a"))
        try await refusing.record(try click(at: 1, value: "b"))
        await #expect(throws: ClickError.storageFailed("the in-memory click store is full (2 clicks)")) {
            try await refusing.record(try click(at: 2, value: "c"))
        }
    }

    @Test("clicks inside the 30-day lookback stay while 10,000 later clicks arrive within it")
    func retentionKeepsClicksInsideTheWindow() async throws {
        let store = InMemoryClickStore(capacity: 20_000)
        try await store.record(try click(at: 0, value: "first"))
        for index in 1...10_000 { try await store.record(try click(at: Double(index) * 60, value: "n")) }
        let first = store.recordedClicks.first?.parameters["deep_link_value"]
        #expect(first == "first")
        try await store.record(try click(at: 30 * 86_400 + 1, value: "late"))
        #expect(store.recordedClicks.first?.parameters["deep_link_value"] == "n")
    }

    @Test("the in-memory store's candidate lookup gives the matcher the same answer as every click")
    func candidateFastPath() async throws {
        let store = InMemoryClickStore()
        var all: [RecordedClick] = []
        for index in 0..<200 {
            var recorded = try click(at: Double(index) - 300, value: "v\(index)")
            recorded.fingerprint.ipAddress =
                index % 7 == 0 ? ClickFixtures.device.ipAddress.uppercased() : "10.0.0.\(index)"
            if index == 50 { recorded.deviceID = "phone" }
            if index == 120 { recorded.advertisingID = "ABC" }
            try await store.record(recorded)
            all.append(recorded)
        }
        for (device, deviceID) in [
            (ClickFixtures.device, "phone"), (ClickFixtures.device, "other"),
            (
                DeviceInfo(
                    ipAddress: "10.0.0.3", model: "iPhone", osVersion: "17.4", language: "en-US",
                    advertisingID: "abc"), "x"
            ),
            (DeviceInfo(ipAddress: "192.0.2.1", model: "iPhone", osVersion: "17.4", language: "en-US"), "x"),
        ] {
            let fast = try await InstallMatcher.standard.match(
                device: device, deviceID: deviceID, installTime: Self.start, in: store)
            let slow = InstallMatcher.standard.match(
                device: device, deviceID: deviceID, installTime: Self.start, among: all)
            #expect(fast == slow)
        }
        #expect(InMemoryClickStore.equalIgnoringCase("FE80::1", "fe80::1"))
        #expect(!InMemoryClickStore.equalIgnoringCase("10.0.0.1", "10.0.0.2"))
    }

    @Test("a 1 MiB number, key or duplicate key gets a message of bounded length")
    func boundedJSONMessages() {
        let digits = String(repeating: "9", count: 1 << 20)
        let key = String(repeating: "k", count: 1 << 20)
        for json in [
            "{\"n\": \(digits)}", "{\"\(key)\": 1, \"\(key)\": 2}", "{\"\(key)\": {\"a\": 1, \"a\": 2}}",
        ] {
            do {
                _ = try AttributionPayload(json: Data(json.utf8))
                Issue.record("accepted")
            } catch {
                #expect(error.description.utf8.count < 400)
                #expect(error.description.contains("more bytes)"))
            }
        }
    }

    @Test("an app store URL with another scheme is refused with the schemes that are accepted")
    func appStoreScheme() {
        let configuration = ClickHandler.Configuration(
            appStoreURL: "ftp://apps.example/app", oneLinkDomains: ["x.onelink.me"], templates: ["H5hv"],
            interstitialDomain: "open.example.test")
        #expect(
            throws: ClickError.invalidConfiguration(
                #"appStoreURL must be an https, http or itms-apps URL, got "ftp://apps.example/app""#)
        ) {
            try configuration.validate()
        }
    }
}
