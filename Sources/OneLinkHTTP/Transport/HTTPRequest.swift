public import Foundation
import OneLinkEmulator
public import OneLinkSupport

/// One HTTP request an ``HTTPTransport`` performs.
///
/// The HTTP backends build these from the wire format in `Docs/http.md`; a
/// transport sends them as they are, without following redirects.
public struct HTTPRequest: Sendable, Hashable {
    /// The default cap on a response body: 1 MiB.
    public static let defaultMaximumResponseBytes = 1 << 20

    /// The request method, such as ``HTTPMethod/get``.
    public var method: Method
    /// The absolute `http` or `https` URL to send the request to.
    public var url: URL
    /// The header fields to send, by name.
    public var headers: [String: String]
    /// The request body, or `nil` for none.
    public var body: Data?
    /// How long the whole exchange may take before it fails with ``AttributionError/timedOut(milliseconds:)``.
    public var timeout: Duration
    /// The largest response body accepted; a larger one fails with ``AttributionError/responseTooLarge(limit:)``.
    public var maximumResponseBytes: Int

    /// Creates a request.
    public init(
        method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(10), maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// Returns the value of the header field `name`, compared ignoring ASCII case; fields in several
    /// spellings are joined with `, `.
    public func header(_ name: HTTPFieldName) -> String? {
        HTTPHeaderLookup.value(of: name.rawName, in: headers)
    }
}

extension HTTPRequest {
    /// An HTTP request method: the package's one method type (``HTTPMethod``), such as ``HTTPMethod/get``.
    public typealias Method = HTTPMethod
}
