import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

/// A server on a network (issue 52).
///
/// `allowsNonLoopbackHost` is the opt-in, every API that checks keys must have some, and Push API
/// messages leave loopback only for `pushAllowedHosts`. Nothing here binds outside loopback:
/// `init(configuration:)` decides before anything is bound.
@Suite("Server: network access", .timeLimit(.minutes(5)))
struct ServerNetworkAccessTests {
    /// A configuration on `host` with every credential, opted in.
    static func keyed(host: String = "0.0.0.0") -> OneLinkServer.Configuration {
        OneLinkServer.Configuration(
            host: host, allowsNonLoopbackHost: true,
            oneLinkAPI: OneLinkAPISettings(links: InMemoryShortLinkResolver(), tokens: ["api-token"]),
            s2sKeys: ["s2s-key"], devKeys: ["dev-key"])
    }

    @Test("a non-loopback host without the opt-in is refused, naming the opt-in")
    func optInNeeded() {
        for host in ["0.0.0.0", "192.0.2.1", "::"] {
            var configuration = Self.keyed(host: host)
            configuration.allowsNonLoopbackHost = false
            #expect(configuration.isReachableFromNetwork)
            #expect(throws: ServerError.nonLoopbackHost(host)) {
                try OneLinkServer(configuration: configuration)
            }
        }
        #expect(
            ServerError.nonLoopbackHost("0.0.0.0").description.hasSuffix(
                "unless allowsNonLoopbackHost is set"))
    }

    @Test("opted in, each missing credential is named, in order, and none missing is accepted")
    func credentialsNeeded() throws {
        #expect(throws: Never.self) { try OneLinkServer(configuration: Self.keyed()) }
        var bare = OneLinkServer.Configuration(host: "192.0.2.1", allowsNonLoopbackHost: true)
        #expect(bare.missingNetworkCredentials == [.devKeys, .s2sKeys, .apiTokens])
        #expect(
            throws: ServerError.missingCredentials(
                host: "192.0.2.1", missing: [.devKeys, .s2sKeys, .apiTokens])
        ) {
            try OneLinkServer(configuration: bare)
        }
        // OneLink API settings with no tokens accept any token: as missing as no settings.
        bare.oneLinkAPI = OneLinkAPISettings(links: InMemoryShortLinkResolver())
        bare.s2sKeys = ["s2s-key"]
        #expect(bare.missingNetworkCredentials == [.devKeys, .apiTokens])
        let error = ServerError.missingCredentials(host: "192.0.2.1", missing: bare.missingNetworkCredentials)
        #expect(
            error.description
                == "host 192.0.2.1 is reachable from the network, where every API that checks keys needs some; "
                + "missing: devKeys (the conversion-data routes (GCD API v4.0, the SDK's v5.0) and the "
                + "deep-linking REST API); oneLinkAPI.tokens (the OneLink API (v2.0 and v1) and the Test Console API)"
        )
        var keyed = Self.keyed()
        for credential in ServerCredential.allCases {
            var configuration = keyed
            switch credential {
            case .devKeys: configuration.devKeys = []
            case .s2sKeys: configuration.s2sKeys = []
            case .apiTokens: configuration.oneLinkAPI = nil
            }
            #expect(throws: ServerError.missingCredentials(host: "0.0.0.0", missing: [credential])) {
                try OneLinkServer(configuration: configuration)
            }
        }
        // On loopback the opt-in changes nothing, and no key is needed.
        keyed = OneLinkServer.Configuration(host: "127.0.0.1", allowsNonLoopbackHost: true)
        #expect(!keyed.isReachableFromNetwork)
        #expect(throws: Never.self) { try OneLinkServer(configuration: keyed) }
    }

    @Test(
        "push URLs outside loopback need an allowed host, on the endpoint and on the server, and the opt-in")
    func pushHosts() throws {
        #expect(throws: PushAPIError.notLoopback("192.0.2.2")) {
            try PushAPIEndpoint(url: "http://192.0.2.2:8080/postbacks")
        }
        let remote = try PushAPIEndpoint(url: "http://192.0.2.2:8080/postbacks", allowedHosts: ["192.0.2.2"])
        let named = try PushAPIEndpoint(
            url: "http://Receiver.Example:80/", allowedHosts: ["receiver.example"])
        #expect(throws: PushAPIError.notLoopback("192.0.2.3")) {
            try PushAPIEndpoint(url: "http://192.0.2.3/", allowedHosts: ["192.0.2.2"])
        }
        _ = try PushAPIEndpoint(url: "http://[::1]:8080/x", allowedHosts: ["192.0.2.2"])

        var configuration = Self.keyed(host: "192.0.2.1")
        configuration.pushAPI = try PushAPISettings(endpoints: [remote, named])
        #expect(throws: ServerError.pushHostNotAllowed("192.0.2.2")) {
            try OneLinkServer(configuration: configuration)
        }
        configuration.pushAllowedHosts = ["192.0.2.2"]
        #expect(throws: ServerError.pushHostNotAllowed("Receiver.Example")) {
            try OneLinkServer(configuration: configuration)
        }
        configuration.pushAllowedHosts = ["192.0.2.2", "RECEIVER.example"]
        #expect(throws: Never.self) { try OneLinkServer(configuration: configuration) }
        // Loopback stays allowed beside the allowed hosts.
        configuration.pushAPI = try PushAPISettings(endpoints: [
            try PushAPIEndpoint(url: "http://127.0.0.1:9/")
        ])
        #expect(throws: Never.self) { try OneLinkServer(configuration: configuration) }

        var loopback = OneLinkServer.Configuration()
        loopback.pushAllowedHosts = ["192.0.2.2"]
        #expect(throws: ServerError.pushHostsNeedNetworkAccess(["192.0.2.2"])) {
            try OneLinkServer(configuration: loopback)
        }
    }

    #if os(Linux)
        @Test(
            "a message goes to an allowed host that is not 127.0.0.1 (Linux routes 127.0.0.2 to this machine)"
        )
        func deliveryToAllowedHost() async throws {
            let receiver = try PushReceiver(host: "127.0.0.2")
            defer { receiver.shutDown() }
            var configuration = OneLinkServer.Configuration(allowsNonLoopbackHost: true)
            configuration.pushAllowedHosts = ["127.0.0.2"]
            configuration.pushAPI = try PushAPISettings(
                endpoints: [try PushAPIEndpoint(url: receiver.url, allowedHosts: ["127.0.0.2"])])
            let server = try OneLinkServer(configuration: configuration)
            try await server.start()
            let body = #"{"appsflyer_id":"1600000000000-42","eventName":"af_purchase","eventValue":""}"#
            let request =
                "POST /inappevent/id123456789 HTTP/1.1\r\nHost: 127.0.0.1\r\nauthentication: key\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
            let answer = try await onThread { try RawHTTPConnection.exchange(request, port: server.port) }
            let message = try await receiver.next()
            await server.pushDeliveriesSettled()
            await server.stop()
            #expect(answer.body == "OK")
            #expect(try AttributionPayload(jsonString: message.body)["event_name"] == "af_purchase")
            #expect(server.pushDeliveries.map(\.outcome) == [.delivered(status: 200)])
        }
    #endif
}
