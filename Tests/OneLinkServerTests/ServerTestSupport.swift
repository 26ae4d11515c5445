import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
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
