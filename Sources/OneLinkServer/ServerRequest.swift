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
    /// The parts of a target, split and percent-decoded.
    private struct TargetParts: Sendable {
        struct Item: Sendable {
            var name: String
            var value: String
        }

        var path: String
        var query: String?
        var pathSegments: [String]?
        var queryItems: [Item]?

        init(_ target: String) {
            if let mark = target.firstIndex(of: "?") {
                path = String(target[..<mark])
                query = String(target[target.index(after: mark)...])
            } else {
                path = target
                query = nil
            }
            var segments: [String]? = []
            for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
                guard let decoded = PercentEncoding.decode(segment) else {
                    segments = nil
                    break
                }
                segments?.append(decoded)
            }
            pathSegments = segments
            var items: [Item]? = []
            for item in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = PercentEncoding.decode(parts[0]),
                    let value = parts.count > 1 ? PercentEncoding.decode(parts[1]) : ""
                else {
                    items = nil
                    break
                }
                items?.append(Item(name: name, value: value))
            }
            queryItems = items
        }
    }

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
    public var target: String {
        didSet { parts = TargetParts(target) }
    }
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
        self.parts = TargetParts(target)
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

    /// The target split and decoded once: routing reads the path, its segments and the query items
    /// many times a request (every route entry's rule), and decoding them each time was most of a
    /// click's routing cost.
    private var parts: TargetParts

    /// The target's path, still percent-encoded: everything before the first `?`.
    public var path: String { parts.path }

    /// The target's query, still percent-encoded, or `nil` when the target has no `?`.
    public var query: String? { parts.query }

    /// The percent-decoded path segments (`/a/b%20c` gives `["a", "b c"]`), or `nil` when one
    /// holds an invalid percent escape.
    public var pathSegments: [String]? { parts.pathSegments }

    /// The percent-decoded query items in order (`+` stays `+`: ordinary percent-decoding, not form
    /// decoding), or `nil` when one holds an invalid percent escape.
    ///
    /// An item without `=` has the empty value.
    public var queryItems: [(name: String, value: String)]? {
        parts.queryItems.map { items in items.map { ($0.name, $0.value) } }
    }

    /// The first query item named `name`, decoded, or `nil` when there is none (or the query does not
    /// decode).
    package func queryValue(_ name: String) -> String? {
        parts.queryItems?.first { $0.name == name }?.value
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
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = PercentEncoding.hexValue(bytes[index + 1]),
                let low = PercentEncoding.hexValue(bytes[index + 2])
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

    /// Two requests are equal when they were sent alike: method, target, version, headers and body.
    public static func == (lhs: ServerRequest, rhs: ServerRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(target)
        hasher.combine(version)
        hasher.combine(headers)
        hasher.combine(body)
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
