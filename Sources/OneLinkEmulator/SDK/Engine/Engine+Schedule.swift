import Foundation
import OneLinkSupport

/// The schedule's run, and the process's state for its delivery choices.
struct ScheduledDelivery: Sendable {
    /// The run whose schedule decides the choice points; `nil` takes every default.
    var run: ScheduleRun?
    /// Whether a session of this process has delivered its callbacks: a link before that opened a cold start.
    var sessionDelivered = false
    /// A link's callbacks a schedule handed to the session queued next, delivered after the session's.
    var heldLinkEvents: [AppsFlyerEvent] = []
    /// The deadline runner's calls in flight, under this lock too (see ``Deadlines/Calls``).
    var deadlineCalls = Deadlines.Calls()
    /// The SDK 7 session readiness (``Engine/sessionReadiness``), under this lock too.
    var readiness = SessionReadinessState()
}

// The choice points of a schedule (`AppsFlyerLib.schedule`, `Docs/behaviour.md` "Schedules"). With
// the default schedule every point takes its first alternative, which is what the engine did before.
extension Engine {
    /// The run whose schedule decides the choice points (``AppsFlyerLib/schedule``); `nil` takes every default.
    var scheduleRun: ScheduleRun? { scheduled.withLock { $0.run } }

    /// The alternative a schedule takes at the next point of `choice`: an index into its alternatives, 0 (the default) without a schedule.
    func choose(_ choice: SDKScheduleChoice) -> Int {
        guard let run = scheduleRun else { return 0 }
        let alternatives = choice.alternatives
        let chosen = run.choose(choice, alternatives: alternatives)
        if chosen != 0 { debug(.sdkSchedule, "\(choice): \(alternatives[chosen]) (the schedule)") }
        return chosen
    }

    /// A session's callbacks in the order the schedule says, and whether they wait behind the calls queued meanwhile.
    ///
    /// - `firstLaunchOrder`: a first launch's deferred deep-link result, then its conversion data,
    ///   or the other way round.
    /// - `linkSessionOrder`: a direct link queued while the session ran has its callback first
    ///   (behind it, as the queue runs it) or after the session's, which are delivered at once; a
    ///   link's callbacks held for this session come after the session's.
    func scheduledSessionDelivery(
        _ outcome: SessionOutcome
    ) -> (events: [AppsFlyerEvent], afterQueuedCalls: Bool) {
        // Without a schedule every point takes its default: the session's callbacks as they are.
        guard scheduleRun != nil else { return (outcome.events, outcome.afterQueuedCalls) }
        var events = outcome.events
        if events.count == 2, case .deepLink = events[0], events[1].isConversionData,
            choose(.firstLaunchOrder) == 1
        {
            events.swapAt(0, 1)
        }
        var afterQueuedCalls = outcome.afterQueuedCalls
        if afterQueuedCalls, !events.isEmpty, queue.containsPending(where: { $0.isDirectLink }),
            choose(.linkSessionOrder) == 1
        {
            afterQueuedCalls = false
        }
        let held = scheduled.withLock { state -> [AppsFlyerEvent] in
            defer { state.heldLinkEvents = [] }
            return state.heldLinkEvents
        }
        return (events + held, afterQueuedCalls)
    }

    /// Whether a link's callbacks wait for the session queued right behind it (`linkSessionOrder`'s second alternative): only when `start()` is the next command and no other link waits, so links keep their order.
    func holdForNextSession(_ events: [AppsFlyerEvent]) -> Bool {
        guard !events.isEmpty, scheduleRun != nil, case .action(.start)? = queue.nextPending,
            !queue.containsPending(where: { $0.isDirectLink }), choose(.linkSessionOrder) == 1
        else { return false }
        scheduled.withLock { $0.heldLinkEvents += events }
        return true
    }
}

extension AppsFlyerEvent {
    /// Whether the event is a conversion-data callback, success or failure.
    var isConversionData: Bool {
        switch self {
        case .conversionDataSuccess, .conversionDataFail: return true
        default: return false
        }
    }
}
