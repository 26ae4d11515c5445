import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("CommandQueue", .timeLimit(.minutes(2)))
struct CommandQueueTests {
    /// A command the tests can tell apart: a session-ready check with `number` as its activation.
    static func command(_ number: UInt64) -> QueuedCommand {
        QueuedCommand(.sessionReadyCheck(activation: number), receivedAt: Date(), scope: nil)
    }

    static func number(of command: QueuedCommand) -> UInt64 {
        guard case .sessionReadyCheck(let number) = command.command else { return 0 }
        return number
    }

    /// Runs the queue as the engine does: a drainer task for each enqueue that asks for one, recording what ran and whether two commands ever overlapped.
    final class Drainer: Sendable {
        private struct State {
            var ran: [UInt64] = []
            var running = 0
            var overlapped = false
            var drainers = 0
        }

        private let state = Locked(State())
        let queue = CommandQueue()

        var ran: [UInt64] { state.value.ran }
        var overlapped: Bool { state.value.overlapped }
        var drainers: Int { state.value.drainers }

        /// Queues `number` and starts a drainer when the queue asks for one.
        func enqueue(
            _ number: UInt64, waiter: CheckedContinuation<[AppsFlyerEvent], Never>? = nil
        ) {
            guard queue.enqueue(CommandQueueTests.command(number), waiter: waiter) else { return }
            state.withLock { $0.drainers += 1 }
            Task { await queue.drain { await self.run($0) } }
        }

        private func run(_ command: QueuedCommand) async {
            state.withLock { state in
                state.running += 1
                if state.running > 1 { state.overlapped = true }
            }
            let number = CommandQueueTests.number(of: command)
            state.withLock { state in
                state.ran.append(number)
                state.running -= 1
            }
            queue.collect([.conversionDataFail(.sdkStopped)], for: command.group)
            if number < 1000, number % 10 == 3 {
                queue.appendStep(.sessionReadyCheck(activation: number + 1000), of: command)
            }
        }
    }

    @Test(
        "commands run one at a time in queue order, and only an enqueue on an idle queue asks for a drainer")
    func serialInOrder() async {
        let drainer = Drainer()
        for number in UInt64(1)...50 { drainer.enqueue(number * 10) }
        await drainer.queue.waitUntil(\.isIdle)
        #expect(drainer.ran == (UInt64(1)...50).map { $0 * 10 })
        #expect(!drainer.overlapped)
        #expect(drainer.drainers >= 1)
        #expect(drainer.queue.isIdle)
        let before = drainer.drainers
        drainer.enqueue(510)
        #expect(drainer.drainers == before + 1, "an idle queue asks for a new drainer")
        await drainer.queue.waitUntil(\.isIdle)
        #expect(drainer.ran.last == 510)
    }

    @Test(
        "a drainer that finds the queue empty gives it back under the enqueue's lock: the next enqueue asks again"
    )
    func releaseAndEnqueue() async {
        let queue = CommandQueue()
        #expect(queue.enqueue(Self.command(1)))
        #expect(!queue.enqueue(Self.command(2)), "the queue is held until its drainer gives it back")
        var asked: [Bool] = []
        await queue.drain { command in
            // Queued while the drainer runs: it runs them too, and nobody else is asked for.
            if Self.number(of: command) == 2 { asked.append(queue.enqueue(Self.command(3))) }
        }
        #expect(asked == [false])
        #expect(queue.isIdle)
        #expect(queue.enqueue(Self.command(4)), "after the release, an enqueue asks for a drainer")
        await queue.drain { _ in }
        #expect(queue.isIdle)
    }

    @Test(
        "a group's waiter gets the events of every command in the group, steps included, once the last one ran"
    )
    func groupEvents() async {
        let drainer = Drainer()
        let events = await withCheckedContinuation { continuation in
            drainer.enqueue(3, waiter: continuation)
            drainer.enqueue(4)
        }
        #expect(events.count == 2, "the command and the step it appended")
        await drainer.queue.waitUntil(\.isIdle)
        #expect(drainer.ran == [3, 4, 1003])
    }

