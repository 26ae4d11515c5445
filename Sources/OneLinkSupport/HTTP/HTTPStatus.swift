/// An HTTP response status: its code and the standard reason phrase of the IANA HTTP Status Code
/// Registry (RFC 9110 §15 and the RFCs it lists).
///
/// The one status type of the package's HTTP model: the server writes its status lines from it
/// (`HTTP/1.1 401 Unauthorized`), and the HTTP client's `HTTPResponse` reports it.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The three-digit code, such as `404`.
    public var code: Int
    /// The reason phrase, such as `Not Found`; the registry's for a registered code, else empty
    /// (the status line's reason is optional, RFC 9112 §4).
    public var reasonPhrase: String

    /// Creates a status with the registry's reason phrase for `code`.
    public init(code: Int) {
        self.code = code
        reasonPhrase = Self.standardReasonPhrase(for: code) ?? ""
    }

    /// Creates a status from a literal code.
    public init(integerLiteral value: Int) {
        self.init(code: value)
    }

    /// `200 OK`.
    public static let ok: HTTPStatus = 200
    /// `302 Found`.
    public static let found: HTTPStatus = 302
    /// `400 Bad Request`.
    public static let badRequest: HTTPStatus = 400
    /// `401 Unauthorized`.
    public static let unauthorized: HTTPStatus = 401
    /// `403 Forbidden`.
    public static let forbidden: HTTPStatus = 403
    /// `404 Not Found`.
    public static let notFound: HTTPStatus = 404
    /// `405 Method Not Allowed`.
    public static let methodNotAllowed: HTTPStatus = 405
    /// `409 Conflict`.
    public static let conflict: HTTPStatus = 409
    /// `429 Too Many Requests`.
    public static let tooManyRequests: HTTPStatus = 429
    /// `500 Internal Server Error`.
    public static let internalServerError: HTTPStatus = 500
    /// `501 Not Implemented`.
    public static let notImplemented: HTTPStatus = 501
    /// `502 Bad Gateway`.
    public static let badGateway: HTTPStatus = 502
    /// `503 Service Unavailable`.
    public static let serviceUnavailable: HTTPStatus = 503

    /// Whether the code is in the 2xx range.
    public var isSuccess: Bool { (200...299).contains(code) }

    /// Whether the code is one of the redirects a wrapped link uses: 301, 302, 303, 307 or 308.
    public var isRedirect: Bool { [301, 302, 303, 307, 308].contains(code) }

    /// `404 Not Found`.
    public var description: String { reasonPhrase.isEmpty ? "\(code)" : "\(code) \(reasonPhrase)" }

    /// The registry's reason phrase for `code`, or `nil` for a code it does not register.
    public static func standardReasonPhrase(for code: Int) -> String? {
        standardReasonPhrases[code]
    }

    // The IANA HTTP Status Code Registry, as of RFC 9110 (2022), without the "(Unused)" entries.
    private static let standardReasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported",
        226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
        415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency",
        425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
        507: "Insufficient Storage", 508: "Loop Detected", 511: "Network Authentication Required",
    ]
}
