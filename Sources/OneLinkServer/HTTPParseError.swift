import OneLinkEmulator
import OneLinkSupport

/// Why ``HTTPRequestParser`` refused a request, and the status code the server answers with.
///
/// After any of these the server sends the status with a JSON
/// `{"error_reason": …, "status_code": …}` body and closes the connection.
public enum HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request line is not `METHOD SP origin-form-target SP HTTP/x.y` with CRLF: 400.
    case malformedRequestLine(String)
    /// A header line is not `name: value` (no space before the colon, no obsolete line folding,
    /// no control characters), or a bare LF ends a line: 400.
    case malformedHeader(String)
    /// The request line and headers, with the blank line that ends them, exceed the limit: 431.
    case headerTooLarge(limit: Int)
    /// The version is well-formed but not `HTTP/1.1` or `HTTP/1.0`, such as `HTTP/2.0`: 505.
    case unsupportedVersion(String)
    /// An HTTP/1.1 request without a `Host` header, or with more than one: 400.
    case invalidHost(String)
    /// `Content-Length` is not a decimal number, or is sent twice with different values: 400.
    case invalidContentLength(String)
    /// A `POST`, `PUT` or `PATCH` without `Content-Length`: 411.
    case lengthRequired(method: String)
    /// The request uses `Transfer-Encoding` (such as chunked), which the server does not accept: 501.
    case transferEncodingNotSupported(String)
    /// The announced `Content-Length` is over the body limit: 413.
    case bodyTooLarge(length: Int, limit: Int)

    /// The HTTP status code the server answers this error with.
    public var statusCode: Int {
        switch self {
        case .malformedRequestLine, .malformedHeader, .invalidHost, .invalidContentLength: return 400
        case .headerTooLarge: return 431
        case .unsupportedVersion: return 505
        case .lengthRequired: return 411
        case .transferEncodingNotSupported: return 501
        case .bodyTooLarge: return 413
        }
    }

    /// A one-line explanation, used as the `error_reason` of the answer.
    public var description: String {
        switch self {
        case .malformedRequestLine(let detail): return "malformed request line: \(detail)"
        case .malformedHeader(let detail): return "malformed header: \(detail)"
        case .headerTooLarge(let limit): return "request header section is larger than \(limit) bytes"
        case .unsupportedVersion(let version): return "unsupported HTTP version \(version)"
        case .invalidHost(let detail): return "invalid Host header: \(detail)"
        case .invalidContentLength(let value): return "invalid Content-Length: \(value)"
        case .lengthRequired(let method): return "\(method) requests need a Content-Length"
        case .transferEncodingNotSupported(let value):
            return "Transfer-Encoding \(value) is not supported; send a Content-Length"
        case .bodyTooLarge(let length, let limit):
            return "request body of \(length) bytes is larger than \(limit) bytes"
        }
    }
}
