import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("ActionQueue")
struct ActionQueueTests {
    typealias Queue = ActionQueue<Int, String>

    /// Records what the worker ran, and whether two commands ever overlapped.
    final class Worker: Sendable {
        private struct State {
            var ran: [Int] = []
            var running = 0
            var overlapped = false
        }

        private let state = Locked(State())
        let queue: Queue

        init(_ queue: Queue) { self.queue = queue }

        var ran: [Int] { state.value.ran }
        var overlapped: Bool { state.value.overlapped }

        func start() {
            Task { await queue.drain { await self.run($0) } }
        }

        /// Runs the queue on the calling task, as the worker a caller asked for would.
        func drainHere() async {
            await queue.drain { await self.run($0) }
        }

        /// Runs the queue the caller claimed on enqueue, on the calling task.
        func drainClaimed() async {
            await queue.drainClaimed { await self.run($0) }
        }

        /// Claims the queue as a helper and runs it on the calling task; false when it could not claim it.
        func help() async -> Bool {
            guard queue.claimForHelping() else { return false }
            await queue.drainClaimed { await self.run($0) }
            return true
        }

        private func run(_ job: Queue.Job) async {
            state.withLock { state in
                state.running += 1
                if state.running > 1 { state.overlapped = true }
            }
            await Task.yield()
            state.withLock { state in
                state.ran.append(job.command)
                state.running -= 1
            }
            queue.collect(["ran \(job.command)"], for: job.group)
        }
    }

    @Test("commands run one at a time in queue order, and only the first enqueue asks for a worker")
    func serialInOrder() async {
        let queue = Queue()
        let worker = Worker(queue)
        var workersAsked = 0
        for command in 1...50 {
            if queue.enqueue(command).startWorker { workersAsked += 1 }
        }
        #expect(workersAsked == 1)
        #expect(!queue.isIdle)
        worker.start()
        await queue.waitUntilIdle()
        #expect(worker.ran == Array(1...50))
        #expect(!worker.overlapped)
        #expect(queue.isIdle)
        #expect(queue.enqueue(51).startWorker, "an idle queue asks for a new worker")
        worker.start()
        await queue.waitUntilIdle()
        #expect(worker.ran.last == 51)
    }

    @Test("a group's waiter gets the outputs of every command in the group, once the last one ran")
    func groupOutputs() async {
        let queue = Queue()
        let worker = Worker(queue)
        let outputs = await withUnsafeContinuation { continuation in
            let group = queue.enqueue(1, waiter: .outputs(continuation)).group
            queue.enqueue(2)
            queue.enqueue(3, into: group)
            worker.start()
        }
        #expect(outputs == ["ran 1", "ran 3"])
        await queue.waitUntilIdle()
        #expect(worker.ran == [1, 2, 3])
    }

    @Test("a finished waiter resumes once its command ran, after the commands queued before it")
    func finishedWaiter() async {
        let queue = Queue()
        let worker = Worker(queue)
        queue.enqueue(1)
        await withUnsafeContinuation { continuation in
            queue.enqueue(2, waiter: .finished(continuation))
            worker.start()
        }
        #expect(worker.ran == [1, 2])
    }

    @Test("containsPending sees queued commands, not the one running or done")
    func containsPending() async {
        let queue = Queue()
        queue.enqueue(1)
        queue.enqueue(2)
        #expect(queue.containsPending { $0 == 2 })
        #expect(!queue.containsPending { $0 == 3 })
        let seen = Locked<[Bool]>([])
        await queue.drain { job in
            seen.withLock { $0.append(queue.containsPending { $0 == job.command }) }
        }
        #expect(seen.value == [false, false])
        #expect(!queue.containsPending { _ in true })
    }

    @Test("waitUntil returns at once when the condition holds, else at the noteChange that makes it hold")
    func waitUntil() async {
        let queue = Queue()
        await queue.waitUntil(\.isIdle)
        let flag = Locked(false)
        let waiter = Task {
            await queue.waitUntil { _ in flag.value }
            return flag.value
        }
        queue.noteChange()
        flag.withLock { $0 = true }
        queue.noteChange()
        #expect(await waiter.value)
    }

    @Test(
        "a caller that claims on enqueue runs the queue itself and asks for no worker; while it runs, others do not claim"
    )
    func claimingOnEnqueue() async {
        let queue = Queue()
        let worker = Worker(queue)
        let first = queue.enqueue(1, claiming: true)
        #expect(first.claimed && !first.startWorker, "an idle queue is the caller's, without a worker")
        let second = queue.enqueue(2, claiming: true)
        #expect(!second.claimed && !second.startWorker, "the first caller holds the queue and runs 2 too")
        #expect(!queue.enqueue(3).startWorker, "nor does a plain enqueue ask for a worker while it is held")
        await worker.drainClaimed()
        #expect(worker.ran == [1, 2, 3])
        #expect(queue.isIdle)
        #expect(queue.enqueue(4).startWorker)
        #expect(
            queue.enqueue(5, claiming: true).claimed, "a worker asked for but not started yet is overtaken")
        await worker.drainClaimed()
        await worker.drainHere()
        #expect(worker.ran == [1, 2, 3, 4, 5], "the late worker finds nothing left")
    }

    @Test("a helper runs the queue in order; the worker asked for then finds nothing and runs nothing")
    func helperRunsBeforeTheWorker() async {
        let queue = Queue()
        let worker = Worker(queue)
        #expect(queue.enqueue(1).startWorker)
        #expect(!queue.enqueue(2).startWorker, "a worker is already asked for")
        #expect(await worker.help())
        #expect(worker.ran == [1, 2])
        #expect(queue.isIdle)
        #expect(!queue.claimForHelping(), "nothing is queued")
        #expect(!queue.enqueue(3).startWorker, "the worker asked for earlier has not started yet")
        await worker.drainHere()
        #expect(worker.ran == [1, 2, 3], "the late worker runs what was queued after the helper")
        await worker.drainHere()
        #expect(worker.ran == [1, 2, 3], "a worker that finds the queue empty runs nothing")
        #expect(queue.isIdle)
        #expect(queue.enqueue(4).startWorker, "with no worker left, the next enqueue asks for one")
    }

    @Test("while a helper holds the queue, nobody else can claim it and it runs what is queued meanwhile")
    func helperHoldsTheQueue() async {
        let queue = Queue()
        let ran = Locked<[Int]>([])
        let claims = Locked<[Bool]>([])
        queue.enqueue(1)
        #expect(queue.claimForHelping())
        await queue.drainClaimed { job in
            ran.withLock { $0.append(job.command) }
            if job.command == 1 {
                #expect(!queue.isIdle, "the command running counts as work")
                claims.withLock { $0.append(queue.claimForHelping()) }
                claims.withLock { $0.append(queue.enqueue(2).startWorker) }
            }
        }
        #expect(ran.value == [1, 2])
        #expect(claims.value == [false, false])
        #expect(queue.isIdle)
        await queue.drain { _ in Issue.record("the worker asked for at the first enqueue must find nothing") }
    }
}
