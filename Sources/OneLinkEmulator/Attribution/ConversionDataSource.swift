public import Foundation
import OneLinkSupport

/// Answers the install-attribution (conversion data) request of a session.
///
/// Contract for conforming types:
/// - ``conversionData(for:)`` returns the conversion data the attribution
///   service holds for the install, as `GET /install_data/v5.0/{appID}?device_id=...`
///   would: `af_status` (`"Organic"` or `"Non-organic"`), `install_time`, and
///   for non-organic installs the click's parameters. It does not set
///   `is_first_launch`; the SDK owns that flag.
/// - Failures are thrown as ``AttributionError``. A service that has no data
///   yet answers ``AttributionError/httpStatus(code:reason:)`` with 404 and the
///   service's `error_reason`.
/// - Implementations must be safe to call from many tasks at once and honour
///   cancellation.
public protocol ConversionDataSource: Sendable {
    /// Returns the conversion data for one install.
    ///
    /// - Throws: ``AttributionError``.
    func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload

    /// The answer to the request when the backend has it without waiting, or `nil` to be asked through ``conversionData(for:)``.
    ///
    /// The SDK asks this first, for every call: an answer here is taken as
    /// ``conversionData(for:)``'s answer, with no task, timer or continuation, and
    /// `nil` sends the call through ``conversionData(for:)``, raced against its
    /// deadline. An answer must be what ``conversionData(for:)`` would give, and the
    /// request must be recorded as that call records it; `nil` records
    /// nothing. The default is `nil`: a backend that always waits (over the
    /// network, say) need not implement it.
    func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>?
}

extension ConversionDataSource {
    /// No answer without waiting: every call goes through ``conversionData(for:)``.
    public func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>? {
        nil
    }
}

/// The install attribution an in-memory conversion-data source answers with.
public enum InstallAttribution: Sendable, Hashable {
    /// An organic install: `af_status: "Organic"`, `af_message: "organic install"`, `install_time`.
    case organic
    /// A non-organic install with these click parameters; `af_status` and `install_time` are added when absent.
    case nonOrganic(AttributionPayload)
    /// The service fails with this error.
    case failure(AttributionError)

    /// The conversion data this attribution produces for an install at `installTime`.
    ///
    /// - Throws: The error of a ``failure(_:)``.
    public func conversionData(installTime: Date) throws(AttributionError) -> AttributionPayload {
        switch self {
        case .organic:
            return [
                "af_status": "Organic",
                "af_message": "organic install",
                "install_time": .string(AttributionTimestamp.string(from: installTime)),
            ]
        case .nonOrganic(var payload):
            if payload["af_status"] == nil { payload["af_status"] = "Non-organic" }
            if payload["install_time"] == nil {
                payload["install_time"] = .string(AttributionTimestamp.string(from: installTime))
            }
            return payload
        case .failure(let error):
            throw error
        }
    }
}

/// A conversion-data source that answers from a fixed attribution, per device when configured.
///
/// Devices without their own entry get the default attribution. Calls can be
/// delayed or stalled on the injected clock like ``InMemoryShortLinkResolver``.
public final class InMemoryConversionDataSource: ConversionDataSource, InMemoryBackend {
    private struct State {
        var attribution: InstallAttribution
        var perDevice: [String: InstallAttribution] = [:]
    }

    private let state: Locked<State>
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<InstallAttributionRequest>

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - attribution: The answer for every device without its own entry.
    ///   - behavior: How calls are answered; ``InMemoryBehavior/failing(_:)`` overrides the attribution.
    ///   - clock: The clock that measures delays.
    public init(
        attribution: InstallAttribution = .organic, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(attribution: attribution))
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// The answer for every device without its own entry.
    public var attribution: InstallAttribution {
        get { state.withLock { $0.attribution } }
        set { state.withLock { $0.attribution = newValue } }
    }

    /// The answer for one device ID; `nil` when the device gets ``attribution``.
    ///
    /// ```swift
    /// source[deviceID: "device-1"] = .nonOrganic(["media_source": "Email"])
    /// ```
    public subscript(deviceID deviceID: String) -> InstallAttribution? {
        get { state.withLock { $0.perDevice[deviceID] } }
        set { state.withLock { $0.perDevice[deviceID] = newValue } }
    }

    /// Returns the configured attribution's conversion data.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        core.record(request)
        let attribution = state.withLock { $0.perDevice[request.deviceID] ?? $0.attribution }
        try await core.answer()
        return try attribution.conversionData(installTime: request.installTime)
    }

    /// ``conversionData(for:)`` without suspending, when the behaviour needs no waiting; `nil` (and nothing recorded) otherwise.
    public func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>? {
        guard let answer = core.immediateAnswer else { return nil }
        core.record(request)
        let attribution = state.withLock { $0.perDevice[request.deviceID] ?? $0.attribution }
        return answer.flatMap { Result { try attribution.conversionData(installTime: request.installTime) } }
    }

}

extension ConversionDataSource where Self == InMemoryConversionDataSource {
    /// A source that answers every device with `attribution`.
    public static func inMemory(
        _ attribution: InstallAttribution = .organic, behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryConversionDataSource {
        InMemoryConversionDataSource(attribution: attribution, behavior: behavior, clock: clock)
    }
}
