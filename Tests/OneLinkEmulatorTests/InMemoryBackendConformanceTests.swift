import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct InMemoryBackendConformanceTests {
    @Test(arguments: ShortLinkResolverConformance.checks)
    func inMemoryShortLinkResolver(_ check: ConformanceCheck<any ShortLinkResolver>) async {
        await check.expectPasses { $0.makeShortLinkResolver() }
    }

    @Test(arguments: ConversionDataSourceConformance.checks)
    func inMemoryConversionDataSource(_ check: ConformanceCheck<any ConversionDataSource>) async {
        await check.expectPasses { $0.makeConversionDataSource() }
    }

    @Test(arguments: DeferredDeepLinkSourceConformance.checks)
    func inMemoryDeferredDeepLinkSource(_ check: ConformanceCheck<any DeferredDeepLinkSource>) async {
        await check.expectPasses { $0.makeDeferredDeepLinkSource() }
    }

    @Test func runReportsEveryCheckByNameInOrder() async {
        let report = await ShortLinkResolverConformance.run { $0.makeShortLinkResolver() }
        #expect(report.subject == "ShortLinkResolver (InMemoryShortLinkResolver)")
        #expect(report.passed == ShortLinkResolverConformance.checkNames)
        #expect(report.failures.isEmpty)
    }

    @Test func checkNamesAreUniqueWithinEachContract() {
        for names in [
            ShortLinkResolverConformance.checkNames, ConversionDataSourceConformance.checkNames,
            DeferredDeepLinkSourceConformance.checkNames,
        ] {
            #expect(Set(names).count == names.count)
        }
    }

    @Test func aSingleCheckNamesWhatWentWrong() async {
        let check = ShortLinkResolverConformance.checks[0]
        let problem = await check.problem(with: InMemoryShortLinkResolver())
        #expect(problem?.hasPrefix("threw AttributionError") == true)
    }

    @Test func aResolverWithoutTheFixtureDataFailsTheChecksThatNeedIt() async {
        let report = await ShortLinkResolverConformance.run { _ in InMemoryShortLinkResolver() }
        #expect(
            report.passed == [
                "resolve of an unknown link fails with 404 and its error_reason",
                "redirectTarget of a URL that does not redirect returns nil",
                "an answer without waiting, when the resolver gives one, is what resolve answers",
            ])
        #expect(report.failures.count == ShortLinkResolverConformance.checkNames.count - 3)
        #expect(
            report.failures.first?.hasPrefix(
                "resolve returns the basic link's parameters with their JSON types: threw")
                == true)
    }

    /// A resolver whose answer without waiting is not the one its asynchronous call gives.
    struct TwoFacedResolver: ShortLinkResolver {
        let inner: InMemoryShortLinkResolver

        func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
            try await inner.resolve(request)
        }

        func resolveImmediately(_ request: ShortLinkRequest) -> Result<AttributionPayload, any Error>? {
            .success(["deep_link_value": "not what resolve says"])
        }

        func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
            try await inner.redirectTarget(of: url, headers: headers)
        }
    }

    @Test func anAnswerWithoutWaitingThatDisagreesFailsItsCheck() async {
        let report = await ShortLinkResolverConformance.run { fixture in
            TwoFacedResolver(inner: fixture.makeShortLinkResolver())
        }
        #expect(
            report.failures.map { String($0.prefix(while: { $0 != ":" })) } == [
                "an answer without waiting, when the resolver gives one, is what resolve answers"
            ])
        #expect(report.failures.first?.contains("without waiting but") == true)
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
