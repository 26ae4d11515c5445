/// The SDK's collection switches that change nothing an app's handlers see; the emulator records them.
struct PrivacyFlags: Sendable, Hashable {
    var disableCollectASA = false
    var disableAppleAdsAttribution = false
    var disableSKAdNetwork = false
    var disableAdvertisingIdentifier = false
    var disableIDFVCollection = false
    var shouldCollectDeviceName = false
    var useReceiptValidationSandbox = false
    var useUninstallSandbox = false
    var anonymizeUser = false
}

/// A call whose real effect is only to forward data to AppsFlyer's servers, as the emulator records it.
public struct RecordedCall: Sendable, Hashable {
    /// The call's Swift name, such as `registerUninstall(_:)`.
    public var name: String
    /// The call's arguments, as JSON values.
    public var arguments: AttributionPayload

    /// Creates a record.
    public init(name: String, arguments: AttributionPayload = [:]) {
        self.name = name
        self.arguments = arguments
    }
}
