import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("ManualClock", .timeLimit(.minutes(5)))
struct ManualClockTests {
    /// A task that sleeps until `deadline` and returns the time it reads when woken, watched by `worker`.
    static func sleeper(on clock: ManualClock, until deadline: Date, worker: Worker) -> Task<Date, any Error>
    {
        VirtualTime.$watcher.withValue(worker) {
            Task {
                defer { worker.park() }
                try await clock.sleep(until: deadline)
                return clock.now
            }
        }
    }

    /// A clock whose advances wait for `worker`'s tasks to park after each deadline.
    static func clock(waitingFor worker: Worker) -> ManualClock {
        let clock = ManualClock()
        _ = clock.addParticipant(
            VirtualTimeParticipant(sleepersChanged: {}, settle: { await worker.waitUntilParked() }))
        return clock
    }

    @Test(
        "waitForSleepers returns once the given number of tasks sleep, and advancing wakes each at its deadline"
    )
    func waitForSleepers() async throws {
        let worker = Worker()
        let clock = Self.clock(waitingFor: worker)
        let start = ManualClock.defaultStart
        await clock.waitForSleepers(count: 0)
        let late = Self.sleeper(on: clock, until: start.addingTimeInterval(2), worker: worker)
        let early = Self.sleeper(on: clock, until: start.addingTimeInterval(1), worker: worker)
        await clock.waitForSleepers(count: 2)
        #expect(clock.sleeperCount == 2)
        #expect(clock.nextDeadline == start.addingTimeInterval(1))
        await clock.advance(by: .seconds(1))
        #expect(try await early.value == start.addingTimeInterval(1))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(5))
        #expect(try await late.value == start.addingTimeInterval(2), "woken at its own deadline")
        #expect(clock.now == start.addingTimeInterval(6))
        #expect(clock.sleeperCount == 0)
    }

    @Test("advance never moves the clock backwards, and a cancelled sleeper throws and leaves")
    func neverBackwardsAndCancellation() async {
        let clock = ManualClock()
        await clock.advance(to: ManualClock.defaultStart.addingTimeInterval(-60))
        #expect(clock.now == ManualClock.defaultStart)
        let sleeper = Task { try await clock.sleep(until: ManualClock.defaultStart.addingTimeInterval(10)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test(
        "advance steps through deadlines in order: each sleeper reads its own deadline, and the clock ends at the target"
    )
    func stepsThroughDeadlines() async throws {
        let worker = Worker()
        let clock = Self.clock(waitingFor: worker)
        let start = ManualClock.defaultStart
        let sleepers = [0.7, 0.12, 0.3].map {
            Self.sleeper(on: clock, until: start.addingTimeInterval($0), worker: worker)
        }
        await clock.waitForSleepers(count: 3)
        await clock.advance(by: .milliseconds(500))
        #expect(clock.now == start.addingTimeInterval(0.5))
        #expect(try await sleepers[1].value == start.addingTimeInterval(0.12))
        #expect(try await sleepers[2].value == start.addingTimeInterval(0.3))
        #expect(clock.sleeperCount == 1, "the 700 ms sleeper is still waiting")
        await clock.advance(by: .milliseconds(200))
        #expect(try await sleepers[0].value == start.addingTimeInterval(0.7))
    }

    /// A participant that knows when the worker task it watches is parked: sleeping on the clock, or done.
    final class Worker: VirtualSleepWatcher {
        private struct State {
            var running = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        private let state = Locked(State())

        func suspended(_ kind: VirtualSleep) { park() }
        func resumed(_ kind: VirtualSleep) { state.withLock { $0.running = true } }

        func park() {
            let waiters = state.withLock { state in
                state.running = false
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }

        func waitUntilParked() async {
            await withCheckedContinuation { continuation in
                let parked = state.withLock { state in
                    if !state.running { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if parked { continuation.resume() }
            }
        }
    }

    @Test("sleeps that woken work starts within the window are honoured in order, each at its own deadline")
    func chainedSleeps() async throws {
        let clock = ManualClock()
        let start = ManualClock.defaultStart
        let worker = Worker()
        let participant = clock.addParticipant(
            VirtualTimeParticipant(sleepersChanged: {}, settle: { await worker.waitUntilParked() }))
        defer { clock.removeParticipant(participant) }
        let seen = Locked<[Date]>([])
        let chain = VirtualTime.$watcher.withValue(worker) {
            Task {
                for step in [120, 100, 100] {
                    try await clock.sleep(for: .milliseconds(step))
                    seen.withLock { $0.append(clock.now) }
                }
                worker.park()
            }
        }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(500))
        try await chain.value
        #expect(seen.value == [0.12, 0.22, 0.32].map { start.addingTimeInterval($0) })
        #expect(clock.now == start.addingTimeInterval(0.5))
    }

    @Test("with no deadline on the way, advance just moves the clock and leaves no sleeper")
    func noDeadlineMovesAtOnce() async {
        let clock = ManualClock()
        await clock.advance(by: .seconds(4))
        #expect(clock.now == ManualClock.defaultStart.addingTimeInterval(4))
        #expect(clock.suspended == VirtualSleepers())
    }
}
