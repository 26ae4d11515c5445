import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite struct InMemoryBackendConformanceTests {
    @Test func inMemoryShortLinkResolverPassesEveryCheck() async {
        let report = await ShortLinkResolverConformance.run { $0.makeShortLinkResolver() }
        report.expectAllPassed()
        #expect(report.passed == ShortLinkResolverConformance.checkNames)
    }

    @Test func inMemoryConversionDataSourcePassesEveryCheck() async {
        let report = await ConversionDataSourceConformance.run { $0.makeConversionDataSource() }
        report.expectAllPassed()
        #expect(report.passed == ConversionDataSourceConformance.checkNames)
    }

    @Test func inMemoryDeferredDeepLinkSourcePassesEveryCheck() async {
        let report = await DeferredDeepLinkSourceConformance.run { $0.makeDeferredDeepLinkSource() }
        report.expectAllPassed()
        #expect(report.passed == DeferredDeepLinkSourceConformance.checkNames)
    }

    @Test func aResolverWithoutTheFixtureDataFailsTheChecksThatNeedIt() async {
        let report = await ShortLinkResolverConformance.run { _ in InMemoryShortLinkResolver() }
        #expect(
            report.passed == [
                "resolve of an unknown link fails with 404 and its error_reason",
                "redirectTarget of a URL that does not redirect returns nil",
            ])
        #expect(report.failures.count == ShortLinkResolverConformance.checkNames.count - 2)
        #expect(
            report.failures.first?.hasPrefix(
                "resolve returns the basic link's parameters with their JSON types: threw")
                == true)
    }

    @Test func aThrowingFactoryFailsEveryCheck() async {
        struct Unavailable: Error {}
        let report = await DeferredDeepLinkSourceConformance.run { _ in throw Unavailable() }
        #expect(report.passed.isEmpty)
        #expect(report.failures.count == DeferredDeepLinkSourceConformance.checkNames.count)
        #expect(report.allPassed == false)
    }

    @Test func aSourceWithoutTheWindowFailsTheBoundaryChecks() async {
        let report = await DeferredDeepLinkSourceConformance.run {
            InMemoryDeferredDeepLinkSource(clicks: $0.clicks, window: .seconds(60))
        }
        #expect(
            report.failures.map { $0.prefix(while: { $0 != ":" }) } == [
                "the latest click inside the window is found, privacy-filtered",
                "a click exactly 15 minutes before the install is found",
                "eight concurrent lookups answer the same",
            ])
    }
}
