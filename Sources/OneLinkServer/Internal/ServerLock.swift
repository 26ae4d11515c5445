import Foundation

/// A value behind an `NSLock`; `Synchronization.Mutex` would need macOS 15 / iOS 18.
final class ServerLock<State>: @unchecked Sendable {
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
}
