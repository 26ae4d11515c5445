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
        guard let conversion else { throw AttributionError.unexpected("no conversion-data source") }
        return try await conversion.conversionData(for: request)
    }

    func deferredDeepLink(for request: InstallAttributionRequest) async throws -> DeferredDeepLinkResponse {
        calls.withLock { $0 += 1 }
        try await core.answer()
        guard let deferred else { throw AttributionError.unexpected("no deferred-deep-link source") }
        return try await deferred.deferredDeepLink(for: request)
    }
}
