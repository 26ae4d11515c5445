import Foundation
import OneLinkEmulator

/// Applies a changeable ``InMemoryBehavior`` in front of a conversion-data or deferred-deep-link source.
final class ReplayBehaviorSource: ConversionDataSource, DeferredDeepLinkSource, Sendable {
    private let conversion: (any ConversionDataSource)?
    private let deferred: (any DeferredDeepLinkSource)?
    private let behavior: Locked<InMemoryBehavior>
    private let clock: any EmulatorClock

    init(
        conversion: (any ConversionDataSource)?, deferred: (any DeferredDeepLinkSource)?,
        behavior: InMemoryBehavior,
        clock: any EmulatorClock
    ) {
        self.conversion = conversion
        self.deferred = deferred
        self.behavior = Locked(behavior)
        self.clock = clock
    }

    func setBehavior(_ newValue: InMemoryBehavior) {
        behavior.withLock { $0 = newValue }
    }

    func conversionData(for request: ConversionDataRequest) async throws -> AttributionPayload {
        try await behavior.withLock { $0 }.apply(on: clock)
        guard let conversion else { throw AttributionError.unexpected("no conversion-data source") }
        return try await conversion.conversionData(for: request)
    }

    func deferredDeepLink(for request: DeferredDeepLinkRequest) async throws -> DeferredDeepLinkResponse {
        try await behavior.withLock { $0 }.apply(on: clock)
        guard let deferred else { throw AttributionError.unexpected("no deferred-deep-link source") }
        return try await deferred.deferredDeepLink(for: request)
    }
}
