import OneLinkSupport

/// The emulated ATT status, and the sessions waiting for the user to answer the prompt.
///
/// A struct over one ``Locked``: copies share the status and the waiters.
struct TrackingGate: Sendable {
    private struct State: Sendable {
        var status = TrackingAuthorizationStatus.notDetermined
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// The current status; a change away from `.notDetermined` releases every waiter.
    var status: TrackingAuthorizationStatus {
        get { state[\.status] }
        nonmutating set {
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.status = newValue
                guard newValue.isDetermined else { return [] }
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in released { waiter.resume() }
        }
    }

    /// How many sessions are waiting for the answer right now.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Returns once the status is determined, or when the calling task is cancelled.
    func waitUntilDetermined() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.status.isDetermined || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
