public import Foundation

/// A OneLink click as the SDK's deferred-deep-link lookup sees it: when, with which parameters, on
/// which device, and how it was tied to the install.
///
/// ``InMemoryDeferredDeepLinkSource`` matches against a list of them; the click service's matcher
/// hands one over for the click it ties to an install, and
/// ``DeferredDeepLinkResponse/found(_:)`` turns either into the lookup's answer.
public struct DeferredClick: Sendable, Hashable {
    /// When the click happened.
    public var time: Date
    /// The click's parameters (`deep_link_value`, `deep_link_sub1`, ...).
    public var parameters: AttributionPayload
    /// How the click was matched to the install, such as ``MatchType/probabilistic``.
    public var matchType: MatchType
    /// The device that clicked, or `nil` to match any device.
    public var deviceID: String?

    /// Creates a click.
    public init(
        time: Date, parameters: AttributionPayload, matchType: MatchType = .probabilistic,
        deviceID: String? = nil
    ) {
        self.time = time
        self.parameters = parameters
        self.matchType = matchType
        self.deviceID = deviceID
    }
}
