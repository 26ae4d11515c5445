import Foundation
import OneLinkSupport

/// The Pull API's CSV: a header line, then one line per row, `\n` after each; a field with a comma,
/// a double quote, CR or LF is quoted and its quotes doubled (RFC 4180).
enum PullCSV {
    /// The CSV text of `header` and `rows`.
    static func text(header: [String], rows: [[String]]) -> String {
        var text = line(header)
        for row in rows { text += line(row) }
        return text
    }

    /// One line, ending in `\n`.
    static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\n"
    }

    /// `field`, quoted when it must be.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
