public import OneLinkEmulator

/// The behaviour checks every ``ConversionDataSource`` must pass against a ``BackendFixture``.
///
/// ```swift
/// @Test func inMemoryConforms() async {
///     let report = await ConversionDataSourceConformance.run { $0.makeConversionDataSource() }
///     report.expectAllPassed()
/// }
/// ```
///
/// The checks: the organic device gets exactly `Organic` data with the
/// request's `install_time`, the non-organic device gets its click with
/// `af_status` and `install_time` added and every JSON type kept, a device
/// without an entry gets the organic default, the failing device fails with
/// its exact status and `error_reason`, and concurrent requests all answer.
/// Each is a ``ConformanceCheck`` in ``checks``.
public enum ConversionDataSourceConformance: ConformanceSuite {
    /// The contract these checks cover: `ConversionDataSource`.
    public static let contract = "ConversionDataSource"

    /// The checks, in the order ``run(fixture:makeSource:)`` runs them.
    public static let checks: [ConformanceCheck<any ConversionDataSource>] = [
        check("the organic device gets Organic data with the request's install_time") { source, fixture in
            let request = fixture.installRequest(deviceID: fixture.organicDevice)
            return ConformanceReport.compare(try await source.conversionData(for: request), organic)
        },
        check("the non-organic device gets its click with af_status and install_time added") {
            source, fixture in
            let request = fixture.installRequest(deviceID: fixture.nonOrganicDevice)
            let expected: AttributionPayload = [
                "af_status": .string("Non-organic"),
                "install_time": .string("2020-08-12 15:08:33.500"),
                "media_source": .string("Email"),
                "campaign": .string("fruit_of_the_month"),
                "af_sub1": .string("my_sub1"),
                "deep_link_value": .string("peaches"),
                "fruit_amount": .int(26),
                "af_cost_value": .double(6),
                "is_retargeting": .bool(false),
                "adgroup": .null,
                "click_time": .string("2020-08-12 15:03:33.500"),
            ]
            return ConformanceReport.compare(try await source.conversionData(for: request), expected)
        },
        check("a device without an entry gets the organic default") { source, fixture in
            let request = fixture.installRequest(deviceID: fixture.unknownDevice)
            return ConformanceReport.compare(try await source.conversionData(for: request), organic)
        },
        check("the failing device fails with 503 and its error_reason") { source, fixture in
            await ConformanceReport.expectFailure(
                .httpStatus(code: 503, reason: "attribution service unavailable")
            ) {
                try await source.conversionData(for: fixture.installRequest(deviceID: fixture.failingDevice))
            }
        },
        check("eight concurrent requests answer the same") { source, fixture in
            let request = fixture.installRequest(deviceID: fixture.organicDevice)
            let answers = try await withThrowingTaskGroup(of: AttributionPayload.self) { group in
                for _ in 0..<8 { group.addTask { try await source.conversionData(for: request) } }
                return try await group.reduce(into: [AttributionPayload]()) { $0.append($1) }
            }
            return ConformanceReport.compare(answers, Array(repeating: organic, count: 8))
        },
        check("an answer without waiting, when the source gives one, is what conversionData answers") {
            source, fixture in
            for device in [fixture.nonOrganicDevice, fixture.failingDevice] {
                let request = fixture.installRequest(deviceID: device)
                if let problem = await ConformanceReport.compareImmediate(
                    source.conversionDataImmediately(for: request),
                    { try await source.conversionData(for: request) })
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
    ///   - makeSource: Builds the source seeded with the fixture's attributions.
    /// - Returns: The report; a factory that throws fails every check.
    public static func run(
        fixture: BackendFixture = BackendFixture(),
        makeSource: (BackendFixture) async throws -> any ConversionDataSource
    ) async -> ConformanceReport {
        await run(fixture: fixture, makeBackend: makeSource)
    }

    /// What the organic devices must get at the fixture's install time.
    static let organic: AttributionPayload = [
        "af_status": .string("Organic"),
        "af_message": .string("organic install"),
        "install_time": .string("2020-08-12 15:08:33.500"),
    ]
}
