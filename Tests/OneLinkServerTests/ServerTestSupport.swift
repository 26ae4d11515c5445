import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

/// A resolver whose backing resolver is set after the server has bound, so fixture URLs can
/// name the server's own address.
final class LateBoundShortLinkResolver: ShortLinkResolver, Sendable {
    private let inner = Locked<any ShortLinkResolver>(InMemoryShortLinkResolver())

    func bind(_ resolver: any ShortLinkResolver) { inner.withLock { $0 = resolver } }

    private var current: any ShortLinkResolver { inner.value }

    func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        try await current.resolve(request)
    }

    func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
        try await current.redirectTarget(of: url, headers: headers)
    }
}

/// A running server seeded from ``BackendFixture`` with `wrapperBase` set to its own base URL.
struct FixtureServer {
    let server: OneLinkServer
    let fixture: BackendFixture
    let log: ObservedRequestLog

    var baseURL: URL { server.baseURL }
    var port: UInt16 { server.port }

    static func start(
        limits: ServerLimits = ServerLimits(), clock: any EmulatorClock = SystemClock(),
        clickHandler: ClickHandler? = nil, conversion: (any ConversionDataSource)? = nil,
        deviceMemory: (any DeviceMemory)? = nil, deferred: (any DeferredDeepLinkSource)? = nil
    ) async throws -> FixtureServer {
        let resolver = LateBoundShortLinkResolver()
        let seed = BackendFixture()
        let log = ObservedRequestLog()
        let server = try OneLinkServer(
            configuration: .init(
                shortLinkResolver: resolver,
                conversionDataSource: conversion ?? seed.makeConversionDataSource(),
                deferredDeepLinkSource: deferred ?? seed.makeDeferredDeepLinkSource(),
                clickHandler: clickHandler,
                landingPaths: ["/landing"], limits: limits, clock: clock, logSink: log,
                deviceMemory: deviceMemory))
        try await server.start()
        let fixture = BackendFixture(wrapperBase: server.baseURL)
        resolver.bind(fixture.makeShortLinkResolver())
        return FixtureServer(server: server, fixture: fixture, log: log)
    }
}

/// Runs `body` against a fresh fixture server and stops the server afterwards, even on failure.
func withFixtureServer<Result>(
    limits: ServerLimits = ServerLimits(), clock: any EmulatorClock = SystemClock(),
    clickHandler: ClickHandler? = nil, conversion: (any ConversionDataSource)? = nil,
    deviceMemory: (any DeviceMemory)? = nil, deferred: (any DeferredDeepLinkSource)? = nil,
    _ body: (FixtureServer) async throws -> Result
) async throws -> Result {
    let running = try await FixtureServer.start(
        limits: limits, clock: clock, clickHandler: clickHandler, conversion: conversion,
        deviceMemory: deviceMemory, deferred: deferred)
    do {
        let result = try await body(running)
        await running.server.stop()
        return result
    } catch {
        await running.server.stop()
        throw error
    }
}

/// Starts a server for `configuration`, runs `body` with it and stops it afterwards, even on failure.
func withStartedServer<Result>(
    _ configuration: OneLinkServer.Configuration, _ body: (OneLinkServer) async throws -> Result
) async throws -> Result {
    let server = try OneLinkServer(configuration: configuration)
    try await server.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// An in-process answer in the shape of the loopback client's (`RawHTTPConnection.Response`), so a
/// route-level test moves onto ``EmbeddedServer`` by its setup alone.
struct RouteAnswer: Sendable {
    /// The status code.
    var status: Int
    /// The header fields, by lowercased name.
    var headers: [String: String]
    /// The body as text.
    var body: String
    /// The status line's reason phrase.
    var reasonPhrase: String

    init(_ response: EmbeddedResponse) {
        status = response.status.code
        reasonPhrase = response.status.reasonPhrase
        body = response.text
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            let key = name.rawName.lowercased()
            fields[key] = fields[key].map { $0 + ", " + value } ?? value
        }
        headers = fields
    }

    /// The value of the header field `name`, in any case.
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

extension EmbeddedServer {
    /// The answer to the raw HTTP/1.1 request text, read by the server's parser, in process.
    func exchange(_ request: String, clientIP: String = "127.0.0.1") async throws -> RouteAnswer {
        guard let response = await respond(toBytes: Array(request.utf8), clientIP: clientIP) else {
            throw RawHTTPConnection.Failure(description: "the request ends before it is complete")
        }
        return RouteAnswer(response)
    }
}

/// The text of one HTTP/1.1 request as the loopback tests write it: the request line, `Host`,
/// `headers` (each `Name: value`), `Connection: close`, and `body` after its `Content-Length` (a
/// `POST` or `PUT` without a body says `Content-Length: 0`).
func rawRequest(_ method: String, _ target: String, headers: [String] = [], body: String? = nil) -> String {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers + ["Connection: close"]
    if let body {
        lines.append("Content-Length: \(body.utf8.count)")
    } else if ["POST", "PUT"].contains(method) {
        lines.append("Content-Length: 0")
    }
    return (lines + ["", body ?? ""]).joined(separator: "\r\n")
}

extension EmbeddedServer {
    /// The answer to ``rawRequest(_:_:headers:body:)``'s request, read by the server's parser, in
    /// process.
    func call(
        _ method: String, _ target: String, headers: [String] = [], body: String? = nil,
        clientIP: String = "127.0.0.1"
    ) async throws -> RouteAnswer {
        try await exchange(rawRequest(method, target, headers: headers, body: body), clientIP: clientIP)
    }

    /// The package's HTTP backend `Backend` on this server: its requests built and its answers
    /// read as over a socket, handed to the router in process by ``EmbeddedTransport``.
    func backend<Backend: HTTPBackend>(_ type: Backend.Type = Backend.self) throws -> Backend {
        try Backend(baseURL: EmbeddedTransport.baseURL, transport: EmbeddedTransport(server: self))
    }
}

/// An `HTTPTransport` that hands each request to an ``EmbeddedServer``, so the package's HTTP
/// backends ask the router in process.
struct EmbeddedTransport: HTTPTransport {
    /// The base URL the backends are made with.
    static let baseURL = URL(string: "http://127.0.0.1")!

    let server: EmbeddedServer

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = parts?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = parts?.percentEncodedQuery { target += "?" + query }
        var fields = [ServerRequest.Header(name: .host, value: "127.0.0.1")]
        fields += request.headers.map { ServerRequest.Header(name: HTTPFieldName($0.key), value: $0.value) }
        let answer = await server.respond(
            to: ServerRequest(
                method: request.method, target: target, version: "HTTP/1.1", headers: fields,
                body: Array(request.body ?? Data())))
        var headers: [String: String] = [:]
        for (name, value) in answer.headers {
            headers[name.rawName] = headers[name.rawName].map { $0 + ", " + value } ?? value
        }
        return HTTPResponse(statusCode: answer.status.code, headers: headers, body: Data(answer.body))
    }
}

