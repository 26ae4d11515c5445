import OneLinkClicks
import OneLinkEmulator

/// Answers one device with a fixed sample payload and every other device from a fallback source.
///
/// The sample's `is_first_launch` is dropped, since the SDK adds it itself.
struct ServeSampleConversionDataSource: ConversionDataSource, DeviceMemory {
    let deviceID: String
    let payload: AttributionPayload
    let fallback: any ConversionDataSource
    /// What the fallback source remembers per device, when it remembers any.
    let fallbackMemory: (any DeviceMemory)?

    init(
        deviceID: String, payload: AttributionPayload, fallback: any ConversionDataSource,
        fallbackMemory: (any DeviceMemory)?
    ) {
        self.fallbackMemory = fallbackMemory
        self.deviceID = deviceID
        var payload = payload
        payload["is_first_launch"] = nil
        self.payload = payload
        self.fallback = fallback
    }

    func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        guard request.deviceID == deviceID else { return try await fallback.conversionData(for: request) }
        return payload
    }

    /// Forgets the device in the fallback source (the sample device is always answered the sample).
    @discardableResult
    func forgetDevice(_ deviceID: String) -> Bool {
        fallbackMemory?.forgetDevice(deviceID) ?? false
    }

    /// The fallback source's test devices (a registry of its own when the fallback keeps none).
    var testDevices: TestDeviceRegistry {
        fallbackMemory?.testDevices ?? ownTestDevices
    }

    private let ownTestDevices = TestDeviceRegistry()

    /// Forgets every device in the fallback source.
    func forgetAllDevices() {
        fallbackMemory?.forgetAllDevices()
    }
}
