import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickStoreTests {
    private func click(at offset: TimeInterval, value: String = "v") throws -> RecordedClick {
        let link = ClickedLink(
            kind: .oneLink(template: "H5hv"), url: "https://a.onelink.me/H5hv", host: "a.onelink.me",
            parameters: ["deep_link_value": .string(value)])
        return RecordedClick(
            time: ManualClock.defaultStart.addingTimeInterval(offset), link: link,
            fingerprint: DeviceFingerprint(device: ClickFixtures.device),
            userAgent: try UserAgent(parsing: ClickFixtures.safari))
    }

    @Test func rangeIsInclusiveAndInRecordingOrder() async throws {
        let store: InMemoryClickStore = .inMemory()
        for (offset, value) in [(0.0, "a"), (10, "b"), (10, "c"), (20, "d")] {
            try await store.record(try click(at: offset, value: value))
        }
        let found = try await store.clicks(
            from: ManualClock.defaultStart.addingTimeInterval(10),
            through: ManualClock.defaultStart.addingTimeInterval(20))
        #expect(found.map { $0.parameters["deep_link_value"] } == ["b", "c", "d"])
    }

    @Test func clicksBeyondTheRetentionAreDropped() async throws {
        let store = InMemoryClickStore()
        try await store.record(try click(at: 0, value: "old"))
        try await store.record(try click(at: 30 * 86_400 + 1, value: "new"))
        #expect(store.recordedClicks.map { $0.parameters["deep_link_value"] } == ["new"])
    }

    @Test func fullStoreThrowsAndKeepsItsClicks() async throws {
        let store = InMemoryClickStore(capacity: 2)
        try await store.record(try click(at: 0))
        try await store.record(try click(at: 1))
        await #expect(throws: ClickError.self) { try await store.record(try click(at: 2)) }
        #expect(store.count == 2)
    }

    @Test func removeAllEmptiesTheStore() async throws {
        let store = InMemoryClickStore(clicks: [try click(at: 0)])
        #expect(store.count == 1)
        try await store.removeAll()
        #expect(store.count == 0)
    }

    @Test func matcherWorksOnPlainValues() throws {
        let clicks = [try click(at: 0, value: "a"), try click(at: 5, value: "b")]
        let match = InstallMatcher.standard.match(
            device: ClickFixtures.device, deviceID: "d",
            installTime: ManualClock.defaultStart.addingTimeInterval(60),
            among: clicks)
        #expect(match?.click.parameters["deep_link_value"] == "b")
        #expect(match?.matchType == .probabilistic)
        #expect(
            match?.deferredClick
                == DeferredClick(
                    time: clicks[1].time, parameters: clicks[1].parameters, matchType: .probabilistic,
                    deviceID: clicks[1].deviceID))
        let organic = InstallMatcher.conversionData(for: nil, installTime: ManualClock.defaultStart)
        #expect(organic["af_message"] == "organic install")
    }
}
