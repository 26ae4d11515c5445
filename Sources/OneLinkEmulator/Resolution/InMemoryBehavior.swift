import Foundation

/// How an in-memory backend answers: at once, after virtual latency, never, or with an error.
///
/// Delays are measured on the backend's clock, so with a ``ManualClock`` a
/// test decides exactly when the answer arrives relative to `deepLinkTimeout`.
public enum InMemoryBehavior: Sendable, Hashable {
    /// Answer at once.
    case immediate
    /// Answer after this much time on the clock.
    case delayed(Duration)
    /// Never answer; only cancellation (the SDK's timeout) ends the call.
    case stalled
    /// Fail every call with this error.
    case failing(AttributionError)

    /// Waits or fails as this behaviour says.
    ///
    /// - Throws: The error of ``failing(_:)``, or `CancellationError` when cancelled while waiting.
    public func apply(on clock: any EmulatorClock) async throws {
        switch self {
        case .immediate:
            return
        case .delayed(let duration):
            try await clock.sleep(for: duration)
        case .stalled:
            try await clock.sleep(until: .distantFuture)
            throw CancellationError()
        case .failing(let error):
            throw error
        }
    }
}
