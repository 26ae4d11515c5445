import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// The HTTP client backends, pointed at a real loopback server seeded from the fixture, pass the
/// same conformance checks as the in-memory backends.
@Suite struct ServerConformanceTests {
    @Test("HTTPShortLinkResolver against the server passes every check")
    func shortLinkResolver() async throws {
        try await withFixtureServer { running in
            let report = await ShortLinkResolverConformance.run(fixture: running.fixture) { _ in
                try HTTPShortLinkResolver(baseURL: running.baseURL, redirectTimeout: .seconds(30))
            }
            report.expectAllPassed()
            #expect(report.passed == ShortLinkResolverConformance.checkNames)
        }
    }

    @Test("HTTPConversionDataSource against the server passes every check")
    func conversionDataSource() async throws {
        try await withFixtureServer { running in
            let report = await ConversionDataSourceConformance.run(fixture: running.fixture) { _ in
                try HTTPConversionDataSource(baseURL: running.baseURL)
            }
            report.expectAllPassed()
            #expect(report.passed == ConversionDataSourceConformance.checkNames)
        }
    }

    @Test("HTTPDeferredDeepLinkSource against the server passes every check")
    func deferredDeepLinkSource() async throws {
        try await withFixtureServer { running in
            let report = await DeferredDeepLinkSourceConformance.run(fixture: running.fixture) { _ in
                try HTTPDeferredDeepLinkSource(baseURL: running.baseURL)
            }
            report.expectAllPassed()
            #expect(report.passed == DeferredDeepLinkSourceConformance.checkNames)
        }
    }
}
