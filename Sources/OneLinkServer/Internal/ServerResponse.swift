import OneLinkEmulator
import OneLinkSupport

/// An answer the router built, with how it ends on the wire (normally, or through a fault).
struct ServerResponse: Sendable {
    /// How the bytes of the answer leave the server.
    enum Ending: Sendable, Hashable {
        /// Head and body, then keep-alive or close as the request asked.
        case complete
        /// The head, then close.
        case closeAfterHead
        /// The head and the first `bytes` of the body, then close.
        case truncate(bytes: Int)
        /// The head and the first `bytes` of the body, then a reset.
        case reset(bytes: Int)
        /// Close without sending anything.
        case closeSilently
    }

    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var ending: Ending = .complete
    /// Close the connection after the answer even if the request asked to keep it.
    var closesConnection = false
    /// Send the head only (the answer to a `HEAD`); `Content-Length` still counts ``body``.
    var omitsBody = false

    static func json(_ status: Int, _ payload: AttributionPayload) -> ServerResponse {
        ServerResponse(
            status: status, headers: [("Content-Type", "application/json")], body: Array(payload.jsonData()))
    }

    /// The error body every failure uses: `{"error_reason": reason, "status_code": status}`.
    ///
    /// A reason over 1,024 characters is cut and says how much was left out.
    static func error(_ status: Int, _ reason: String) -> ServerResponse {
        json(status, ["error_reason": .string(QuotedInput.message(reason)), "status_code": .int(status)])
    }

    static let closed = ServerResponse(status: 0, headers: [], body: [], ending: .closeSilently)

    /// The status line and headers, with `Content-Length` (or `announcedLength`) and `Connection`.
    func head(closing: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
