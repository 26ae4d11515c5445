import Foundation
import OneLinkReplay

/// One line of the benchmark table: a figure, the baseline measured in the same run, and the target.
struct BenchmarkRow {
    /// What was measured.
    var name: String
    /// The measured figure, formatted.
    var result: String
    /// The same-run baseline, formatted.
    var baseline: String
    /// `result` relative to `baseline`, formatted (such as `2.7x faster`).
    var ratio: String
    /// The target, in words.
    var target: String
    /// Whether the target was met.
    var met: Bool

    /// The rows as a Markdown table, which also reads well in a terminal.
    static func table(_ rows: [BenchmarkRow]) -> String {
        let header = ["benchmark", "result", "baseline (same run)", "ratio", "target", "status"]
        let cells = rows.map {
            [$0.name, $0.result, $0.baseline, $0.ratio, $0.target, $0.met ? "met" : "MISSED"]
        }
        var widths = header.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ row: [String]) -> String {
            "| "
                + row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + cells.map(line)).joined(separator: "\n")
    }
}

/// Formats figures for the table.
enum Format {
    /// `1234567.8` as `1.23 M/s`-style text with the given unit.
    static func rate(_ perSecond: Double, unit: String) -> String {
        if perSecond >= 1_000_000 { return fixed(perSecond / 1_000_000, 2) + " M \(unit)/s" }
        if perSecond >= 1_000 { return fixed(perSecond / 1_000, 1) + " k \(unit)/s" }
        return fixed(perSecond, 1) + " \(unit)/s"
    }

    /// A duration in milliseconds with one decimal.
    static func milliseconds(_ duration: Duration) -> String {
        fixed(seconds(duration) * 1000, 1) + " ms"
    }

    /// A duration difference in milliseconds with its sign.
    static func signedMilliseconds(_ duration: Duration) -> String {
        (duration < .zero ? "-" : "+") + milliseconds(duration < .zero ? .zero - duration : duration)
    }

    /// A byte count in MiB with two decimals.
    static func mebibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, 2) + " MiB"
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
            if digits == 0 { text = String(text[..<dot]) }
        }
        return text
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
