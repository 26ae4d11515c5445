public import OneLinkEmulator

/// The behaviour checks every ``DeferredDeepLinkSource`` must pass against a ``BackendFixture``.
///
/// ```swift
/// @Test func inMemoryConforms() async {
///     let report = await DeferredDeepLinkSourceConformance.run { $0.makeDeferredDeepLinkSource() }
///     report.expectAllPassed()
/// }
/// ```
///
/// The checks cover the 15-minute window: the latest click inside it wins and
/// is privacy-filtered, a click exactly 15 minutes old still matches, one 1 ms
/// older does not, a click after the install does not, a device without
/// clicks gets `found: false` with an empty click event, and concurrent
/// lookups all answer. Each is a ``ConformanceCheck`` in ``checks``.
public enum DeferredDeepLinkSourceConformance: ConformanceSuite {
    /// The contract these checks cover: `DeferredDeepLinkSource`.
    public static let contract = "DeferredDeepLinkSource"

    /// The checks, in the order ``run(fixture:makeSource:)`` runs them.
    public static let checks: [ConformanceCheck<any DeferredDeepLinkSource>] = [
        check("the latest click inside the window is found, privacy-filtered") { source, fixture in
            ConformanceReport.compare(try await lookup(fixture.deferredDevice, source, fixture), latest)
        },
        check("a click exactly 15 minutes before the install is found") { source, fixture in
            let expected = DeferredDeepLinkResponse.privacyFiltered([
                "deep_link_value": .string("boundary"),
                "deep_link_sub10": .string("edge"),
                "match_type": .string("id_matching"),
            ])
            return ConformanceReport.compare(
                try await lookup(fixture.boundaryDevice, source, fixture), expected)
        },
        check("a click 15 minutes and 1 ms before the install is not found") { source, fixture in
            ConformanceReport.compare(try await lookup(fixture.staleDevice, source, fixture), .notFound)
        },
        check("a click after the install is not found") { source, fixture in
            ConformanceReport.compare(try await lookup(fixture.lateDevice, source, fixture), .notFound)
        },
        check("a device without clicks gets found: false and an empty click event") { source, fixture in
            ConformanceReport.compare(
                try await lookup(fixture.organicDevice, source, fixture),
                DeferredDeepLinkResponse(found: false, clickEvent: [:]))
        },
        check("eight concurrent lookups answer the same") { source, fixture in
            let request = fixture.installRequest(deviceID: fixture.deferredDevice)
            let answers = try await withThrowingTaskGroup(of: DeferredDeepLinkResponse.self) { group in
                for _ in 0..<8 { group.addTask { try await source.deferredDeepLink(for: request) } }
                return try await group.reduce(into: [DeferredDeepLinkResponse]()) { $0.append($1) }
            }
            return ConformanceReport.compare(answers, Array(repeating: latest, count: 8))
        },
        check("an answer without waiting, when the source gives one, is what deferredDeepLink answers") {
            source, fixture in
            for device in [fixture.deferredDevice, fixture.organicDevice] {
                let request = fixture.installRequest(deviceID: device)
                if let problem = await ConformanceReport.compareImmediate(
                    source.deferredDeepLinkImmediately(for: request),
                    { try await source.deferredDeepLink(for: request) })
                {
                    return problem
                }
            }
            return nil
        },
    ]

    /// Builds a source with `makeSource` from `fixture`, then runs every check once against it.
    ///
    /// - Parameters:
    ///   - fixture: The data the source holds.
    ///   - makeSource: Builds the source seeded with the fixture's clicks and the 15-minute window.
    /// - Returns: The report; a factory that throws fails every check.
    public static func run(
        fixture: BackendFixture = BackendFixture(),
        makeSource: (BackendFixture) async throws -> any DeferredDeepLinkSource
    ) async -> ConformanceReport {
        await run(fixture: fixture, makeBackend: makeSource)
    }

    private static func lookup(
        _ deviceID: String, _ source: any DeferredDeepLinkSource, _ fixture: BackendFixture
    ) async throws -> DeferredDeepLinkResponse {
        try await source.deferredDeepLink(for: fixture.installRequest(deviceID: deviceID))
    }

    /// What the deferred device's lookup must answer: its later click, privacy-filtered (the withheld keys as `""`).
    static let latest = DeferredDeepLinkResponse.privacyFiltered([
        "deep_link_value": .string("peaches"),
        "deep_link_sub1": .string("10"),
        "deep_link_sub2": .string("spring"),
        "match_type": .string("probabilistic"),
    ])
}
