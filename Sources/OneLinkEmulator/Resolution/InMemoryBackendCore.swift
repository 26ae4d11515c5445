import OneLinkSupport

/// What every in-memory backend shares: its ``InMemoryBehavior``, the clock that measures it, and
/// the log of the requests it received.
///
/// An ``InMemoryBackend``'s properties read and write it; its members are the package's own.
/// Copies share the same behaviour and log (they live behind the log's one lock): a struct, so a
/// backend costs no extra object for it.
public struct InMemoryBackendCore<Request: Sendable>: Sendable {
    /// The clock that measures ``InMemoryBehavior/delayed(_:)``.
    package let clock: any EmulatorClock
    /// The requests received, newest kept, and the behaviour, under the log's lock.
    @usableFromInline package let requests: RequestLog<Request>

    /// Creates a core that answers as `behavior` says, on `clock`.
    package init(behavior: InMemoryBehavior, clock: any EmulatorClock) {
        requests = RequestLog(behavior: behavior)
        self.clock = clock
    }

    /// How later calls are answered.
    package var behavior: InMemoryBehavior {
        get { requests.state.withLock { $0.behavior } }
        nonmutating set { requests.state.withLock { $0.behavior = newValue } }
    }

    /// Records `request`, then waits or fails as the behaviour says.
    ///
    /// - Throws: The error of a failing behaviour, or `CancellationError` when cancelled while waiting.
    package func receive(_ request: Request) async throws {
        record(request)
        try await answer()
    }

    /// Records `request` in ``requests``.
    package func record(_ request: Request) {
        requests.append(request)
    }

    /// Waits or fails as the behaviour says, without recording a request.
    ///
    /// - Throws: The error of a failing behaviour, or `CancellationError` when cancelled while waiting.
    package func answer() async throws {
        try await behavior.apply(on: clock)
    }

    /// The behaviour's answer when it needs no waiting: success for ``InMemoryBehavior/immediate``,
    /// the error of ``InMemoryBehavior/failing(_:)``, and `nil` for the behaviours that wait on the clock.
    package var immediateAnswer: Result<Void, any Error>? {
        switch behavior {
        case .immediate: return .success(())
        case .failing(let error): return .failure(error)
        case .delayed, .stalled: return nil
        }
    }

}
