import OneLinkEmulator

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
/// lookups all answer.
public enum DeferredDeepLinkSourceConformance {
    /// The names of the checks, in the order they run.
    public static let checkNames = [
        "the latest click inside the window is found, privacy-filtered",
        "a click exactly 15 minutes before the install is found",
        "a click 15 minutes and 1 ms before the install is not found",
        "a click after the install is not found",
        "a device without clicks gets found: false and an empty click event",
        "eight concurrent lookups answer the same",
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
        let source: any DeferredDeepLinkSource
        do {
            source = try await makeSource(fixture)
        } catch {
            var report = ConformanceReport(subject: "DeferredDeepLinkSource")
            report.failures = checkNames.map {
                "\($0): the factory threw \(ConformanceReport.describe(error))"
            }
            return report
        }
        var report = ConformanceReport(subject: "DeferredDeepLinkSource (\(type(of: source)))")
        let names = checkNames
        let latest = DeferredDeepLinkResponse(
            found: true,
            clickEvent: [
                "deep_link_value": .string("peaches"),
                "deep_link_sub1": .string("10"),
                "deep_link_sub2": .string("spring"),
                "match_type": .string("probabilistic"),
            ])
        func lookup(_ deviceID: String) async throws -> DeferredDeepLinkResponse {
            try await source.deferredDeepLink(for: fixture.deferredRequest(deviceID: deviceID))
        }

        await report.check(names[0]) {
            ConformanceReport.compare(try await lookup(fixture.deferredDevice), latest)
        }
        await report.check(names[1]) {
            let expected = DeferredDeepLinkResponse(
                found: true,
                clickEvent: [
                    "deep_link_value": .string("boundary"),
                    "deep_link_sub10": .string("edge"),
                    "match_type": .string("id_matching"),
                ])
            return ConformanceReport.compare(try await lookup(fixture.boundaryDevice), expected)
        }
        await report.check(names[2]) {
            ConformanceReport.compare(try await lookup(fixture.staleDevice), .notFound)
        }
        await report.check(names[3]) {
            ConformanceReport.compare(try await lookup(fixture.lateDevice), .notFound)
        }
        await report.check(names[4]) {
            ConformanceReport.compare(
                try await lookup(fixture.organicDevice),
                DeferredDeepLinkResponse(found: false, clickEvent: [:]))
        }
        await report.check(names[5]) {
            let request = fixture.deferredRequest(deviceID: fixture.deferredDevice)
            let answers = try await withThrowingTaskGroup(of: DeferredDeepLinkResponse.self) { group in
                for _ in 0..<8 { group.addTask { try await source.deferredDeepLink(for: request) } }
                return try await group.reduce(into: [DeferredDeepLinkResponse]()) { $0.append($1) }
            }
            return ConformanceReport.compare(answers, Array(repeating: latest, count: 8))
        }
        return report
    }
}
