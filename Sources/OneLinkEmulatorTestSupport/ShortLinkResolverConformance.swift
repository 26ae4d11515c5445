public import OneLinkEmulator

/// The behaviour checks every ``ShortLinkResolver`` must pass against a ``BackendFixture``.
///
/// ```swift
/// @Test func inMemoryConforms() async {
///     let report = await ShortLinkResolverConformance.run { $0.makeShortLinkResolver() }
///     report.expectAllPassed()
/// }
/// ```
///
/// The checks: both fixture links resolve to their exact parameters with
/// their JSON types, an unknown link fails with 404 and its `error_reason`,
/// each wrapper hop (including both members of a loop) returns its exact
/// target, a URL that does not redirect returns `nil`, and eight concurrent
/// resolutions all answer the same. Each is a ``ConformanceCheck`` in ``checks``.
public enum ShortLinkResolverConformance: ConformanceSuite {
    /// The contract these checks cover: `ShortLinkResolver`.
    public static let contract = "ShortLinkResolver"

    /// The checks, in the order ``run(fixture:makeResolver:)`` runs them.
    public static let checks: [ConformanceCheck<any ShortLinkResolver>] = [
        check("resolve returns the basic link's parameters with their JSON types") { resolver, fixture in
            ConformanceReport.compare(
                try await resolver.resolve(fixture.basicLink.request), expectedBasicParameters)
        },
        check("resolve returns the parameters of a link whose ID needs percent-encoding") {
            resolver, fixture in
            ConformanceReport.compare(
                try await resolver.resolve(fixture.encodedLink.request),
                ["deep_link_value": "summer sale", "deep_link_sub1": "été", "af_sub2": "a&b=c/d?e"])
        },
        check("resolve of an unknown link fails with 404 and its error_reason") { resolver, fixture in
            await ConformanceReport.expectFailure(
                .httpStatus(code: 404, reason: "short link H5hv/xyz not found")
            ) { try await resolver.resolve(fixture.missingLink.request) }
        },
        check("redirectTarget returns the first hop of the wrapper chain") { resolver, fixture in
            ConformanceReport.compare(
                try await resolver.redirectTarget(of: fixture.emailClickURL, headers: [:]), fixture.trackerURL
            )
        },
        check("redirectTarget returns the second hop, with a query, to the OneLink") { resolver, fixture in
            ConformanceReport.compare(
                try await resolver.redirectTarget(of: fixture.trackerURL, headers: [:]),
                "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
        },
        check("redirectTarget returns each member of a loop in turn") { resolver, fixture in
            let first = try await resolver.redirectTarget(of: fixture.loopA, headers: [:])
            let second = try await resolver.redirectTarget(of: fixture.loopB, headers: [:])
            return ConformanceReport.compare([first, second], [fixture.loopB, fixture.loopA])
        },
        check("redirectTarget of a URL that does not redirect returns nil") { resolver, fixture in
            ConformanceReport.compare(
                try await resolver.redirectTarget(of: fixture.landingURL, headers: [:]), nil)
        },
        check("eight concurrent resolutions answer the same") { resolver, fixture in
            let answers = try await withThrowingTaskGroup(of: AttributionPayload.self) { group in
                for _ in 0..<8 { group.addTask { try await resolver.resolve(fixture.basicLink.request) } }
                return try await group.reduce(into: [AttributionPayload]()) { $0.append($1) }
            }
            return ConformanceReport.compare(answers, Array(repeating: expectedBasicParameters, count: 8))
        },
        check("an answer without waiting, when the resolver gives one, is what resolve answers") {
            resolver, fixture in
            for request in [fixture.basicLink.request, fixture.missingLink.request] {
                let request = request
                if let problem = await ConformanceReport.compareImmediate(
                    resolver.resolveImmediately(request), { try await resolver.resolve(request) })
                {
                    return problem
                }
            }
            return nil
        },
    ]

    /// Builds a resolver with `makeResolver` from `fixture`, then runs every check once against it.
    ///
    /// - Parameters:
    ///   - fixture: The data the resolver holds; pass one with your server's `wrapperBase` for HTTP.
    ///   - makeResolver: Builds the resolver seeded with the fixture's links and redirects.
    /// - Returns: The report; a factory that throws fails every check.
    public static func run(
        fixture: BackendFixture = BackendFixture(),
        makeResolver: (BackendFixture) async throws -> any ShortLinkResolver
    ) async -> ConformanceReport {
        await run(fixture: fixture, makeBackend: makeResolver)
    }

    /// What the basic link must resolve to, written out so the in-memory resolver is checked too.
    static let expectedBasicParameters: AttributionPayload = [
        "pid": .string("Email"),
        "c": .string("fruit_of_the_month"),
        "deep_link_value": .string("peaches"),
        "deep_link_sub1": .string("10"),
        "fruit_amount": .int(26),
        "af_cost_value": .double(6),
        "is_retargeting": .bool(true),
        "adgroup": .null,
        "af_dp": .string("afbasicapp://mainactivity"),
        "basket": .object([
            "items": .array([.string("peach"), .int(2), .double(2.5), .bool(false)]),
            "note": .string("café ☕ 🍑"),
        ]),
    ]
}
