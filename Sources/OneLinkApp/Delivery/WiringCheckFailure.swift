import OneLinkEmulator

/// Thrown by ``WiringCheck/verify(_:)`` when some path does not deliver its link to the SDK exactly once.
///
/// Its description is the whole report as one table, so a test failure shows every path.
public struct WiringCheckFailure: Error, Sendable, Hashable {
    /// The full report.
    public var report: WiringReport

    /// Creates a failure for a report.
    public init(report: WiringReport) {
        self.report = report
    }
}

extension WiringCheckFailure: CustomStringConvertible {
    /// A one-line summary, then the table.
    public var description: String {
        let failures = report.failures
        return
            "\(failures.count) of \(report.rows.count) delivery paths did not reach the SDK exactly once:\n"
            + report.table
    }
}
