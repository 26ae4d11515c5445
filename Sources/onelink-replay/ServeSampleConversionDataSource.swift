import OneLinkEmulator

/// Answers one device with a fixed sample payload and every other device from a fallback source.
///
/// The sample's `is_first_launch` is dropped, since the SDK adds it itself.
struct ServeSampleConversionDataSource: ConversionDataSource {
    let deviceID: String
    let payload: AttributionPayload
    let fallback: any ConversionDataSource

    init(deviceID: String, payload: AttributionPayload, fallback: any ConversionDataSource) {
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
}
