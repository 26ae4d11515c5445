import Foundation
import OneLinkEmulator
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test("waitForSleepers returns once the given number of tasks sleep, and advancing wakes them in order")
    func waitForSleepers() async throws {
        let clock = ManualClock()
        await clock.waitForSleepers(count: 0)
        let late = Task { () -> Date in
            try await clock.sleep(until: ManualClock.defaultStart.addingTimeInterval(2))
            return clock.now
        }
        let early = Task { () -> Date in
            try await clock.sleep(until: ManualClock.defaultStart.addingTimeInterval(1))
            return clock.now
        }
        await clock.waitForSleepers(count: 2)
        #expect(clock.sleeperCount == 2)
        #expect(clock.nextDeadline == ManualClock.defaultStart.addingTimeInterval(1))
        clock.advance(by: .seconds(1))
        #expect(try await early.value == ManualClock.defaultStart.addingTimeInterval(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(5))
        #expect(try await late.value == ManualClock.defaultStart.addingTimeInterval(6))
        #expect(clock.sleeperCount == 0)
    }

    @Test("advance never moves the clock backwards, and a cancelled sleeper throws and leaves")
    func neverBackwardsAndCancellation() async {
        let clock = ManualClock()
        clock.advance(to: ManualClock.defaultStart.addingTimeInterval(-60))
        #expect(clock.now == ManualClock.defaultStart)
        let sleeper = Task { try await clock.sleep(until: ManualClock.defaultStart.addingTimeInterval(10)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
