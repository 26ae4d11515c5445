import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock: the one place shared mutable state lives, for every module of the package.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, so the lock is the
/// platform's own: `os_unfair_lock` on Apple platforms and a
/// `pthread_mutex_t` elsewhere, each in one allocation of its own (an
/// `NSLock` on Linux costs several, and an SDK instance holds about twenty
/// of these). The semantics are `NSLock`'s: not recursive, and unlocked by
/// the thread that locked it.
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
    private let lock = PlatformLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    deinit {
        lock.destroy()
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    package var value: State {
        withLock { $0 }
    }

    /// The part of the state at `keyPath`, read or written under the lock: a property's accessors in one line.
    package subscript<Value>(keyPath: WritableKeyPath<State, Value>) -> Value {
        get { withLock { $0[keyPath: keyPath] } }
        set { withLock { $0[keyPath: keyPath] = newValue } }
    }
}

// @unchecked because every access to `state` goes through `lock`; the conformance is conditional, so
// state that is not itself Sendable (delegates, closures) cannot be shared across threads unnoticed.
extension Locked: @unchecked Sendable where State: Sendable {}

/// The platform's plain mutex, in memory of its own so its address never moves.
private struct PlatformLock {
    #if canImport(Darwin)
        private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(Glibc) || canImport(Musl)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let mutex = NSLock()
    #endif

    init() {
        #if canImport(Darwin)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
    }

    func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_lock(mutex)
        #else
            mutex.lock()
        #endif
    }

    func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_unlock(mutex)
        #else
            mutex.unlock()
        #endif
    }

    /// Frees the mutex; called once, by the owning ``Locked``'s deinit.
    func destroy() {
        #if canImport(Darwin)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        #endif
    }
}
