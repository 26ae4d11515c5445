import Foundation
import OneLinkSupport

/// A short-link resolver backed by a dictionary, with optional virtual latency.
///
/// Short links are keyed by `template/shortID`. Wrapped links are a map from
/// wrapper URL to redirect target. A configured ``InMemoryBehavior`` can delay or
/// stall answers on the injected clock, or fail them, so timeout handling is
/// testable without real time passing.
public final class InMemoryShortLinkResolver: ShortLinkResolver, InMemoryBackend {
    private struct State {
        var links: [String: AttributionPayload]
        var redirects: [String: String]
    }

    private let state: Locked<State>
    /// The behaviour, clock and request log behind the ``InMemoryBackend`` properties.
    public let core: InMemoryBackendCore<ShortLinkRequest>

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
        self.state = Locked(State(links: links, redirects: redirects))
        self.core = InMemoryBackendCore(behavior: behavior, clock: clock)
    }

    /// The stored parameters of one short link; `nil` when the link is unknown.
    ///
    /// ```swift
    /// resolver[template: "H5hv", shortID: "6d66214a"] = ["deep_link_value": "peaches"]
    /// ```
    public subscript(template template: String, shortID shortID: String) -> AttributionPayload? {
        get { state.withLock { $0.links["\(template)/\(shortID)"] } }
        set { state.withLock { $0.links["\(template)/\(shortID)"] = newValue } }
    }

    /// Where the wrapped link `url` redirects to; `nil` when it does not redirect.
    ///
    /// ```swift
    /// resolver[redirectFrom: "https://click.example.com/c"] = "https://app.onelink.me/H5hv/6d66214a"
    /// ```
    public subscript(redirectFrom url: String) -> String? {
        get { state.withLock { $0.redirects[url] } }
        set { state.withLock { $0.redirects[url] = newValue } }
    }

    /// Returns the stored parameters, or throws a 404 ``AttributionError/httpStatus(code:reason:)``.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when cancelled while delayed.
    public func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        core.record(request)
        let stored = state.withLock { $0.links["\(request.template)/\(request.shortID)"] }
        try await core.answer()
        return try Self.response(to: request, stored: stored)
    }

    /// ``resolve(_:)`` without suspending, when the behaviour needs no waiting; `nil` (and nothing recorded) otherwise.
    public func resolveImmediately(_ request: ShortLinkRequest) -> Result<AttributionPayload, any Error>? {
        guard let answer = core.immediateAnswer else { return nil }
        core.record(request)
        let stored = state.withLock { $0.links["\(request.template)/\(request.shortID)"] }
        return answer.flatMap { Result { try Self.response(to: request, stored: stored) } }
    }

    private static func response(
        to request: ShortLinkRequest, stored: AttributionPayload?
    ) throws -> AttributionPayload {
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
        let target = state.withLock { $0.redirects[url] }
        try await core.answer()
        return target
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
