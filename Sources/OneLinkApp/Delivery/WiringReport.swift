import Foundation
import OneLinkEmulator

/// What the wiring check found: for each app wiring and delivery path, how often the SDK received the link.
public struct WiringReport: Sendable, Hashable {
    /// One delivery path of one wiring.
    public struct Row: Sendable, Hashable {
        /// The wiring's name.
        public var wiring: String
        /// The path.
        public var path: DeliveryPath
        /// How many times the SDK received the path's link.
        public var received: Int
        /// The entry points iOS called, in order.
        public var entryPoints: [EntryPoint]

        /// Creates a row.
        public init(wiring: String, path: DeliveryPath, received: Int, entryPoints: [EntryPoint]) {
            self.wiring = wiring
            self.path = path
            self.received = received
            self.entryPoints = entryPoints
        }

        /// Whether the link reached the SDK exactly once, not at all, or more than once.
        public var verdict: DeliveryVerdict { DeliveryVerdict(count: received) }
    }

    /// Every row, in wiring, link-kind, then state order.
    public var rows: [Row]

    /// Creates a report.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Whether every path delivered its link to the SDK exactly once.
    public var passed: Bool { rows.allSatisfy { $0.verdict == .exactlyOnce } }

    /// The rows whose link did not reach the SDK exactly once.
    public var failures: [Row] { rows.filter { $0.verdict != .exactlyOnce } }

    /// The verdict of one path, or `nil` when the report has no such row.
    public func verdict(_ path: DeliveryPath, wiring: String? = nil) -> DeliveryVerdict? {
        rows.first { $0.path == path && (wiring == nil || $0.wiring == wiring) }?.verdict
    }

    /// Every row as an aligned text table; rows that are not exactly once are marked `✗`.
    public var table: String {
        let header = ["", "wiring", "link", "state", "structure", "SDK received", "iOS called"]
        var lines = [header]
        for row in rows {
            let mark = row.verdict == .exactlyOnce ? "✓" : "✗"
            let received =
                row.verdict == .moreThanOnce ? "\(row.verdict) (\(row.received)×)" : "\(row.verdict)"
            let called =
                row.entryPoints.isEmpty ? "nothing" : row.entryPoints.map(\.rawValue).joined(separator: ", ")
            lines.append([
                mark, row.wiring, row.path.kind.rawValue, row.path.state.rawValue,
                row.path.structure.rawValue,
                received, called,
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return lines.map { line in
            line.enumerated().map { index, cell in
                index == line.count - 1
                    ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: " | ")
        }.joined(separator: "\n")
    }
}
