import Foundation

/// The load benchmarks' clients: one blocking thread per connection, as a load generator runs them.
enum ClientThreads {
    /// Runs `body(worker)` for each worker in `0..<count`, each on a thread of its own with a 1 MiB
    /// stack, and returns when every one has finished.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for worker in 0..<count {
            group.enter()
            let thread = Thread {
                body(worker)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }
}
