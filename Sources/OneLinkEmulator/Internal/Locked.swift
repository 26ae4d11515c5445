import Foundation

/// A value guarded by a lock: the one place shared mutable state lives, for every module of the package.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; `NSLock` keeps the
/// package portable to older Apple platforms with the same semantics.
///
/// It is `Sendable` only when its state is. No user code (a delegate, a
/// backend, a completion handler) runs inside ``withLock(_:)``: take what is
/// needed, leave the lock, then call out.
///
/// Lock order, where locks nest: an SDK's action-queue lock (checking what
/// `settle()` and the other waits wait for) may take its deadline runner's
/// lock, a virtual clock's lock (to count sleepers) and the ATT gate's lock,
/// never the reverse; no other lock is taken while one is held.
package final class Locked<State> {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    package var value: State {
        withLock { $0 }
    }
}

// @unchecked because every access to `state` goes through `lock`; the conformance is conditional, so
// state that is not itself Sendable (delegates, closures) cannot be shared across threads unnoticed.
extension Locked: @unchecked Sendable where State: Sendable {}
