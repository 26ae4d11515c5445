import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import Testing

/// The HTTP client backends, pointed at a real loopback server seeded from the fixture, pass the
/// same conformance checks as the in-memory backends.
@Suite(.timeLimit(.minutes(5))) struct ServerConformanceTests {
    @Test("HTTPShortLinkResolver against the server", arguments: ShortLinkResolverConformance.checks)
    func shortLinkResolver(_ check: ConformanceCheck<any ShortLinkResolver>) async throws {
        try await withFixtureServer { running in
            await check.expectPasses(fixture: running.fixture) { _ in
                try HTTPShortLinkResolver(
                    baseURL: running.baseURL, redirectTimeout: BackendFixture.defaultTimeout)
            }
        }
    }

    @Test("HTTPConversionDataSource against the server", arguments: ConversionDataSourceConformance.checks)
    func conversionDataSource(_ check: ConformanceCheck<any ConversionDataSource>) async throws {
        try await withFixtureServer { running in
            await check.expectPasses(fixture: running.fixture) { _ in
                try HTTPConversionDataSource(baseURL: running.baseURL)
            }
        }
    }

    @Test(
        "HTTPDeferredDeepLinkSource against the server", arguments: DeferredDeepLinkSourceConformance.checks)
    func deferredDeepLinkSource(_ check: ConformanceCheck<any DeferredDeepLinkSource>) async throws {
        try await withFixtureServer { running in
            await check.expectPasses(fixture: running.fixture) { _ in
                try HTTPDeferredDeepLinkSource(baseURL: running.baseURL)
            }
        }
    }
}
