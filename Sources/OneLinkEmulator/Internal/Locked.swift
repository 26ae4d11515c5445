import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc) || canImport(Musl)
    import Synchronization
#endif

/// A value guarded by a lock: the one place shared mutable state lives, for every module of the package.
///
/// On Linux the lock is a `Synchronization.Mutex` stored in the object, so a
/// `Locked` is one allocation (an SDK instance holds about twenty of these,
/// and replay makes an SDK per wiring-check path). `Mutex` needs macOS 15 /
/// iOS 18, so on Apple platforms the lock is an `os_unfair_lock` in memory of
/// its own, whose address never moves. The semantics are `NSLock`'s: not
/// recursive, and unlocked by the thread that locked it.
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
    #if canImport(Glibc) || canImport(Musl)
        private let mutex = Mutex(())
    #else
        private let lock = PlatformLock()
    #endif
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    #if canImport(Glibc) || canImport(Musl)
        package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
            // Mutex hands its closure's result back as `sending`, which a value read from the
            // guarded state is not; the result leaves through a local instead, after the unlock.
            nonisolated(unsafe) var result: Result?
            try mutex.withLock { _ in result = try body(&state) }
            return result.unsafelyUnwrapped
        }
    #else
        deinit {
            lock.destroy()
        }

        package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&state)
        }
    #endif

    package var value: State {
        withLock { $0 }
    }

    /// The part of the state at `keyPath`, read or written under the lock: a property's accessors in one line.
    package subscript<Value>(keyPath: WritableKeyPath<State, Value>) -> Value {
        get { withLock { $0[keyPath: keyPath] } }
        set { withLock { $0[keyPath: keyPath] = newValue } }
    }
}

// @unchecked because every access to `state` goes through the lock; the conformance is conditional, so
// state that is not itself Sendable (delegates, closures) cannot be shared across threads unnoticed.
extension Locked: @unchecked Sendable where State: Sendable {}

#if !(canImport(Glibc) || canImport(Musl))
    /// The platform's plain mutex, in memory of its own so its address never moves.
    private struct PlatformLock {
        #if canImport(Darwin)
            private let mutex: UnsafeMutablePointer<os_unfair_lock>
        #else
            private let mutex = NSLock()
        #endif

        init() {
            #if canImport(Darwin)
                mutex = .allocate(capacity: 1)
                mutex.initialize(to: os_unfair_lock())
            #endif
        }

        func lock() {
            #if canImport(Darwin)
                os_unfair_lock_lock(mutex)
            #else
                mutex.lock()
            #endif
        }

        func unlock() {
            #if canImport(Darwin)
                os_unfair_lock_unlock(mutex)
            #else
                mutex.unlock()
            #endif
        }

        /// Frees the mutex; called once, by the owning ``Locked``'s deinit.
        func destroy() {
            #if canImport(Darwin)
                mutex.deinitialize(count: 1)
                mutex.deallocate()
            #endif
        }
    }
#endif
