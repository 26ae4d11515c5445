import OneLinkEmulator
import OneLinkSupport

/// One click on a link, as the device makes it and the OneLink server would receive it.
///
/// The required inputs are the URL, a user agent (``userAgent`` or a
/// `User-Agent` header) and an IP address (``ipAddress`` or the first entry
/// of an `X-Forwarded-For` header). `Accept-Language` sets the fingerprint's
/// language and `Referer` tells whether the tap came from a page on the same
/// domain or from the interstitial page. Header names are matched
/// case-insensitively.
public struct ClickRequest: Sendable, Hashable {
    /// The clicked URL: a long or short OneLink, or the app's smart link.
    public var url: String
    /// The `User-Agent` text; when `nil`, the `User-Agent` header is used.
    public var userAgent: String?
    /// The client's IP address; when `nil`, the first `X-Forwarded-For` entry is used.
    public var ipAddress: String?
    /// The request headers.
    public var headers: [String: String]
    /// The device's advertising ID (IDFA or GAID), when the click carries one, for ID matching.
    public var advertisingID: String?
    /// An identifier of the device the scenario knows the click came from, for ID matching.
    ///
    /// The emulator matches it against the first launch's device ID, so a
    /// scenario can say "this device clicked" without an advertising ID.
    public var deviceID: String?
    /// What the device knows that the server cannot see.
    public var context: ClickContext

    /// Creates a click.
    public init(
        url: String, userAgent: String? = nil, ipAddress: String? = nil, headers: [String: String] = [:],
        advertisingID: String? = nil, deviceID: String? = nil, context: ClickContext = ClickContext()
    ) {
        self.url = url
        self.userAgent = userAgent
        self.ipAddress = ipAddress
        self.headers = headers
        self.advertisingID = advertisingID
        self.deviceID = deviceID
        self.context = context
    }

    /// The value of header `name`, matched ignoring ASCII case; fields in several spellings are joined with `, `.
    public func header(_ name: String) -> String? {
        HTTPHeaderLookup.value(of: name, in: headers)
    }
}
