import Foundation

/// The one percent-encoder of the package: RFC 3986 "unreserved" characters stay, everything else is
/// escaped, so `/`, `?`, `&`, `=`, `+`, `:` and spaces never change a URL's structure.
///
/// The SDK uses it for invite links; the HTTP backends for paths and query values.
package enum PercentEncoding {
    /// Characters left as they are in a path segment or query value: RFC 3986 "unreserved".
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes everything but unreserved characters, as uppercase hexadecimal UTF-8 bytes.
    package static func encode(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if unreserved.contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    output +=
                        "%" + String(byte >> 4, radix: 16, uppercase: true)
                        + String(byte & 0x0f, radix: 16, uppercase: true)
                }
            }
        }
        return output
    }

    /// The value of one hexadecimal digit (either case), or `nil` for another byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Percent-decodes `text` as `removingPercentEncoding` does: `nil` when an escape is not `%` and
    /// two hex digits or the bytes are not UTF-8; `+` stays `+`.
    ///
    /// Without Foundation's bridging: the server decodes every request's path segments and query
    /// items, and most of them hold no escape at all.
    package static func decode<Text: StringProtocol>(_ text: Text) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validatingUTF8Bytes: bytes)
    }
}
