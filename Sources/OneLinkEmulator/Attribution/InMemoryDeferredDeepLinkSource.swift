import Foundation
import OneLinkSupport

/// A deferred-deep-link source that matches against a list of clicks.
///
/// A click matches when it belongs to the device (or to any device) and
/// happened within ``window`` before the install time, not after it. The
/// latest matching click wins. The click event is privacy-filtered.
public final class InMemoryDeferredDeepLinkSource: DeferredDeepLinkSource, InMemoryBackend {
    /// The documented lookup window of the UDL deferred API: 15 minutes.
    public static let defaultWindow: Duration = .seconds(15 * 60)

    private struct State {
        var clicks: [DeferredClick]
    }

    private let state: Locked<State>
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<InstallAttributionRequest>
    /// How long before the install a click may be and still match.
    public let window: Duration

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - clicks: The clicks that can match.
    ///   - window: How long before the install a click may be.
    ///   - behavior: How calls are answered.
    ///   - clock: The clock that measures delays.
    public init(
        clicks: [DeferredClick] = [], window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(clicks: clicks))
        self.window = window
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// Records one more click.
    public func addClick(_ click: DeferredClick) {
        state.withLock { $0.clicks.append(click) }
    }

    /// Returns the latest click within the window, privacy-filtered, or ``DeferredDeepLinkResponse/notFound``.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func deferredDeepLink(
        for request: InstallAttributionRequest
    ) async throws -> DeferredDeepLinkResponse {
        core.record(request)
        let clicks = state.withLock { $0.clicks }
        try await core.answer()
        return response(to: request, clicks: clicks)
    }

    /// ``deferredDeepLink(for:)`` without suspending, when the behaviour needs no waiting; `nil` (and nothing recorded) otherwise.
    public func deferredDeepLinkImmediately(
        for request: InstallAttributionRequest
    ) -> Result<DeferredDeepLinkResponse, any Error>? {
        guard let answer = core.immediateAnswer else { return nil }
        core.record(request)
        let clicks = state.withLock { $0.clicks }
        return answer.map { response(to: request, clicks: clicks) }
    }

    private func response(
        to request: InstallAttributionRequest, clicks: [DeferredClick]
    ) -> DeferredDeepLinkResponse {
        let earliest = request.installTime.addingTimeInterval(-window.timeInterval)
        let match =
            clicks
            .filter { ($0.deviceID == nil || $0.deviceID == request.deviceID) }
            .filter { $0.time >= earliest && $0.time <= request.installTime }
            .max { $0.time < $1.time }
        return match.map(DeferredDeepLinkResponse.found) ?? .notFound
    }
}

extension DeferredDeepLinkSource where Self == InMemoryDeferredDeepLinkSource {
    /// A source that matches against `clicks` within `window` before the install.
    public static func inMemory(
        clicks: [DeferredClick] = [], window: Duration = InMemoryDeferredDeepLinkSource.defaultWindow,
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) -> InMemoryDeferredDeepLinkSource {
        InMemoryDeferredDeepLinkSource(clicks: clicks, window: window, behavior: behavior, clock: clock)
    }
}
