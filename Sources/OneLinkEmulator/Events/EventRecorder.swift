public import Foundation

/// Receives the in-app events the SDK sends, as AppsFlyer's in-app event endpoint does.
///
/// Contract:
/// - ``recordEvent(_:)`` is called once per event that is sent, in the order
///   the app logged them: `logEvent(_:withValues:)`,
///   `logEvent(name:values:completionHandler:)`, `logLocation(longitude:latitude:)`,
///   the `af_purchase` event of a validated purchase and the `af_invite`
///   event of `AppsFlyerShareInviteHelper.logInvite(_:parameters:)`.
/// - No call is made while the SDK is stopped (`isStopped`): the SDK refuses
///   such events itself. An anonymized user's events (`anonymizeUser`) are
///   sent without ``InAppEvent/customerUserID``.
/// - It returns the response body that `logEvent(name:values:completionHandler:)`
///   hands to the app, or throws an ``AttributionError`` that the completion
///   receives as its error.
/// - It may suspend; the SDK bounds the call with `conversionDataTimeout`.
///   Implementations must be safe to call from many tasks at once and honour cancellation.
public protocol EventRecorder: Sendable {
    /// Records one in-app event and returns the response body.
    ///
    /// - Throws: ``AttributionError`` when the event is rejected or cannot be sent.
    func recordEvent(_ event: InAppEvent) async throws -> AttributionPayload
}

/// One in-app event as the SDK sends it.
public struct InAppEvent: Sendable, Hashable {
    /// The app's Apple ID.
    public var appID: String
    /// The AppsFlyer dev key.
    public var devKey: String
    /// The AppsFlyer device ID of this install.
    public var deviceID: String
    /// The event name, such as ``AFEventPurchase``.
    public var name: String
    /// The event values, as JSON values.
    public var values: AttributionPayload
    /// The app's own user ID (`customerUserID`) when the event was logged.
    public var customerUserID: String?
    /// The purchase currency (`currencyCode`) when the event was logged.
    public var currencyCode: String?
    /// When the event was logged, on the SDK's clock.
    public var time: Date
    /// The host set with `setHost(_:withHostPrefix:)`, prefix first; `nil` for the default host.
    ///
    /// HTTP backends send the request there instead of to their base URL.
    public var host: String?

    /// Creates an event.
    public init(
        appID: String, devKey: String, deviceID: String, name: String, values: AttributionPayload = [:],
        customerUserID: String? = nil, currencyCode: String? = nil, time: Date, host: String? = nil
    ) {
        self.host = host
        self.appID = appID
        self.devKey = devKey
        self.deviceID = deviceID
        self.name = name
        self.values = values
        self.customerUserID = customerUserID
        self.currencyCode = currencyCode
        self.time = time
    }
}
