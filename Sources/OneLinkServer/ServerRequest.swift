import Foundation

/// One complete HTTP/1.x request as ``HTTPRequestParser`` read it off the wire.
///
/// The target is kept exactly as sent (still percent-encoded); ``path``,
/// ``pathSegments`` and ``queryItems`` split and decode it. Header names keep
/// the client's spelling; ``header(_:)`` matches them case-insensitively.
public struct ServerRequest: Sendable, Hashable {
    /// One header line: the name as sent and the value without surrounding whitespace.
    public struct Header: Sendable, Hashable {
        /// The field name, as the client spelled it.
        public var name: String
        /// The field value, without leading or trailing spaces and tabs.
        public var value: String

        /// Creates a header.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The method, such as `GET` or `POST`.
    public var method: String
    /// The request target in origin form (`/path?query`), exactly as sent.
    public var target: String
    /// The protocol version: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header lines in the order they arrived.
    public var headers: [Header]
    /// The body: exactly `Content-Length` bytes, empty without one.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, version: String, headers: [Header], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, matched case-insensitively; repeated headers are joined with `, `.
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
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

    /// Whether the connection stays open after the answer.
    ///
    /// HTTP/1.1 keeps it open unless `Connection` lists `close`; HTTP/1.0 closes it unless
    /// `Connection` lists `keep-alive`.
    public var keepsAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}
