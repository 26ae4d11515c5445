import OneLinkSupport

/// The emulated ATT status, and the sessions waiting for the user to answer the prompt.
///
/// A struct over the engine's flags lock (``EngineFlags/tracking``): copies share the status and the
/// waiters, and an SDK needs no lock for them of its own.
struct TrackingGate: Sendable {
    /// The status and the sessions waiting for it.
    struct State: Sendable {
        var status = TrackingAuthorizationStatus.notDetermined
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let flags: Locked<EngineFlags>

    /// Creates a gate keeping its state in `flags`.
    init(flags: Locked<EngineFlags> = Locked(EngineFlags())) {
        self.flags = flags
    }

    /// Runs `body` on the gate's state, under the flags lock.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        flags.withLock { body(&$0.tracking) }
    }

    /// The current status; a change away from `.notDetermined` releases every waiter.
    var status: TrackingAuthorizationStatus {
        get { withState { $0.status } }
        nonmutating set {
            let released = withState { state -> [CheckedContinuation<Void, Never>] in
                state.status = newValue
                guard newValue.isDetermined else { return [] }
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in released { waiter.resume() }
        }
    }

    /// How many sessions are waiting for the answer right now.
    var waiterCount: Int { withState { $0.waiters.count } }

    /// Returns once the status is determined, or when the calling task is cancelled.
    func waitUntilDetermined() async {
        let id = withState { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = withState { state -> Bool in
                    if state.status.isDetermined || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            withState { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
