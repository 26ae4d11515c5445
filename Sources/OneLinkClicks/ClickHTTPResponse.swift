import OneLinkEmulator
import OneLinkSupport

/// The HTTP answer a OneLink server sends for a click it saw.
public struct ClickHTTPResponse: Sendable, Hashable {
    /// The status code: 302 for redirects, 200 for the interstitial page.
    public var status: Int
    /// The response headers, such as `Location`, `Content-Type` and `Cache-Control`.
    public var headers: [String: String]
    /// The response body.
    public var body: String

    /// Creates a response.
    package init(status: Int, headers: [String: String], body: String) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The `Location` header, for redirects.
    public var location: String? { HTTPHeaderLookup.value(of: "Location", in: headers) }

    /// The `Content-Type` header.
    public var contentType: String? { HTTPHeaderLookup.value(of: "Content-Type", in: headers) }

    /// A `302 Found` redirect to `location`, with a short HTML body linking to it.
    package static func redirect(to location: String) -> ClickHTTPResponse {
        ClickHTTPResponse(
            status: 302,
            headers: [
                "Location": location, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
            ],
            body: "<!DOCTYPE html><a href=\"\(HTMLText.escaped(location))\">Continue</a>\n")
    }
}
