import Foundation
import OneLinkEmulator
import OneLinkHTTP
import Testing

/// One ``HTTPBackendConfiguration`` carries the server, transport and limits of every HTTP backend.
@Suite(.timeLimit(.minutes(5))) struct HTTPBackendConfigurationTests {
    static let installRequest = InstallAttributionRequest(
        appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1",
        installTime: Date(timeIntervalSince1970: 1_597_244_913.5), device: DeviceInfo())

    @Test("backends built on one configuration send to its server with its timeout and body cap")
    func oneConfigurationServesEveryBackend() async throws {
        let transport = HTTPFakeTransport { request in
            let body = request.url.path.contains("/shortlink/v1/") ? "https://go.fixture.example/ab/1" : "{}"
            let found = request.url.path.contains("/v1.0/ios/") ? #"{"found": false}"# : body
            return HTTPResponse(statusCode: 200, body: Data(found.utf8))
        }
        let server = try HTTPBackendConfiguration(
            baseURL: URL(string: "http://127.0.0.1:8080/api//")!, transport: transport,
            timeout: .milliseconds(1500), maximumResponseBytes: 4096)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:8080/api")
        let conversion = HTTPConversionDataSource(configuration: server)
        let deferred = HTTPDeferredDeepLinkSource(configuration: server)
        let launches = HTTPLaunchRecorder(configuration: server)
        let events = HTTPEventRecorder(configuration: server)
        let creator = HTTPShortLinkCreator(configuration: server)
        let resolver = HTTPShortLinkResolver(configuration: server)
        let backends: [any HTTPBackend] = [conversion, deferred, launches, events, creator, resolver]
        for backend in backends {
            #expect(backend.baseURL == server.baseURL)
            #expect(backend.timeout == .milliseconds(1500))
            #expect(backend.maximumResponseBytes == 4096)
        }
        #expect(resolver.redirectTimeout == .milliseconds(1500))

        _ = try await conversion.conversionData(for: Self.installRequest)
        _ = try await deferred.deferredDeepLink(for: Self.installRequest)
        _ = try await launches.recordLaunch(
            LaunchRequest(
                appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1", sessionCount: 1,
                device: DeviceInfo()))
        _ = try await events.recordEvent(
            InAppEvent(
                appID: "1234567890", devKey: "fixture-dev-key", deviceID: "device-1", name: "af_purchase",
                time: Date(timeIntervalSince1970: 1_597_244_913.5)))
        _ = try await creator.createShortLink(
            ShortLinkCreationRequest(
                template: "ab", domain: "go.fixture.example", parameters: [:], devKey: "fixture-dev-key"))
        _ = try await resolver.redirectTarget(of: "http://127.0.0.1:8080/wrap", headers: [:])
        let sent = transport.requests
        #expect(sent.count == 6)
        #expect(sent.allSatisfy { $0.url.absoluteString.hasPrefix("http://127.0.0.1:8080/") })
        #expect(
            sent.dropLast().allSatisfy { $0.url.path.hasPrefix("/api/") },
            "every endpoint under the base path")
        #expect(sent.allSatisfy { $0.timeout == .milliseconds(1500) && $0.maximumResponseBytes == 4096 })
    }

    @Test("each backend keeps its own default timeout, through its initializer and its .http factory")
    func defaultTimeouts() throws {
        let base = URL(string: "https://api.fixture.example")!
        #expect(try HTTPConversionDataSource(baseURL: base).timeout == .seconds(10))
        #expect(try HTTPDeferredDeepLinkSource(baseURL: base).timeout == .seconds(10))
        #expect(try HTTPLaunchRecorder(baseURL: base).timeout == .seconds(10))
        #expect(try HTTPEventRecorder(baseURL: base).timeout == .seconds(10))
        #expect(try HTTPShortLinkCreator(baseURL: base).timeout == .seconds(3))
        #expect(try HTTPShortLinkResolver(baseURL: base).redirectTimeout == .seconds(3))
        #expect(try HTTPShortLinkResolver.http(baseURL: base).redirectTimeout == .seconds(3))
        #expect(try HTTPShortLinkCreator.http(baseURL: base).timeout == .seconds(3))
        #expect(try HTTPConversionDataSource.http(baseURL: base).timeout == .seconds(10))
        #expect(
            try HTTPShortLinkResolver(baseURL: base).maximumResponseBytes
                == HTTPRequest.defaultMaximumResponseBytes)
    }

    @Test("the configuration applies the transport policy once, for every backend built on it")
    func policy() {
        #expect(throws: AttributionError.insecureTransport("http://api.fixture.example")) {
            try HTTPBackendConfiguration(baseURL: URL(string: "http://api.fixture.example")!)
        }
        #expect(throws: AttributionError.self) {
            try HTTPBackendConfiguration(baseURL: URL(string: "https://api.fixture.example/?q=1")!)
        }
    }
}
