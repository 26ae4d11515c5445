import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The HTTP backends through the shared conformance checks, over an in-process wire-format server.
@Suite struct HTTPBackendConformanceTests {
    static let base = "https://api.fixture.example"

    @Test func httpShortLinkResolverPassesEveryCheck() async {
        let report = await ShortLinkResolverConformance.run {
            try HTTPShortLinkResolver(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
        report.expectAllPassed()
        #expect(report.passed == ShortLinkResolverConformance.checkNames)
    }

    @Test func httpConversionDataSourcePassesEveryCheck() async {
        let report = await ConversionDataSourceConformance.run {
            try HTTPConversionDataSource(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
        report.expectAllPassed()
        #expect(report.passed == ConversionDataSourceConformance.checkNames)
    }

    @Test func httpDeferredDeepLinkSourcePassesEveryCheck() async {
        let report = await DeferredDeepLinkSourceConformance.run {
            try HTTPDeferredDeepLinkSource(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
        report.expectAllPassed()
        #expect(report.passed == DeferredDeepLinkSourceConformance.checkNames)
    }

    @Test func anInsecureBaseURLFailsEveryCheckThroughTheFactory() async {
        let report = await ConversionDataSourceConformance.run {
            try HTTPConversionDataSource(
                baseURL: "http://api.fixture.example", transport: HTTPWireTransport(fixture: $0))
        }
        #expect(report.passed.isEmpty)
        #expect(
            report.failures.first
                == "the organic device gets Organic data with the request's install_time: the factory threw "
                + "AttributionError NETWORK: plain http is allowed only for loopback hosts: http://api.fixture.example"
        )
    }
}