/// A server in process whose click handler (template `H5hv` on ``host``), conversion data, deferred
/// deep links and device memory share one click store, on a manual clock: the set-up of the click,
/// install and test-device route tests.
struct ClickStoreServer {
    static let appStore = "https://apps.apple.com/app/id1234567890"
    static let host = "onelink-basic-app.onelink.me"
    /// Safari on an iPhone, the click tests' browser.
    static let safari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
        + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"

    let server: EmbeddedServer
    let store: InMemoryClickStore
    let clock: ManualClock

    /// A server whose click handler also takes raw attribution links for `appIDs` and resolves short
    /// links with `shortLinks`, after `configure` adjusted the configuration.
    init(
        appIDs: Set<String> = [],
        shortLinks: any ShortLinkResolver = BackendFixture().makeShortLinkResolver(),
        configure: (inout OneLinkServer.Configuration) -> Void = { _ in }
    ) throws {
        let clock = ManualClock()
        let store = InMemoryClickStore()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: Self.appStore, oneLinkDomains: [Self.host], templates: ["H5hv"],
                interstitialDomain: "open.example.net", appIDs: appIDs),
            shortLinks: shortLinks, store: store, clock: clock)
        let conversion = ClickStoreConversionDataSource(store: store)
        var configuration = OneLinkServer.Configuration(
            shortLinkResolver: shortLinks, conversionDataSource: conversion,
            deferredDeepLinkSource: ClickStoreDeferredDeepLinkSource.clickStore(store), clickHandler: handler,
            landingPaths: ["/landing"], clock: clock, deviceMemory: conversion)
        configure(&configuration)
        self.init(server: EmbeddedServer(configuration: configuration), store: store, clock: clock)
    }

    private init(server: EmbeddedServer, store: InMemoryClickStore, clock: ManualClock) {
        self.server = server
        self.store = store
        self.clock = clock
    }

    /// The answer to `method target` with `headers` (each `Name: value`) and `body`.
    func send(
        _ method: String, _ target: String, headers: [String] = [], body: String = ""
    ) async throws -> RouteAnswer {
        try await server.call(method, target, headers: headers, body: body)
    }

    /// The SDK's install request for `deviceID` from `ip`, `delay` after the clock's now, through
    /// the package's HTTP client.
    func install(
        _ deviceID: String, devKey: String = "key", advertisingID: String? = nil, ip: String = "198.51.100.1",
        after delay: Duration = .seconds(60)
    ) async throws -> AttributionPayload {
        try await server.backend(HTTPConversionDataSource.self).conversionData(
            for: InstallAttributionRequest(
                appID: "id1234567890", devKey: devKey, deviceID: deviceID,
                installTime: clock.now.adding(delay),
                device: DeviceInfo(
                    ipAddress: ip, model: "iPhone15,2", osVersion: "17.4", advertisingID: advertisingID)))
    }
}

/// Runs `body` against a server in process for `configuration`, then stops its Push API sender and
/// shuts `receiver` down, even on failure.
func withPushServer<Result>(
    _ configuration: OneLinkServer.Configuration, receiver: PushReceiver,
    _ body: (EmbeddedServer) async throws -> Result
) async throws -> Result {
    let server = EmbeddedServer(configuration: configuration)
    defer {
        server.stop()
        receiver.shutDown()
    }
    return try await body(server)
}
