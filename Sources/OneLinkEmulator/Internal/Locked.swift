import Foundation

/// A value guarded by a lock: the one place shared mutable state lives.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; `NSLock` keeps the
/// package portable to older Apple platforms with the same semantics.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    var value: State {
        withLock { $0 }
    }
}
