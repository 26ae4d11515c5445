import Foundation

/// A value guarded by a lock: the one place shared mutable state lives, for every module of the package.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; `NSLock` keeps the
/// package portable to older Apple platforms with the same semantics.
package final class Locked<State>: @unchecked Sendable {
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
