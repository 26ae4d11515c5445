public import Foundation
import OneLinkEmulator
public import OneLinkSupport

/// The status, header fields and body an ``HTTPTransport`` received.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code, such as `200` or `302`.
    public var statusCode: Int
    /// The response header fields, by name as received.
    public var headers: [String: String]
    /// The response body; empty when there was none.
    public var body: Data

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Returns the value of the header field `name`, compared ignoring ASCII case; fields in several
    /// spellings are joined with `, `.
    public func header(_ name: HTTPFieldName) -> String? {
        HTTPHeaderLookup.value(of: name.rawName, in: headers)
    }

    /// The status: the code with its standard reason phrase (``HTTPStatus``).
    public var status: HTTPStatus { HTTPStatus(code: statusCode) }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { status.isSuccess }

    /// Whether the status is one of the redirects a wrapped link uses: 301, 302, 303, 307 or 308.
    public var isRedirect: Bool { status.isRedirect }
}
