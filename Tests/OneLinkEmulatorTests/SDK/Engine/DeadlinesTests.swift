import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("Deadlines", .timeLimit(.minutes(5)))
struct DeadlinesTests {
    /// A runner on a manual clock with a recording log, counting its change notifications.
    ///
    /// It joins the clock as the SDK does: an advance waits, at each deadline,
    /// until no call is in flight or every one waits on time again.
    struct Fixture {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let changes = Locked(0)
        let deadlines: Deadlines

        init() {
            let changes = changes
            let waits = CommandQueue()
            let deadlines = Deadlines(clock: clock, log: DebugLogger.alwaysOn(sink: log, clock: clock)) {
                changes.withLock { $0 += 1 }
                waits.noteChange()
            }
            self.deadlines = deadlines
            _ = clock.addParticipant(
                VirtualTimeParticipant(
                    sleepersChanged: { waits.noteChange() },
                    settle: { await waits.waitUntil { _ in deadlines.count == 0 || deadlines.waitOnTime } }))
        }

        var deadline: Date { clock.now.addingTimeInterval(1) }

        func run(
            _ behavior: InMemoryBehavior, deadline: Date? = nil
        ) async -> Result<String, AttributionError> {
            let clock = self.clock
            do throws(AttributionError) {
                return .success(
                    try await deadlines.run(
                        until: deadline ?? self.deadline, limitMilliseconds: 1000, backend: "Backend",
                        rule: .linkShortLink
                    ) {
                        try await behavior.apply(on: clock)
                        return "answer"
                    })
            } catch {
                return .failure(error)
            }
        }
    }

    @Test("an answer that needs no waiting wins without a timer and is logged as taking no time")
    func immediate() async {
        let fixture = Fixture()
        #expect(await fixture.run(.immediate) == .success("answer"))
        #expect(fixture.clock.sleeperCount == 0)
        #expect(fixture.deadlines.count == 0)
        #expect(fixture.log.entries.map(\.message) == ["answered"])
        #expect(fixture.log.entries.first?.duration == .zero)
        #expect(fixture.log.entries.first?.backend == "Backend")
        #expect(
            fixture.changes.value == 3,
            "a change when the call starts, when it has its answer and when it ends")
    }

    @Test(
        "a call still running at the deadline times out; its late answer is dropped and nothing is left on the clock"
    )
    func timeout() async {
        let fixture = Fixture()
        let call = Task { await fixture.run(.delayed(.seconds(2))) }
        await fixture.clock.waitForSleepers(count: 2)
        #expect(fixture.clock.suspended == VirtualSleepers(work: 1, timers: 1))
        #expect(fixture.deadlines.count == 1)
        #expect(fixture.deadlines.waitOnTime, "its timer is set and its work sleeps")
        await fixture.clock.advance(by: .seconds(1))
        #expect(await call.value == .failure(.timedOut(milliseconds: 1000)))
        #expect(fixture.clock.sleeperCount == 0, "the losing work was cancelled")
        #expect(!fixture.deadlines.waitOnTime)
        #expect(
            fixture.log.entries.last?.message == "no answer within 1000 ms; a late answer will be dropped")
    }

    @Test("an answer before the deadline wins, logged with the time it took on the clock")
    func answerInTime() async {
        let fixture = Fixture()
        let call = Task { await fixture.run(.delayed(.milliseconds(250))) }
        await fixture.clock.waitForSleepers(count: 2)
        await fixture.clock.advance(by: .milliseconds(900))
        #expect(await call.value == .success("answer"))
        #expect(fixture.log.entries.last?.duration == .milliseconds(250))
        #expect(fixture.clock.sleeperCount == 0, "the timer was cancelled")
    }

    @Test(
        "a call answered at once is logged as the same call made through a task, with no task, change or timer"
    )
    func answeredAtOnce() async {
        let fixture = Fixture()
        let operationRan = Locked(false)
        func run(
            _ answer: Result<String, any Error>?, deadline: Date? = nil
        ) async -> Result<String, AttributionError> {
            do throws(AttributionError) {
                return .success(
                    try await fixture.deadlines.run(
                        until: deadline ?? fixture.deadline, limitMilliseconds: 1000, backend: "Backend",
                        rule: .linkShortLink, immediate: { answer },
                        operation: {
                            {
                                operationRan.withLock { $0 = true }
                                return "through the task"
                            }
                        }))
            } catch {
                return .failure(error)
            }
        }
        #expect(await run(.success("at once")) == .success("at once"))
        #expect(fixture.log.entries.map(\.message) == ["answered"])
        #expect(fixture.log.entries.last?.duration == .zero)
        #expect(
            await run(.failure(AttributionError.httpStatus(code: 404, reason: "gone")))
                == .failure(.httpStatus(code: 404, reason: "gone")))
        #expect(fixture.log.entries.last?.message.hasPrefix("failed: ") == true)
        #expect(
            await run(.failure(AttributionError.timedOut(milliseconds: 5)))
                == .failure(.timedOut(milliseconds: 5)))
        #expect(fixture.log.entries.last?.message == "no answer within 5 ms; a late answer will be dropped")
        #expect(
            await run(.success("at once"), deadline: fixture.clock.now)
                == .failure(.timedOut(milliseconds: 1000)),
            "a deadline already passed wins before the backend is asked")
        #expect(!operationRan.value)
        #expect(fixture.changes.value == 0, "no call was ever in flight")
        #expect(fixture.clock.sleeperCount == 0)
        #expect(
            await run(nil) == .success("through the task"),
            "no answer at once: the call goes through the operation")
        #expect(operationRan.value)
    }

    @Test("a deadline already passed fails at once without calling; a failing call reports its own error")
    func passedAndFailing() async {
        let fixture = Fixture()
        #expect(
            await fixture.run(.immediate, deadline: fixture.clock.now)
                == .failure(.timedOut(milliseconds: 1000)))
        #expect(fixture.log.entries.last?.message == "deadline already passed before the call; timed out")
        #expect(fixture.changes.value == 0)
        let failure = await fixture.run(.failing(.sdkStopped))
        #expect(failure == .failure(.sdkStopped))
        #expect(fixture.log.entries.last?.message.hasPrefix("failed: ") == true)
    }

    @Test("a call whose work waits on something else than the clock waits on time once its timer is set")
    func externalWork() async {
        let fixture = Fixture()
        let gate = TrackingGate()
        let deadlines = fixture.deadlines
        let deadline = fixture.deadline
        let call = Task {
            try? await deadlines.run(
                until: deadline, limitMilliseconds: 1000, backend: "ATT prompt", rule: .attWait
            ) { await gate.waitUntilDetermined() }
        }
        await fixture.clock.waitForSleepers()
        #expect(fixture.clock.suspended == VirtualSleepers(work: 0, timers: 1))
        #expect(fixture.deadlines.waitOnTime)
        gate.status = .authorized
        await call.value
        #expect(fixture.deadlines.count == 0)
        #expect(fixture.clock.sleeperCount == 0)
    }
}
