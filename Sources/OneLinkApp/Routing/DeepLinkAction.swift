import OneLinkEmulator

/// A navigation request in the form `scheme://ACTION?param=value`, such as `myapp://order_detail?order_id=1234`.
///
/// The scheme tells the app's own actions apart from other apps' (use one no
/// other app registers, such as the bundle ID); the name says which screen to
/// open; the parameters say what to show there. ``init(parsing:)`` reads the
/// text form and ``text`` writes it back.
public struct DeepLinkAction: Sendable, Hashable {
    /// The scheme, lowercased.
    public var scheme: String
    /// The action name: the text between `scheme://` and `?`, percent-decoded, without a trailing `/`.
    public var name: String
    /// The percent-decoded query parameters.
    public var parameters: [String: String]

    /// Creates an action; the scheme is lowercased.
    public init(scheme: String, name: String, parameters: [String: String] = [:]) {
        self.scheme = scheme.lowercased()
        self.name = name
        self.parameters = parameters
    }

    /// The canonical text: parameters sorted by name, everything but unreserved characters percent-encoded.
    ///
    /// Parsing the text gives back an equal action.
    public var text: String {
        var result = scheme + "://" + Self.encode(name, keeping: "/")
        if !parameters.isEmpty {
            result += "?"
            result += parameters.sorted { $0.key < $1.key }
                .map { Self.encode($0.key, keeping: "") + "=" + Self.encode($0.value, keeping: "") }
                .joined(separator: "&")
        }
        return result
    }

    static func encode(_ text: String, keeping extra: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let keep = Set(extra.utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
            if unreserved || keep.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension DeepLinkAction: CustomStringConvertible {
    /// The canonical ``text``.
    public var description: String { text }
}
