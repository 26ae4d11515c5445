import Foundation
import OneLinkEmulator

/// Checks the textual form of IPv4 and IPv6 addresses without touching the network.
enum IPAddressText {
    /// Whether `text` is a dotted-quad IPv4 address or an RFC 4291 IPv6 address (zone IDs refused).
    static func isValid(_ text: String) -> Bool {
        isIPv4(Substring(text)) || isIPv6(text)
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (part.count == 1 || part.first != "0") && (Int(part) ?? 256) <= 255
            }
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
