public import Foundation
public import OneLinkEmulator

/// One click the OneLink server saw, as the ``ClickStore`` keeps it for install matching.
public struct RecordedClick: Sendable, Hashable {
    /// When the server received the click, from the handler's clock.
    public var time: Date
    /// The link that was clicked, with its resolved parameters and lookback.
    public var link: ClickedLink
    /// The device signals the request revealed.
    public var fingerprint: DeviceFingerprint
    /// The advertising ID (IDFA or GAID) the click carried, if any.
    public var advertisingID: String?
    /// The device identifier a scenario attached to the click, if any.
    public var deviceID: String?
    /// The parsed user agent.
    public var userAgent: UserAgent
    /// The `Referer` header, if any; conversion data reports it as `http_referrer`.
    public var referrer: String?

    /// Creates a recorded click.
    public init(
        time: Date, link: ClickedLink, fingerprint: DeviceFingerprint, advertisingID: String? = nil,
        deviceID: String? = nil, userAgent: UserAgent, referrer: String? = nil
    ) {
        self.time = time
        self.link = link
        self.fingerprint = fingerprint
        self.advertisingID = advertisingID
        self.deviceID = deviceID
        self.userAgent = userAgent
        self.referrer = referrer
    }

    /// The link's resolved parameters.
    public var parameters: AttributionPayload { link.parameters }
    /// The OneLink template ID, or `nil` for a smart link.
    public var template: String? { link.template }
    /// How long after ``time`` an install can be attributed to this click.
    public var lookback: Duration { link.lookback }
}
