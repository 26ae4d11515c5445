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
}
