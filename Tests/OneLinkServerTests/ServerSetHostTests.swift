import Foundation
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

@Suite("setHost points the SDK's HTTP backends at onelink-replay serve")
struct ServerSetHostTests {
    @Test(
        "With setHost(\"127.0.0.1:PORT\"), the launch's conversion data comes from the server, which logs the identity"
    )
    func setHostReachesTheServer() async throws {
        let served = try await FixtureServer.start()
        let unreachable = "https://unused.invalid"
        let sdk = AppsFlyerLib(
            shortLinkResolver: try .http(baseURL: unreachable),
            conversionDataSource: try .http(baseURL: unreachable),
            deferredDeepLinkSource: try .http(baseURL: unreachable),
            logSink: .recording(), eventRecorder: try .http(baseURL: unreachable))
        sdk.appsFlyerDevKey = served.fixture.devKey
        sdk.appleAppID = served.fixture.appID
        sdk.callbackDelivery = .sdkQueue
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
        #expect(lines.contains { $0.hasPrefix("POST /inappevent/") })
    }
}
