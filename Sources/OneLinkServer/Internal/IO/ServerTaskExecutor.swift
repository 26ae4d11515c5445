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
final class ServerTaskExecutor: TaskExecutor, Sendable {
    /// The process-wide executor; its thread starts on first use and lives as long as the process.
    static let shared = ServerTaskExecutor()

    /// The jobs not yet run.
    private let jobs = Locked<[UnownedJob]>([])
    /// Signalled once per job enqueued; the thread waits on it while no job is queued.
    private let arrivals = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "OneLinkServer requests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        arrivals.signal()
    }

    private func run() {
        while true {
            arrivals.wait()
            // A batch may hold jobs whose signals are still pending; those waits then find no job.
            let batch = jobs.withLock { jobs in
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
