/// A one-shot meeting point between one waiting task and whatever ends its wait: a value, an error
/// (a deadline's, say) or the task's cancellation.
///
/// An outcome can arrive at any moment, and the wait still ends with it exactly once:
/// - before the waiter registers: the slot keeps it and delivers it at registration;
/// - while the waiter registers, or after: it resumes the waiter at once.
///
/// The first outcome wins; ``resolve(_:)`` returns `false` for every later one, so a deadline that
/// fires after the value arrived does nothing. Cancelling the waiting task is an outcome too:
/// `CancellationError`, whether the task was cancelled before ``value()``, while it registers, or
/// while it waits. A slot is awaited once.
///
/// ```swift
/// let slot = WaitSlot<Int>()
/// let deadline = Task {
///     try await Task.sleep(for: timeout)
///     slot.resolve(.failure(Timeout()))
/// }
/// defer { deadline.cancel() }
/// source.onValue { slot.resolve(.success($0)) }
/// return try await slot.value()
/// ```
///
/// The state is behind one `Locked`; continuations are resumed and hooks run outside it.
package final class WaitSlot<Value: Sendable>: Sendable {
    /// A point in ``value()`` where a test hook runs, on the waiting task, outside the lock.
    package enum Step: Sendable {
        /// Inside the continuation, just before the waiter takes the lock to register.
        case registering
        /// Just after the waiter registered, or took the outcome kept for it.
        case registered
    }

    private enum State: Sendable {
        /// No waiter yet; the outcome, if one arrived, is kept for it.
        case pending(Result<Value, any Error>?)
        case waiting(CheckedContinuation<Value, any Error>)
        /// The outcome went to the waiter.
        case delivered
    }

    private let state = Locked(State.pending(nil))
    private let hook: (@Sendable (Step, WaitSlot<Value>) -> Void)?

    /// Creates an empty slot.
    ///
    /// - Parameter hook: For tests: runs at each ``Step`` of ``value()`` with this slot, so a test
    ///   can resolve the slot or cancel the waiting task at exactly that point.
    package init(hook: (@Sendable (Step, WaitSlot<Value>) -> Void)? = nil) {
        self.hook = hook
    }

    /// Whether an outcome arrived, delivered or kept for the waiter.
    package var isResolved: Bool {
        state.withLock { state in
            switch state {
            case .pending(let outcome): return outcome != nil
            case .waiting: return false
            case .delivered: return true
            }
        }
    }

    /// Ends the wait with `outcome` unless it already has one; returns whether this outcome was taken.
    @discardableResult
    package func resolve(_ outcome: Result<Value, any Error>) -> Bool {
        let (taken, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            switch state {
            case .pending(nil):
                state = .pending(outcome)
                return (true, nil)
            case .waiting(let continuation):
                state = .delivered
                return (true, continuation)
            case .pending(.some), .delivered:
                return (false, nil)
            }
        }
        waiter?.resume(with: outcome)
        return taken
    }

    /// Waits for the outcome: returns the value, or throws the error or `CancellationError`.
    ///
    /// Call it once per slot.
    package func value() async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Value, any Error>) in
                hook?(.registering, self)
                let kept = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .pending(let outcome?):
                        state = .delivered
                        return outcome
                    case .pending(nil):
                        state = .waiting(continuation)
                        return nil
                    case .waiting, .delivered:
                        preconditionFailure("a WaitSlot is awaited once")
                    }
                }
                if let kept { continuation.resume(with: kept) }
                hook?(.registered, self)
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }
}
