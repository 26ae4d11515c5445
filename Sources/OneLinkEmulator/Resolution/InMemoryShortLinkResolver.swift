import Foundation

/// A short-link resolver backed by a dictionary, with optional virtual latency.
///
/// Short links are keyed by `template/shortID`. Wrapped links are a map from
/// wrapper URL to redirect target. A configured ``InMemoryBehavior`` can delay or
/// stall answers on the injected clock, or fail them, so timeout handling is
/// testable without real time passing.
public final class InMemoryShortLinkResolver: ShortLinkResolver, Sendable {
    private struct State {
        var links: [String: AttributionPayload]
        var redirects: [String: String]
        var behavior: InMemoryBehavior
        var requests = BoundedHistory<ShortLinkRequest>(limit: RequestHistory.defaultLimit)
    }

    private let state: Locked<State>
    private let clock: any EmulatorClock

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - links: Stored parameters keyed by `"template/shortID"`, such as `"H5hv/6d66214a"`.
    ///   - redirects: Wrapped-link hops, from wrapper URL to target URL.
    ///   - behavior: How calls are answered.
    ///   - clock: The clock that measures ``InMemoryBehavior/delayed(_:)``.
    public init(
        links: [String: AttributionPayload] = [:], redirects: [String: String] = [:],
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) {
        self.state = Locked(State(links: links, redirects: redirects, behavior: behavior))
        self.clock = clock
    }

    /// Stores the parameters of one short link.
    public func setLink(template: String, shortID: String, parameters: AttributionPayload) {
        state.withLock { $0.links["\(template)/\(shortID)"] = parameters }
    }

    /// Adds one wrapped-link hop.
    public func setRedirect(from url: String, to target: String) {
        state.withLock { $0.redirects[url] = target }
    }

    /// Changes how later calls are answered.
    public func setBehavior(_ behavior: InMemoryBehavior) {
        state.withLock { $0.behavior = behavior }
    }

    /// The newest resolution requests received (at most ``requestHistoryLimit``), oldest first.
    public var requests: [ShortLinkRequest] { state.withLock { $0.requests.elements } }

    /// The most requests ``requests`` keeps.
    ///
    /// Older ones are dropped; the default is ``RequestHistory/defaultLimit``, and 0 keeps none.
    public var requestHistoryLimit: Int {
        get { state.withLock { $0.requests.limit } }
        set { state.withLock { $0.requests.limit = newValue } }
    }

    /// How many requests were dropped from ``requests`` to respect ``requestHistoryLimit``.
    public var droppedRequestCount: Int { state.withLock { $0.requests.droppedCount } }

    /// Returns the stored parameters, or throws a 404 ``AttributionError/httpStatus(code:reason:)``.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        let (behavior, stored) = state.withLock { state in
            state.requests.append(request)
            return (state.behavior, state.links["\(request.template)/\(request.shortID)"])
        }
        try await apply(behavior)
        guard let stored else {
            throw AttributionError.httpStatus(
                code: 404, reason: "short link \(request.template)/\(request.shortID) not found")
        }
        return stored
    }

    /// Returns the configured redirect target of `url`, or `nil`.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
        let (behavior, target) = state.withLock { ($0.behavior, $0.redirects[url]) }
        try await apply(behavior)
        return target
    }

    private func apply(_ behavior: InMemoryBehavior) async throws {
        try await behavior.apply(on: clock)
    }
}

extension ShortLinkResolver where Self == InMemoryShortLinkResolver {
    /// A resolver backed by a dictionary of short links keyed by `"template/shortID"`.
    public static func inMemory(
        links: [String: AttributionPayload] = [:], redirects: [String: String] = [:],
        behavior: InMemoryBehavior = .immediate, clock: any EmulatorClock = SystemClock()
    ) -> InMemoryShortLinkResolver {
        InMemoryShortLinkResolver(links: links, redirects: redirects, behavior: behavior, clock: clock)
    }
}
