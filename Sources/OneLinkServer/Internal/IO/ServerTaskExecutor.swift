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

    private struct Queue {
        var jobs: [UnownedJob] = []
        /// Whether the thread found no job and waits on `wake`: the next enqueue signals it, once.
        var sleeping = false
    }

    private let queue = Locked(Queue())
    /// Signalled by the enqueue that finds the thread asleep.
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "OneLinkServer requests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let wakes = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wakes { wake.signal() }
    }

    private func run() {
        while true {
            let batch = queue.withLock { queue -> [UnownedJob] in
                defer { queue.jobs.removeAll(keepingCapacity: true) }
                queue.sleeping = queue.jobs.isEmpty
                return queue.jobs
            }
            if batch.isEmpty {
                wake.wait()
                continue
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
