import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

/// The click-store sources answer an SDK without a task or timer when their store is in memory, and
/// that answer is the one their `async` methods give.
@Suite(.timeLimit(.minutes(5))) struct ClickStoreImmediateAnswerTests {
    /// A store that holds its clicks elsewhere: it answers only through its `async` methods.
    struct RemoteStore: ClickStore {
        let inner: InMemoryClickStore
        func record(_ click: RecordedClick) async throws { try await inner.record(click) }
        func clicks(from start: Date, through end: Date) async throws -> [RecordedClick] {
            try await inner.clicks(from: start, through: end)
        }
        func removeAll() async throws { try await inner.removeAll() }
    }

    private static func request(
        _ env: ClickFixtures.Environment, deviceID: String = "af-device-1"
    )
        -> InstallAttributionRequest
    {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "dev-key", deviceID: deviceID, installTime: env.clock.now,
            device: ClickFixtures.device)
    }

    @Test("an in-memory store's conversion data without waiting is the async answer, recorded once")
    func conversionDataImmediately() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(60))
        let immediate = ClickStoreConversionDataSource(store: env.store)
        let waiting = ClickStoreConversionDataSource(store: RemoteStore(inner: env.store))
        let request = Self.request(env)
        let answer = try #require(immediate.conversionDataImmediately(for: request)).get()
        #expect(answer == (try await waiting.conversionData(for: request)))
        #expect(answer["af_status"] == "Non-organic")
        #expect(immediate.requests == [request])
        // The device's answer stays its answer, asked either way.
        #expect(try immediate.conversionDataImmediately(for: request)?.get() == answer)
        #expect(try await immediate.conversionData(for: request) == answer)
        #expect(immediate.requests.count == 3)
    }

    @Test("an in-memory store's deferred deep link without waiting is the async answer, recorded once")
    func deferredDeepLinkImmediately() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(60))
        let immediate = ClickStoreDeferredDeepLinkSource(store: env.store)
        let waiting = ClickStoreDeferredDeepLinkSource(store: RemoteStore(inner: env.store))
        let request = Self.request(env)
        let answer = try #require(immediate.deferredDeepLinkImmediately(for: request)).get()
        #expect(answer.found)
        #expect(answer == (try await waiting.deferredDeepLink(for: request)))
        #expect(immediate.requests == [request])
        await env.clock.advance(by: .seconds(15 * 60))
        #expect(try immediate.deferredDeepLinkImmediately(for: Self.request(env))?.get() == .notFound)
    }

    @Test("a store that always waits gives no answer without waiting, and nothing is recorded")
    func waitingStoreGivesNoImmediateAnswer() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        let store = RemoteStore(inner: env.store)
        let conversion = ClickStoreConversionDataSource(store: store)
        let deferred = ClickStoreDeferredDeepLinkSource(store: store)
        let request = Self.request(env)
        #expect(conversion.conversionDataImmediately(for: request) == nil)
        #expect(deferred.deferredDeepLinkImmediately(for: request) == nil)
        #expect(conversion.requests.isEmpty && deferred.requests.isEmpty)
        #expect(conversion.rememberedDeviceCount == 0)
    }
}
