/// An HTTP request method, such as `GET`: the token exactly as sent, compared case-sensitively
/// (RFC 9110 §9.1), with constants for the methods the package's clients and server use.
///
/// The one method type of the package's HTTP model: the HTTP client's `HTTPRequest` and the
/// server's `ServerRequest` both carry it.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The method token, such as `GET`.
    public var rawValue: String

    /// Creates a method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a literal token.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: a `GET` whose answer has no body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`.
    public static let trace = HTTPMethod(rawValue: "TRACE")
    /// `CONNECT`.
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `QUERY`: a safe request with a body (IETF HTTPbis, "The HTTP QUERY Method").
    public static let query = HTTPMethod(rawValue: "QUERY")

    /// The methods the package's server knows, RFC 9110's, `PATCH` and `QUERY`: on a path that does
    /// not take one, it is `405 Method Not Allowed`; any other token is `501 Not Implemented`.
    public static let known: [HTTPMethod] = [
        .get, .head, .post, .put, .patch, .delete, .options, .trace, .connect, .query,
    ]

    /// Whether a request with this method must announce its body's length (`411` without one).
    public var requiresContentLength: Bool { self == .post || self == .put || self == .patch }

    /// The method token.
    public var description: String { rawValue }
}
