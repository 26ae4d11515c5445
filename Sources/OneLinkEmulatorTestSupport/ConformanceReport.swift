import OneLinkEmulator

/// The outcome of one conformance run: which checks passed and what failed.
///
/// A test asserts ``failures`` is empty, or calls ``expectAllPassed(fileID:filePath:line:column:)``
/// to record one test failure per failed check at the caller's location, under
/// Swift Testing or XCTest (see ``TestFailure``).
public struct ConformanceReport: Sendable, Hashable, CustomStringConvertible {
    /// What was checked, such as `ShortLinkResolver (HTTPShortLinkResolver)`.
    public var subject: String
    /// The names of the checks that passed, in order.
    public var passed: [String] = []
    /// One line per failed check: its name, then what went wrong.
    public var failures: [String] = []

    /// Creates an empty report.
    public init(subject: String) {
        self.subject = subject
    }

    /// How many checks ran.
    public var checkCount: Int { passed.count + failures.count }

    /// Whether every check passed.
    public var allPassed: Bool { failures.isEmpty && !passed.isEmpty }

    /// A summary line followed by the failures.
    public var description: String {
        (["\(subject): \(passed.count) of \(checkCount) checks passed"] + failures.map { "  FAIL \($0)" })
            .joined(separator: "\n")
    }

    /// Records a test failure for each failed check, or one when no check ran, in whichever framework runs the test.
    public func expectAllPassed(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        if checkCount == 0 {
            TestFailure.record(
                "\(subject): no conformance check ran", fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
        for failure in failures {
            TestFailure.record(
                "\(subject): \(failure)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Describes an error with its type, so `CancellationError` and ``AttributionError`` read apart.
    static func describe(_ error: any Error) -> String {
        // The emulator's explanation says more than the SDK-shaped text `print` shows.
        if let error = error as? AttributionError { return "\(type(of: error)) \(error.explanation)" }
        return "\(type(of: error)) \(error)"
    }

    /// `nil` when `body` throws `expected`, otherwise what happened instead.
    static func expectFailure(
        _ expected: AttributionError, _ body: () async throws -> any Sendable
    ) async -> String? {
        do {
            let value = try await body()
            return "expected \(expected.explanation) but got the answer \(value)"
        } catch let error as AttributionError where error == expected {
            return nil
        } catch {
            return "expected \(expected.explanation) but got \(describe(error))"
        }
    }

    /// `nil` when the backend gives no answer without waiting, or when that answer is the one `asynchronous` gives; otherwise both, as text.
    static func compareImmediate<Value: Equatable & Sendable>(
        _ immediate: Result<Value, any Error>?, _ asynchronous: () async throws -> Value
    ) async -> String? {
        guard let immediate else { return nil }
        let later: Result<Value, any Error>
        do { later = .success(try await asynchronous()) } catch { later = .failure(error) }
        switch (immediate, later) {
        case (.success(let now), .success(let then)):
            return now == then ? nil : "answered \(now) without waiting but \(then) when asked asynchronously"
        case (.failure(let now), .failure(let then)):
            return describe(now) == describe(then)
                ? nil
                : "failed with \(describe(now)) without waiting but \(describe(then)) when asked asynchronously"
        case (.success(let now), .failure(let then)):
            return
                "answered \(now) without waiting but failed with \(describe(then)) when asked asynchronously"
        case (.failure(let now), .success(let then)):
            return
                "failed with \(describe(now)) without waiting but answered \(then) when asked asynchronously"
        }
    }

    /// `nil` when the values are equal, otherwise both, as text.
    static func compare<Value: Equatable>(_ actual: Value, _ expected: Value) -> String? {
        actual == expected ? nil : "expected \(expected) but got \(actual)"
    }
}
