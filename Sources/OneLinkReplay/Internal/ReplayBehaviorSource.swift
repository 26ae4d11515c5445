import Foundation
import OneLinkEmulator

/// Applies a changeable ``InMemoryBehavior`` in front of a conversion-data or deferred-deep-link source.
final class ReplayBehaviorSource: ConversionDataSource, DeferredDeepLinkSource, Sendable {
    private let conversion: (any ConversionDataSource)?
    private let deferred: (any DeferredDeepLinkSource)?
    /// The behaviour, and how many calls arrived (for the per-step trace of ``ScenarioDiagram``):
    /// its request log keeps no request, only the count, under the lock the behaviour already has.
    private let core: InMemoryBackendCore<InstallAttributionRequest>

    var callCount: Int { core.requests.receivedCount }

    init(
        conversion: (any ConversionDataSource)?, deferred: (any DeferredDeepLinkSource)?,
        behavior: InMemoryBehavior,
        clock: any EmulatorClock
    ) {
        self.conversion = conversion
        self.deferred = deferred
        let core = InMemoryBackendCore<InstallAttributionRequest>(behavior: behavior, clock: clock)
        core.requests.limit = 0
        self.core = core
    }

    /// How later calls are answered.
    var behavior: InMemoryBehavior {
        get { core.behavior }
        set { core.behavior = newValue }
    }

    func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        core.record(request)
        try await core.answer()
        guard let conversion else { throw Self.noSource("conversion-data") }
        return try await conversion.conversionData(for: request)
    }

    /// ``conversionData(for:)`` without suspending, when neither the behaviour nor the wrapped source waits.
    func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>? {
        immediately(request) {
            conversion?.conversionDataImmediately(for: request) ?? .failure(Self.noSource("conversion-data"))
        }
    }

    /// ``deferredDeepLink(for:)`` without suspending, when neither the behaviour nor the wrapped source waits.
    func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>? {
        immediately(request) {
            deferred?.deferredDeepLinkImmediately(for: request)
                ?? .failure(Self.noSource("deferred-deep-link"))
        }
    }

    /// The behaviour's failure, or the wrapped source's immediate answer; `nil`, with nothing counted, when either would wait.
    private func immediately<Value>(
        _ request: InstallAttributionRequest, _ wrapped: () -> Result<Value, any Error>?
    ) -> Result<Value, any Error>? {
        guard let behaviour = core.immediateAnswer else { return nil }
        if case .failure(let error) = behaviour {
            core.record(request)
            return .failure(error)
        }
        guard let answer = wrapped() else { return nil }
        core.record(request)
        return answer
    }

    private static func noSource(_ kind: String) -> AttributionError {
        .unexpected("no \(kind) source")
    }

    func deferredDeepLink(for request: InstallAttributionRequest) async throws -> DeferredDeepLinkResponse {
        core.record(request)
        try await core.answer()
        guard let deferred else { throw Self.noSource("deferred-deep-link") }
        return try await deferred.deferredDeepLink(for: request)
    }
}
