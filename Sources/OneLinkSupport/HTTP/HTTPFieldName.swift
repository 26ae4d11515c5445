/// An HTTP field (header) name: kept as spelled, compared and hashed without regard to ASCII case
/// (RFC 9110 §5.1), with constants for the fields the package reads and writes.
///
/// The one field-name type of the package's HTTP model, shared by the HTTP client and the server.
public struct HTTPFieldName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as spelled where it came from (or was written), such as `Content-Type`.
    public let rawName: String

    /// Creates a field name.
    public init(_ rawName: String) {
        self.rawName = rawName
    }

    /// Creates a field name from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether the two name the same field: equal but for ASCII letter case.
    public static func == (lhs: HTTPFieldName, rhs: HTTPFieldName) -> Bool {
        HTTPHeaderLookup.matches(lhs.rawName, rhs.rawName)
    }

    /// Hashes the name folded to lowercase ASCII, so equal names hash alike.
    public func hash(into hasher: inout Hasher) {
        for byte in rawName.utf8 { hasher.combine((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) }
    }

    /// The name as spelled.
    public var description: String { rawName }

    /// `Accept`.
    public static let accept: HTTPFieldName = "Accept"
    /// `Allow`: the methods a path takes, on a `405`.
    public static let allow: HTTPFieldName = "Allow"
    /// `authentication`: the AppsFlyer dev key or S2S key.
    public static let authentication: HTTPFieldName = "authentication"
    /// `Authorization`: an API token (the OneLink API) or `Bearer` token (the Test Console API).
    public static let authorization: HTTPFieldName = "Authorization"
    /// `Cache-Control`.
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    /// `Connection`.
    public static let connection: HTTPFieldName = "Connection"
    /// `Content-Length`.
    public static let contentLength: HTTPFieldName = "Content-Length"
    /// `Content-Security-Policy`.
    public static let contentSecurityPolicy: HTTPFieldName = "Content-Security-Policy"
    /// `Content-Type`.
    public static let contentType: HTTPFieldName = "Content-Type"
    /// `Host`.
    public static let host: HTTPFieldName = "Host"
    /// `Location`: a redirect's target.
    public static let location: HTTPFieldName = "Location"
    /// `Transfer-Encoding`.
    public static let transferEncoding: HTTPFieldName = "Transfer-Encoding"
    /// `User-Agent`.
    public static let userAgent: HTTPFieldName = "User-Agent"
    /// `X-Content-Type-Options`.
    public static let contentTypeOptions: HTTPFieldName = "X-Content-Type-Options"
    /// `X-Forwarded-For`: the client address a proxy saw.
    public static let forwardedFor: HTTPFieldName = "X-Forwarded-For"
    /// `X-OneLink-Warning`: the emulator's note on an answer that is right but may surprise.
    public static let oneLinkWarning: HTTPFieldName = "X-OneLink-Warning"
    /// `X-OneLink-Emulator-Reason`: why the emulator refused a request whose documented error says less.
    public static let oneLinkEmulatorReason: HTTPFieldName = "X-OneLink-Emulator-Reason"
    /// `X-OneLink-Advertising-ID`: the advertising ID of a click sent over HTTP.
    public static let oneLinkAdvertisingID: HTTPFieldName = "X-OneLink-Advertising-ID"
    /// `X-OneLink-Device-ID`: the device ID of a click sent over HTTP.
    public static let oneLinkDeviceID: HTTPFieldName = "X-OneLink-Device-ID"
}
