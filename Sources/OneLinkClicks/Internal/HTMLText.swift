import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Escapes text for HTML (and XML) element content and double-quoted attribute values.
package enum HTMLText {
    /// What becomes of line breaks, tabs and other control characters.
    package enum Controls: Sendable {
        /// Kept as they are: the click service's pages, whose input is validated before.
        case kept
        /// Line breaks and tabs kept; other controls, U+FFFE and U+FFFF (which XML 1.0 forbids)
        /// shown as `U+XXXX` text: element content of a report.
        case keepLineBreaks
        /// Line breaks and tabs as character references (`&#10;`), which an attribute keeps;
        /// the rest as in ``keepLineBreaks``.
        case referenceLineBreaks
        /// Every control character shown as `U+XXXX` text: one-line table cells.
        case visible
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as entities, and control characters as `controls` says.
    package static func escaped(_ text: String, controls: Controls = .kept) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&#39;"
            case _ where controls == .referenceLineBreaks && Self.isLineBreakOrTab(scalar):
                return "&#\(scalar.value);"
            case _ where controls == .keepLineBreaks && (scalar == "\n" || scalar == "\t"): return nil
            case _ where controls != .kept && Self.isControl(scalar):
                return String(format: "U+%04X", scalar.value)
            default: return nil
            }
        }
    }

    private static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\t"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0xFFFE
            || scalar.value == 0xFFFF
    }
}
