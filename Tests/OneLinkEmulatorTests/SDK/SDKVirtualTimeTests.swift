import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("Virtual time: stepped advances and other virtual clocks", .timeLimit(.minutes(5)))
struct SDKVirtualTimeTests {
    static let short = "https://onelink-basic-app.onelink.me/H5hv/abc"
    static let start = ManualClock.defaultStart

    @Test("a resolver answering after 120 ms is logged as taking 120 ms when the test advances by 500 ms")
    func delayWithinALongerAdvance() async {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let resolver = InMemoryShortLinkResolver(
            links: ["H5hv/abc": ["deep_link_value": "x"]], behavior: .delayed(.milliseconds(120)),
            clock: clock)
        let sdk = AppsFlyerLib(shortLinkResolver: resolver, clock: clock, logSink: log)
        sdk.isDebug = true
        sdk.submit(.universalLink(Self.short))
        await sdk.settle()
        await clock.advance(by: .milliseconds(500))
        #expect(sdk.deliveredEvents.first?.payload?["deep_link_value"] == "x", "delivered within the advance")
        let answered = log.entries.first { $0.rule == .linkShortLink }
        #expect(answered?.message == "answered")
        #expect(answered?.duration == .milliseconds(120))
        #expect(answered?.time == Self.start.addingTimeInterval(0.12))
        #expect(clock.now == Self.start.addingTimeInterval(0.5))
        #expect(clock.sleeperCount == 0)
    }

    @Test(
        "calls that woken work makes within the window are stepped through in order: launch at 120 ms, conversion data at 240 ms"
    )
    func chainedCallsWithinOneAdvance() async {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let sdk = AppsFlyerLib(
            conversionDataSource: InMemoryConversionDataSource(
                attribution: .organic, behavior: .delayed(.milliseconds(120)), clock: clock),
            launchRecorder: InMemoryLaunchRecorder(behavior: .delayed(.milliseconds(120)), clock: clock),
            clock: clock, logSink: log)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.isDebug = true
        sdk.submit(.start)
        await sdk.settle()
        await clock.advance(by: .milliseconds(500))
        await sdk.waitUntilIdle()
        let timed = log.entries.filter { $0.duration != nil }
        #expect(timed.map(\.rule) == [.sessionLaunch, .conversionFetch])
        #expect(timed.map(\.duration) == [.milliseconds(120), .milliseconds(120)])
        #expect(timed.map(\.time) == [0.12, 0.24].map { Self.start.addingTimeInterval($0) })
        #expect(sdk.deliveredEvents.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(clock.now == Self.start.addingTimeInterval(0.5))
    }

    @Test(
        "the SDK works on any virtual clock: settle, timeouts and the participant go through the protocol only"
    )
    func anotherVirtualClock() async {
        let clock = TinyClock(start: Self.start)
        let sdk = AppsFlyerLib(
            shortLinkResolver: InMemoryShortLinkResolver(
                links: ["H5hv/abc": ["deep_link_value": "x"]], behavior: .stalled, clock: clock),
            clock: clock)
        #expect(clock.participantCount == 1)
        sdk.submit(.universalLink(Self.short))
        await sdk.settle()
        #expect(!sdk.isIdle, "blocked on the stalled resolver, which waits on the clock")
        #expect(clock.suspended == VirtualSleepers(work: 1, timers: 1))
        await clock.advance(to: Self.start.addingTimeInterval(3))
        #expect(
            sdk.deliveredEvents == [.appOpenAttributionFailure(.timedOut(milliseconds: 3000))],
            "the advance waited for the SDK to deliver the timeout")
        #expect(clock.suspended == VirtualSleepers(), "the stalled call was cancelled")
    }
}

/// The smallest virtual clock: an advance resumes every sleeper due at once, then waits for the participants.
final class TinyClock: VirtualClock {
    private struct Sleeper: Sendable {
        let deadline: Date
        let kind: VirtualSleep
        let watcher: (any VirtualSleepWatcher)?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var participants: [UInt64: VirtualTimeParticipant] = [:]
    }

    private let state: Locked<State>

    init(start: Date) { state = Locked(State(now: start)) }

    var now: Date { state.value.now }
    var participantCount: Int { state.value.participants.count }

    var suspended: VirtualSleepers {
        state.value.sleepers.values.reduce(into: VirtualSleepers()) { counts, sleeper in
            if sleeper.kind == .work { counts.work += 1 } else { counts.timers += 1 }
        }
    }

    func sleep(until deadline: Date) async throws { try await sleep(until: deadline, as: .work) }

    func sleep(until deadline: Date, as kind: VirtualSleep) async throws {
        let watcher = VirtualTime.watcher
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let participants = state.withLock { state in
                    state.sleepers[id] = Sleeper(
                        deadline: deadline, kind: kind, watcher: watcher, continuation: continuation)
                    return Array(state.participants.values)
                }
                watcher?.suspended(kind)
                for participant in participants { participant.sleepersChanged() }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.sleepers.removeValue(forKey: id) }
            cancelled?.watcher?.resumed(kind)
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    func advance(to date: Date) async {
        let (due, participants) = state.withLock { state in
            state.now = max(state.now, date)
            let due = state.sleepers.filter { $0.value.deadline <= date }
            for id in due.keys { state.sleepers[id] = nil }
            return (Array(due.values), Array(state.participants.values))
        }
        for sleeper in due {
            sleeper.watcher?.resumed(sleeper.kind)
            sleeper.continuation.resume()
        }
        for participant in participants {
            participant.sleepersChanged()
            await participant.settle()
        }
    }

    func addParticipant(_ participant: VirtualTimeParticipant) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.participants[state.nextID] = participant
            return state.nextID
        }
    }

    func removeParticipant(_ id: UInt64) {
        _ = state.withLock { $0.participants.removeValue(forKey: id) }
    }
}
