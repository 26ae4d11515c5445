import Foundation
import OneLinkEmulator
import OneLinkSupport

/// One answered (or refused) request, as the server logs it.
public struct RequestLogEntry: Sendable, Hashable {
    /// The client's address and port, such as `127.0.0.1:53422` or `[::1]:53422`.
    public var client: String
    /// The method and target (`GET /shortlink-sdk/v2/H5hv?id=x`), or `-` when the request could
    /// not be read (a parse error or a timeout).
    public var requestLine: String
    /// The status code sent, or 0 when the connection was closed without one.
    public var status: Int
    /// The body bytes actually written.
    public var bodyBytes: Int
    /// From the moment the request was complete (or refused) until its last byte was written.
    public var duration: Duration

    /// Creates an entry.
    public init(client: String, requestLine: String, status: Int, bodyBytes: Int, duration: Duration) {
        self.client = client
        self.requestLine = requestLine
        self.status = status
        self.bodyBytes = bodyBytes
        self.duration = duration
    }

    /// The log line: `127.0.0.1:53422 "GET /shortlink-sdk/v2/H5hv?id=x" 200 123B 0.4ms`.
    ///
    /// A `"` or `\` in the request line is escaped with a backslash (`\"`, `\\`).
    ///
    /// The status is `-` when the connection closed without one; the duration is in milliseconds
    /// with one decimal.
    public var line: String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        let statusText = status == 0 ? "-" : String(status)
        return "\(client) \"\(Self.escaped(requestLine))\" \(statusText) \(bodyBytes)B "
            + String(format: "%.1fms", milliseconds)
    }

    /// `text` with `"` and `\` escaped by a backslash, so the quoted field ends where it seems to.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "\\" }) else { return text }
        var result = ""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
