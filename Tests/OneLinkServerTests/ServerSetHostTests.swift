import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import Testing

@Suite("setHost points the SDK's HTTP backends at onelink-replay serve", .timeLimit(.minutes(5)))
struct ServerSetHostTests {
    @Test(
        "With setHost(\"127.0.0.1:PORT\"), the launch's conversion data comes from the server, which logs the identity"
    )
    func setHostReachesTheServer() async throws {
        let served = try await FixtureServer.start()
        let unreachable = URL(string: "https://unused.invalid")!
        let sdk = AppsFlyerLib(
            shortLinkResolver: try .http(baseURL: unreachable),
            conversionDataSource: try .http(baseURL: unreachable),
            deferredDeepLinkSource: try .http(baseURL: unreachable),
            logSink: .recording(), eventRecorder: try .http(baseURL: unreachable))
        sdk.appsFlyerDevKey = served.fixture.devKey
        sdk.appleAppID = served.fixture.appID
        sdk.callbackDelivery = .sdkQueue
        // A round trip, not a deadline, is under test (see ServerEventsAndInvitesTests).
        sdk.conversionDataTimeout = 60_000
        sdk.deepLinkTimeout = 60_000
        sdk.customerUserID = "user-42"
        sdk.setHost("127.0.0.1:\(served.port)", withHostPrefix: "")
        let startEvents = await sdk.perform(.start)
        let logged = try await sdk.logEvent(name: AFEventLogin, values: nil)
        await served.server.stop()

        #expect(startEvents.first?.callbackName == "onConversionDataSuccess", "\(startEvents)")
        #expect(logged["status"] as? String == "ok")
        let lines = served.log.entries.map(\.requestLine)
        #expect(
            lines.contains { $0.contains("/install_data/v5.0/") && $0.contains("customer_user_id=user-42") })
        // The SDK's event call goes to the launch path, never to the S2S API's /inappevent.
        #expect(lines.contains { $0.hasPrefix("POST /api/v6/iosevent/") })
        #expect(!lines.contains { $0.hasPrefix("POST /inappevent/") })
    }
}

@Suite("Server: the launch endpoint", .timeLimit(.minutes(5)))
struct ServerLaunchTests {
    @Test(
        "An SDK's launch over HTTP: accepted for a valid dev key, 400 (code 50) for another, and the session fails"
    )
    func launchOverHTTP() async throws {
        let launches = InMemoryLaunchRecorder(validDevKeys: ["GOOD_KEY"])
        let server = try OneLinkServer(configuration: .init(launchRecorder: launches))
        try await server.start()
        let sdk = AppsFlyerLib(launchRecorder: try .http(baseURL: server.baseURL), clock: ManualClock())
        sdk.appsFlyerDevKey = "GOOD_KEY"
        sdk.appleAppID = "123456789"
        sdk.customerUserID = "user-42"
        sdk.callbackDelivery = .sdkQueue
        let accepted = try await sdk.start()
        await sdk.waitUntilIdle()

        let rejected = AppsFlyerLib(launchRecorder: try .http(baseURL: server.baseURL), clock: ManualClock())
        rejected.appsFlyerDevKey = "BAD_KEY"
        rejected.appleAppID = "123456789"
        rejected.callbackDelivery = .sdkQueue
        var rejection: (any Error)?
        do { _ = try await rejected.start() } catch { rejection = error }
        await rejected.waitUntilIdle()
        await server.stop()

        #expect(accepted["status"] as? String == "ok")
        #expect(launches.requests.map(\.devKey) == ["GOOD_KEY", "BAD_KEY"])
        #expect(launches.requests.first?.identity.customerUserID == "user-42")
        #expect(launches.requests.first?.sessionCount == 1)
        #expect((rejection as NSError?)?.code == 50)
        #expect((rejection as NSError?)?.localizedDescription == "Status code failure: 400")
        #expect(rejected.deliveredEvents.first?.callbackName == "onConversionDataFail")
    }
}
