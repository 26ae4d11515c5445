import OneLinkEmulator
public import Testing

/// One named behaviour check of a backend contract, such as "resolve of an unknown link fails with 404".
///
/// Each `...Conformance` kit lists its checks in `checks`. Run them all with the kit's `run`, or
/// one per test case with a parameterized test, so every check passes or fails under its own name:
///
/// ```swift
/// @Test(arguments: ShortLinkResolverConformance.checks)
/// func myResolverConforms(_ check: ConformanceCheck<any ShortLinkResolver>) async {
///     await check.expectPasses { fixture in try MyResolver(seededWith: fixture) }
/// }
/// ```
public struct ConformanceCheck<Backend>: Sendable, CustomStringConvertible, CustomTestStringConvertible {
    /// The contract checked, such as `ShortLinkResolver`.
    public let contract: String
    /// What the check asserts, unique within its contract.
    public let name: String
    private let body: @Sendable (Backend, BackendFixture) async throws -> String?

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - contract: The contract checked, such as `ShortLinkResolver`.
    ///   - name: What the check asserts.
    ///   - body: Exercises a backend seeded with the fixture; returns `nil` when it behaved, or what went wrong.
    public init(
        contract: String, name: String,
        body: @escaping @Sendable (Backend, BackendFixture) async throws -> String?
    ) {
        self.contract = contract
        self.name = name
        self.body = body
    }

    /// The check's name.
    public var description: String { name }

    /// The check's name, as Swift Testing shows the test case.
    public var testDescription: String { name }

    /// Runs the check against `backend`: `nil` when it passes, otherwise what went wrong.
    ///
    /// A thrown error is a failure too, described with its type.
    public func problem(with backend: Backend, fixture: BackendFixture = BackendFixture()) async -> String? {
        do {
            return try await body(backend, fixture)
        } catch {
            return "threw \(ConformanceReport.describe(error))"
        }
    }

    /// Builds a backend with `makeBackend` from `fixture` and runs this check, recording a test failure
    /// at the caller's location when it fails, under Swift Testing or XCTest.
    public func expectPasses(
        fixture: BackendFixture = BackendFixture(), fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column,
        makeBackend: (BackendFixture) async throws -> Backend
    ) async {
        let report = await ConformanceReport.run(contract, [self], fixture: fixture, makeBackend: makeBackend)
        report.expectAllPassed(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A backend contract's list of named checks: what every `...Conformance` kit is.
public protocol ConformanceSuite {
    /// The type the checks exercise, such as `any ShortLinkResolver`.
    associatedtype Backend
    /// The contract checked, such as `ShortLinkResolver`.
    static var contract: String { get }
    /// The checks, in the order the kit's `run` runs them.
    static var checks: [ConformanceCheck<Backend>] { get }
}

extension ConformanceSuite {
    /// The names of the ``checks``, in order.
    public static var checkNames: [String] { checks.map(\.name) }

    /// A check of this suite's contract.
    static func check(
        _ name: String, _ body: @escaping @Sendable (Backend, BackendFixture) async throws -> String?
    ) -> ConformanceCheck<Backend> {
        ConformanceCheck(contract: contract, name: name, body: body)
    }

    /// Builds one backend with `makeBackend` from `fixture`, then runs every check against it.
    static func run(
        fixture: BackendFixture, makeBackend: (BackendFixture) async throws -> Backend
    ) async -> ConformanceReport {
        await ConformanceReport.run(contract, checks, fixture: fixture, makeBackend: makeBackend)
    }
}

extension ConformanceReport {
    /// Builds one backend with `makeBackend` from `fixture`, then runs `checks` against it in order.
    ///
    /// A factory that throws fails every check.
    static func run<Backend>(
        _ contract: String, _ checks: [ConformanceCheck<Backend>], fixture: BackendFixture,
        makeBackend: (BackendFixture) async throws -> Backend
    ) async -> ConformanceReport {
        let backend: Backend
        do {
            backend = try await makeBackend(fixture)
        } catch {
            var report = ConformanceReport(subject: contract)
            report.failures = checks.map { "\($0.name): the factory threw \(describe(error))" }
            return report
        }
        var report = ConformanceReport(subject: "\(contract) (\(type(of: backend as Any)))")
        for check in checks {
            if let problem = await check.problem(with: backend, fixture: fixture) {
                report.failures.append("\(check.name): \(problem)")
            } else {
                report.passed.append(check.name)
            }
        }
        return report
    }
}