    @Test("containsPending sees queued commands, not the one running or done")
    func containsPending() async {
        let queue = CommandQueue()
        _ = queue.enqueue(Self.command(1))
        _ = queue.enqueue(Self.command(2))
        #expect(queue.containsPending { if case .sessionReadyCheck(2) = $0 { true } else { false } })
        #expect(!queue.containsPending { if case .sessionReadyCheck(3) = $0 { true } else { false } })
        let seen = Locked<[Bool]>([])
        await queue.drain { command in
            let number = Self.number(of: command)
            seen.withLock {
                $0.append(
                    queue.containsPending { if case .sessionReadyCheck(number) = $0 { true } else { false } })
            }
        }
        #expect(seen.value == [false, false])
        #expect(!queue.containsPending { _ in true })
    }

    @Test("waitUntil returns at once when the condition holds, else at the noteChange that makes it hold")
    func waitUntil() async {
        let queue = CommandQueue()
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

    @Test("a change between a waiter's first check and its registration is not lost")
    func changeBeforeRegistration() async {
        let queue = CommandQueue()
        let flag = Locked(false)
        // The condition flips the flag itself the first time it is checked, as a change made by
        // another thread right after the quick check would: the check under the lock must see it.
        let checks = Locked(0)
        await queue.waitUntil { _ in
            let count = checks.withLock { count -> Int in
                count += 1
                return count
            }
            if count == 1 {
                flag.withLock { $0 = true }
                return false
            }
            return flag.value
        }
        #expect(checks.value == 2)
    }

    @Test("eight enqueuers at once: every command runs exactly once, one at a time, and every waiter returns")
    func concurrentEnqueuers() async {
        let drainer = Drainer()
        await withTaskGroup(of: Void.self) { group in
            for lane in UInt64(0)..<8 {
                group.addTask {
                    for index in UInt64(0)..<200 {
                        let number = (lane * 1000 + index) * 10
                        if index % 50 == 0 {
                            _ = await withCheckedContinuation { drainer.enqueue(number, waiter: $0) }
                        } else {
                            drainer.enqueue(number)
                        }
                    }
                }
            }
        }
        await drainer.queue.waitUntil(\.isIdle)
        #expect(drainer.ran.count == 1600)
        #expect(Set(drainer.ran).count == 1600)
        #expect(!drainer.overlapped)
        for lane in UInt64(0)..<8 {
            let ranInLane = drainer.ran.filter { $0 / 10_000 == lane }
            #expect(ranInLane == ranInLane.sorted(), "each enqueuer's commands keep their order")
        }
    }

    @Test(
        "a cancelled wait returns, whether cancelled before it starts, between its two checks, or while it waits"
    )
    func cancelledWaits() async {
        let queue = CommandQueue()
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await queue.waitUntil { _ in false }
        }
        await before.value
        // Cancelled by the first, quick check: the check under the lock sees it and does not register.
        let checks = Locked(0)
        let between = Task {
            await queue.waitUntil { _ in
                if checks.withLock({ count -> Int in
                    count += 1
                    return count
                }) == 1 {
                    withUnsafeCurrentTask { $0?.cancel() }
                }
                return false
            }
        }
        await between.value
        #expect(checks.value == 1, "the condition is not checked again once the task is cancelled")
        // Cancelled once registered: the condition signals its check under the lock, the registration.
        let (registered, signal) = AsyncStream.makeStream(of: Void.self)
        let after = Task {
            await queue.waitUntil { _ in
                signal.yield()
                return false
            }
        }
        var checked = 0
        for await _ in registered {
            checked += 1
            if checked == 2 { break }
        }
        after.cancel()
        await after.value
    }

    @Test("waitForSleepers returns when its task is cancelled, before or after it registers")
    func cancelledSleeperWait() async {
        let clock = ManualClock()
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await clock.waitForSleepers(count: 1)
        }
        await before.value
        let after = Task { await clock.waitForSleepers(count: 1) }
        after.cancel()
        await after.value
        #expect(clock.sleeperCount == 0)
    }
}
