import Foundation

// Public imports: `Locked` is inlinable, so other modules of the package specialise it for their
// own states, and its inlined code calls the platform's lock functions.
#if canImport(Darwin)
    public import Darwin
#elseif canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// A value guarded by a lock: the one place shared mutable state lives, for every module of the package.
///
/// The state and the platform's plain lock (`os_unfair_lock` on Apple
/// platforms, `pthread_mutex_t` elsewhere) share one allocation, a
/// `ManagedBuffer` whose element is the lock, so the lock's address never
/// moves. `Synchronization.Mutex` would need macOS 15 / iOS 18, and on Linux
/// its closure-based API costs a call and a generic copy per use; an SDK
/// instance holds about a dozen of these, and replay makes an SDK per
/// wiring-check path. `Locked` is a reference: copies share one state and one
/// lock. The semantics are `NSLock`'s: not recursive, and unlocked by the
/// thread that locked it.
///
/// It is `Sendable` only when its state is. No user code (a delegate, a
/// backend, a completion handler) runs inside ``withLock(_:)``: take what is
/// needed, leave the lock, then call out.
///
/// Lock order, where locks nest: an SDK's action-queue lock (checking what
/// `settle()` and the other waits wait for) may take its deadline runner's
/// lock (the schedule lock the runner shares with its engine), a virtual
/// clock's lock (to count sleepers) and the ATT gate's lock,
/// never the reverse; no other lock is taken while one is held.
@usableFromInline package struct Locked<State> {
    @usableFromInline let storage: LockedStorage<State>

    // An autoclosure, so a state built in the call (`Locked(State())`) is built in its place in the
    // buffer: taken as a value, it was copied in and the original destroyed, which cost an SDK's
    // thirty-odd-field configuration a retain and a release per field.
    @inlinable package init(_ state: @autoclosure () -> State) {
        storage = LockedStorage.make(state)
    }

    @inlinable package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, lock in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&state.pointee)
        }
    }

    @inlinable package var value: State {
        withLock { $0 }
    }

    /// The part of the state at `keyPath`, read or written under the lock: a property's accessors in one line.
    @inlinable package subscript<Value>(keyPath: WritableKeyPath<State, Value>) -> Value {
        get { withLock { $0[keyPath: keyPath] } }
        nonmutating set { withLock { $0[keyPath: keyPath] = newValue } }
    }
}

// @unchecked because every access to the state goes through the lock; the conformance is conditional,
// so state that is not itself Sendable (delegates, closures) cannot be shared across threads unnoticed.
extension Locked: @unchecked Sendable where State: Sendable {}

/// One allocation holding a ``Locked``'s state (the header) and its lock (the one element).
@usableFromInline final class LockedStorage<State>: ManagedBuffer<State, PlatformLock.Primitive> {
    @inlinable static func make(_ state: () -> State) -> LockedStorage<State> {
        let buffer = create(minimumCapacity: 1) { _ in state() }
        buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
        // `create` allocates an instance of the class it is called on.
        return unsafeDowncast(buffer, to: LockedStorage<State>.self)
    }

    // The header is a stored property that Swift destroys itself; only the element is ours to end.
    deinit {
        withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
    }
}

/// The platform's plain mutex, operated in place.
@usableFromInline enum PlatformLock {
    #if canImport(Darwin)
        @usableFromInline typealias Primitive = os_unfair_lock
    #else
        @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @inlinable static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
        #else
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        #endif
    }

    @inlinable static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
        #else
            pthread_mutex_lock(lock)
        #endif
    }

    @inlinable static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            os_unfair_lock_unlock(lock)
        #else
            pthread_mutex_unlock(lock)
        #endif
    }

    @inlinable static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
    }
}
