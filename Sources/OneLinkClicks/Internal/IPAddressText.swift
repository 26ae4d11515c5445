import Foundation
import OneLinkEmulator

/// Checks the textual form of IPv4 and IPv6 addresses without touching the network.
enum IPAddressText {
    /// Whether `text` is a dotted-quad IPv4 address or an RFC 4291 IPv6 address (zone IDs refused).
    static func isValid(_ text: String) -> Bool {
        isIPv4(Substring(text)) || isIPv6(text)
    }

    static func isIPv4(_ text: Substring) -> Bool {
        // Byte by byte: four groups of one to three ASCII digits, no leading zero, each at most 255.
        var groups = 0
        var digits = 0
        var value = 0
        var leadingZero = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if digits == 0 {
                    leadingZero = byte == UInt8(ascii: "0")
                } else if leadingZero {
                    return false
                }
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            case UInt8(ascii: "."):
                guard digits > 0, groups < 3 else { return false }
                groups += 1
                digits = 0
                value = 0
            default:
                return false
            }
        }
        return groups == 3 && digits > 0
    }

    static func isIPv6(_ text: String) -> Bool {
        guard text.contains(":"), text.count <= 45 else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                let isLast = index == halves.count - 1 && position == pieces.count - 1
                if isLast, piece.contains(".") {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                    continue
                }
                guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
