public import OneLinkEmulator
import OneLinkSupport

/// A clipboard match source backed by a dictionary from token to click parameters.
public final class InMemoryClipboardMatchSource: ClipboardMatchSource, Sendable {
    private struct State {
        var matches: [String: AttributionPayload]
        var behavior: InMemoryBehavior
        var lookups: [ClipboardToken] = []
    }

    private let state: Locked<State>
    private let clock: any EmulatorClock

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - matches: Click parameters by token value.
    ///   - behavior: How lookups answer: at once, after virtual latency, never, or with an error.
    ///   - clock: The clock delays are measured on.
    public init(
        matches: [String: AttributionPayload] = [:], behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) {
        state = Locked(State(matches: matches, behavior: behavior))
        self.clock = clock
    }

    /// Returns the parameters stored for `token`, after applying the behaviour.
    ///
    /// - Throws: The behaviour's error, or `CancellationError` when cancelled while waiting.
    public func exactMatch(for token: ClipboardToken) async throws -> AttributionPayload? {
        let behavior = state.withLock { state in
            state.lookups.append(token)
            return state.behavior
        }
        try await behavior.apply(on: clock)
        return state.withLock { $0.matches[token.value] }
    }

    /// Stores click parameters for a token value.
    public func add(token: String, parameters: AttributionPayload) {
        state.withLock { $0.matches[token] = parameters }
    }

    /// How lookups answer; a change applies to later lookups.
    public var behavior: InMemoryBehavior {
        get { state.withLock { $0.behavior } }
        set { state.withLock { $0.behavior = newValue } }
    }

    /// Every token looked up so far, in order.
    public var lookups: [ClipboardToken] { state.withLock { $0.lookups } }
}

extension ClipboardMatchSource where Self == InMemoryClipboardMatchSource {
    /// A match source in memory.
    public static func inMemory(
        matches: [String: AttributionPayload] = [:], behavior: InMemoryBehavior = .immediate,
        clock: any EmulatorClock = SystemClock()
    ) -> InMemoryClipboardMatchSource {
        InMemoryClipboardMatchSource(matches: matches, behavior: behavior, clock: clock)
    }
}
