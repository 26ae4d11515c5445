import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Applies a changeable ``InMemoryBehavior`` in front of a conversion-data or deferred-deep-link source.
final class ReplayBehaviorSource: ConversionDataSource, DeferredDeepLinkSource, Sendable {
    private let conversion: (any ConversionDataSource)?
    private let deferred: (any DeferredDeepLinkSource)?
    private let core: InMemoryBackendCore<InstallAttributionRequest>
    /// How many calls arrived, for the per-step trace of ``ScenarioDiagram``.
    private let calls = Locked(0)

    var callCount: Int { calls.withLock { $0 } }

    init(
        conversion: (any ConversionDataSource)?, deferred: (any DeferredDeepLinkSource)?,
        behavior: InMemoryBehavior,
        clock: any EmulatorClock
    ) {
        self.conversion = conversion
        self.deferred = deferred
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// How later calls are answered.
    var behavior: InMemoryBehavior {
        get { core.behavior }
        set { core.behavior = newValue }
    }

    func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        calls.withLock { $0 += 1 }
        try await core.answer()
        guard let conversion else { throw Self.noSource("conversion-data") }
        return try await conversion.conversionData(for: request)
    }

    /// ``conversionData(for:)`` without suspending, when neither the behaviour nor the wrapped source waits.
    func conversionDataImmediately(
        for request: InstallAttributionRequest
    ) -> Result<AttributionPayload, any Error>? {
        immediately {
            conversion?.conversionDataImmediately(for: request) ?? .failure(Self.noSource("conversion-data"))
        }
    }

    /// ``deferredDeepLink(for:)`` without suspending, when neither the behaviour nor the wrapped source waits.
    func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>? {
        immediately {
            deferred?.deferredDeepLinkImmediately(for: request)
                ?? .failure(Self.noSource("deferred-deep-link"))
        }
    }

    /// The behaviour's failure, or the wrapped source's immediate answer; `nil`, with nothing counted, when either would wait.
    private func immediately<Value>(
        _ wrapped: () -> Result<Value, any Error>?
    ) -> Result<Value, any Error>? {
        guard let behaviour = core.immediateAnswer else { return nil }
        if case .failure(let error) = behaviour {
            calls.withLock { $0 += 1 }
            return .failure(error)
        }
        guard let answer = wrapped() else { return nil }
        calls.withLock { $0 += 1 }
        return answer
    }

    private static func noSource(_ kind: String) -> AttributionError {
        .unexpected("no \(kind) source")
    }

    func deferredDeepLink(for request: InstallAttributionRequest) async throws -> DeferredDeepLinkResponse {
        calls.withLock { $0 += 1 }
        try await core.answer()
        guard let deferred else { throw Self.noSource("deferred-deep-link") }
        return try await deferred.deferredDeepLink(for: request)
    }
}
