import Foundation
import OneLinkEmulator
public import OneLinkSupport

/// One complete HTTP/1.x request as ``HTTPRequestParser`` read it off the wire.
///
/// The target is kept exactly as sent (still percent-encoded); ``path``,
/// ``pathSegments`` and ``queryItems`` split and decode it. Header names keep
/// the client's spelling (``HTTPFieldName`` compares them case-insensitively); ``header(_:)`` finds
/// them by name.
public struct ServerRequest: Sendable, Hashable {
    /// One header line: the name as sent and the value without surrounding whitespace.
    public struct Header: Sendable, Hashable {
        /// The field name, as the client spelled it, compared without regard to case.
        public var name: HTTPFieldName
        /// The field value, without leading or trailing spaces and tabs.
        public var value: String

        /// Creates a header.
        public init(name: HTTPFieldName, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The method, such as ``HTTPMethod/get``, exactly as sent.
    public var method: HTTPMethod
    /// The request target in origin form (`/path?query`), exactly as sent.
    public var target: String
    /// The protocol version: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header lines in the order they arrived.
    public var headers: [Header]
    /// The body: exactly `Content-Length` bytes, empty without one.
    public var body: [UInt8]

    /// Creates a request.
    public init(
        method: HTTPMethod, target: String, version: String, headers: [Header], body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, matched ignoring ASCII case; repeated headers are joined with `, `.
    public func header(_ name: HTTPFieldName) -> String? {
        HTTPHeaderLookup.combined(headers.filter { $0.name == name }.map(\.value))
    }

    /// The headers by name: one entry per field, under the spelling that arrived first, with
    /// repeated fields joined with `, ` as ``header(_:)`` joins them.
    package var headerFields: [String: String] {
        var fields: [String: String] = [:]
        for header in headers
        where !fields.keys.contains(where: { HTTPHeaderLookup.matches($0, header.name.rawName) }) {
            fields[header.name.rawName] = self.header(header.name)
        }
        return fields
    }

    /// The target's path, still percent-encoded: everything before the first `?`.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The target's query, still percent-encoded, or `nil` when the target has no `?`.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The percent-decoded path segments (`/a/b%20c` gives `["a", "b c"]`), or `nil` when one
    /// holds an invalid percent escape.
    public var pathSegments: [String]? {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(segment).removingPercentEncoding else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    /// The percent-decoded query items in order (`+` stays `+`: ordinary percent-decoding, not form
    /// decoding), or `nil` when one holds an invalid percent escape.
    ///
    /// An item without `=` has the empty value.
    public var queryItems: [(name: String, value: String)]? {
        guard let query, !query.isEmpty else { return [] }
        var items: [(name: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(parts[0]).removingPercentEncoding,
                let value = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding
            else { return nil }
            items.append((name, value))
        }
        return items
    }

    /// Why the path or query cannot be percent-decoded, or `nil` when both can: an escape that is
    /// not `%` and two hex digits, or escapes that decode to bytes that are not UTF-8.
    var percentDecodingProblem: String? {
        for (part, text) in [("path", path), ("query", query ?? "")] {
            if let problem = Self.percentDecodingProblem(in: text) { return "the \(part) \(problem)" }
        }
        return nil
    }

    /// What is wrong with the escapes of `text`, or `nil` when it percent-decodes to UTF-8.
    static func percentDecodingProblem(in text: String) -> String? {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            else {
                let escape = String(decoding: bytes[index..<min(bytes.count, index + 3)], as: UTF8.self)
                return "holds an invalid percent escape \"\(escape)\" (expected % and two hex digits)"
            }
            decoded.append(high << 4 | low)
            index += 3
        }
        // Decoding repairs invalid UTF-8 with U+FFFD, so a round trip that changes the bytes means invalid.
        if Array(String(decoding: decoded, as: UTF8.self).utf8) == decoded { return nil }
        return "percent-decodes to bytes that are not UTF-8 (\(QuotedInput.prefix(text, limit: 48)))"
    }

    /// Whether the connection stays open after the answer.
    ///
    /// HTTP/1.1 keeps it open unless `Connection` lists `close`; HTTP/1.0 closes it unless
    /// `Connection` lists `keep-alive`.
    public var keepsAlive: Bool {
        let tokens = (header(.connection) ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}
