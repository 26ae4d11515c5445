import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// Features follow from the capabilities a configuration declares, never from casting a backend: a
/// server given a resolver that is no short-link table says which features it lacks, and their
/// routes answer as documented.
@Suite("Server: capabilities by type", .timeLimit(.minutes(2)))
struct CapabilityTests {
    @Test("a server with an HTTP-style resolver lists the features it lacks and answers 501 for loading")
    func lackingCapabilities() async throws {
        let configuration = OneLinkServer.Configuration(shortLinkResolver: LateBoundShortLinkResolver())
        let lacking = configuration.unavailableFeatures.map(\.feature)
        #expect(lacking.contains("short-link loading"))
        #expect(lacking.contains("the OneLink API"))
        #expect(lacking.contains("forgetting devices in the conversion source"))
        #expect(
            configuration.unavailableFeatures.first?.description
                == "short-link loading is off (no shortLinkStore): PUT /onelink-emulator/shortlinks answers 501"
        )
        let response = await EmbeddedServer(configuration: configuration).respond(
            .put, "/onelink-emulator/shortlinks", body: "{}")
        #expect(response.status == .notImplemented)
        #expect(response.text.contains("no shortLinkStore"))
    }

    @Test("a configuration that declares every capability lacks nothing")
    func everyCapability() throws {
        let links = InMemoryShortLinkResolver()
        let store = InMemoryClickStore()
        let conversion = ClickStoreConversionDataSource(store: store)
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1", oneLinkDomains: ["app.onelink.me"],
                templates: ["T1"], interstitialDomain: "open.example.net"),
            shortLinks: links, store: store)
        let configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, conversionDataSource: conversion, clickHandler: handler,
            shortLinkCreator: InMemoryShortLinkCreator(resolver: links),
            oneLinkAPI: OneLinkAPISettings(links: links), shortLinkStore: links, deviceMemory: conversion)
        #expect(configuration.unavailableFeatures.isEmpty)
    }

    @Test("an in-memory click store hands the matcher only the clicks that can match")
    func candidateLookup() async throws {
        let store = InMemoryClickStore()
        #expect(store.storedClickCount == 0)
        let start = Date(timeIntervalSince1970: 0)
        let none = try await store.candidateClicks(
            from: start, through: start.addingTimeInterval(60), device: DeviceInfo(ipAddress: "203.0.113.9"),
            deviceID: "d")
        #expect(none.isEmpty)
    }
}
