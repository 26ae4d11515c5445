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

    var status: HTTPStatus
    var headers: [(name: HTTPFieldName, value: String)]
    var body: [UInt8]
    var ending: Ending = .complete
    /// Close the connection after the answer even if the request asked to keep it.
    var closesConnection = false
    /// Send the head only (the answer to a `HEAD`); `Content-Length` still counts ``body``.
    var omitsBody = false

    static func json(_ status: HTTPStatus, _ payload: AttributionPayload) -> ServerResponse {
        ServerResponse(
            status: status, headers: [(.contentType, "application/json")], body: Array(payload.jsonData()))
    }

    /// A page the server renders itself (the dashboard, the link debugger): never cached, and with a
    /// policy that lets it load nothing and run no script, only its own inline style.
    static func page(_ html: String) -> ServerResponse {
        ServerResponse(
            status: 200,
            headers: [
                (.contentType, "text/html; charset=utf-8"), (.cacheControl, "no-store"),
                (.contentSecurityPolicy, "default-src 'none'; style-src 'unsafe-inline'"),
                (.contentTypeOptions, "nosniff"),
            ],
            body: Array(html.utf8))
    }

    /// The error body every failure uses: `{"error_reason": reason, "status_code": status}`.
    ///
    /// A reason over 1,024 characters is cut and says how much was left out.
    static func error(_ status: HTTPStatus, _ reason: String) -> ServerResponse {
        json(
            status, ["error_reason": .string(QuotedInput.message(reason)), "status_code": .int(status.code)])
    }

    static let closed = ServerResponse(status: 0, headers: [], body: [], ending: .closeSilently)

    /// The status line and headers, with `Content-Length` (or `announcedLength`) and `Connection`.
    func head(closing: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for (name, value) in headers { text += "\(name.rawName): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }
}
