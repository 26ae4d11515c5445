import Foundation

/// Runs blocking work (a child process, a socket read) on a thread of its own, off the cooperative pool.
///
/// Tests run on the pool's few threads (two on a 2-core machine). A test that
/// blocks one, waiting for a child process for example, holds up every other
/// test's tasks, and the real-time deadlines of tests that talk to a server
/// then pass while nothing runs.
public func onThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
