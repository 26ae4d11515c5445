import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import Testing

/// The HTTP backends through the shared conformance checks, over an in-process wire-format server.
@Suite(.timeLimit(.minutes(5))) struct HTTPBackendConformanceTests {
    static let base = URL(string: "https://api.fixture.example")!

    @Test(arguments: ShortLinkResolverConformance.checks)
    func httpShortLinkResolver(_ check: ConformanceCheck<any ShortLinkResolver>) async {
        await check.expectPasses {
            try HTTPShortLinkResolver(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
    }

    @Test(arguments: ConversionDataSourceConformance.checks)
    func httpConversionDataSource(_ check: ConformanceCheck<any ConversionDataSource>) async {
        await check.expectPasses {
            try HTTPConversionDataSource(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
    }

    @Test(arguments: DeferredDeepLinkSourceConformance.checks)
    func httpDeferredDeepLinkSource(_ check: ConformanceCheck<any DeferredDeepLinkSource>) async {
        await check.expectPasses {
            try HTTPDeferredDeepLinkSource(baseURL: Self.base, transport: HTTPWireTransport(fixture: $0))
        }
    }

    @Test func anInsecureBaseURLFailsEveryCheckThroughTheFactory() async {
        let report = await ConversionDataSourceConformance.run {
            try HTTPConversionDataSource(
                baseURL: URL(string: "http://api.fixture.example")!, transport: HTTPWireTransport(fixture: $0)
            )
        }
        #expect(report.passed.isEmpty)
        #expect(
            report.failures.first
                == "the organic device gets Organic data with the request's install_time: the factory threw "
                + "AttributionError NETWORK: plain http is allowed only for loopback hosts: http://api.fixture.example"
        )
    }
}
