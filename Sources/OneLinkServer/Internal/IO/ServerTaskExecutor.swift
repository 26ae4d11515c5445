import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Runs the servers' request tasks on one thread of their own instead of the shared concurrency pool.
///
/// Why: a test suite that keeps the cooperative pool busy (thousands of
/// short tasks, or a test that blocks a pool thread) would otherwise hold up
/// every answer the server computes in a task, until the clients' read
/// timeouts fire. Request handlers only await; they never block, so one
/// thread serves every server in the process.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
// @unchecked because the job queue is guarded by its condition lock and the thread is started once.
final class ServerTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The process-wide executor; its thread starts on first use and lives as long as the process.
    static let shared = ServerTaskExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "OneLinkServer requests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
