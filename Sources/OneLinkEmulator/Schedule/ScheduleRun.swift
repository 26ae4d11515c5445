import OneLinkSupport

/// One run's choice points: the schedule it follows, the choices it explores, and the points it met, in order.
///
/// The engine asks it at each point (``choose(_:label:alternatives:)``); a replay asks it for
/// the points of its own (app events, release quirks) before the SDK's. A point the schedule
/// names takes that alternative; another point of an explored choice takes what the sampler
/// picks, or the default; a point of a choice that is neither explored nor named takes the
/// default and is not recorded. Explorers in the package read ``points`` after the run.
package final class ScheduleRun: Sendable {
    private struct State: Sendable {
        var points: [SDKSchedule.Point] = []
        var counts: [SDKScheduleChoice: Int] = [:]
        var sampler: ScheduleSampler?
    }

    /// The decisions this run follows.
    package let schedule: SDKSchedule
    /// The choices whose points are recorded and, with a sampler, picked at random.
    package let explored: Set<SDKScheduleChoice>
    /// Whether a latency point offers `timedOut` (``SDKScheduleChoice/Group/timeouts``), besides a schedule that names it.
    package let offersTimeouts: Bool
    private let state: Locked<State>

    /// Creates a run that follows `schedule`, records the points of `explored` choices and lets `sampler` pick their alternatives.
    package init(
        schedule: SDKSchedule, explored: Set<SDKScheduleChoice> = [], offersTimeouts: Bool = false,
        sampler: ScheduleSampler? = nil
    ) {
        self.schedule = schedule
        self.explored = explored
        self.offersTimeouts = offersTimeouts
        state = Locked(State(sampler: sampler))
    }

    /// The alternatives a point of `choice` offers: all of them, but an explored latency without timeouts stops at `lateAnswer`.
    package func alternatives(of choice: SDKScheduleChoice) -> [String] {
        let all = choice.alternatives
        guard choice.group == .latencies, explored.contains(choice), !offersTimeouts else { return all }
        return all.filter { $0 != "timedOut" }
    }

    /// The points met so far, in order.
    package var points: [SDKSchedule.Point] { state.withLock { $0.points } }

    /// The schedule of the points met so far: what replays this run.
    package var followed: SDKSchedule { SDKSchedule(points: points) }

    /// The alternative a point takes, as an index into `alternatives` (the default first).
    ///
    /// - Parameter label: The point's label; `nil` numbers the choice's points in the order they are met (`1`, `2`, ...).
    package func choose(_ choice: SDKScheduleChoice, label: String? = nil, alternatives: [String]) -> Int {
        state.withLock { state in
            let label =
                label
                ?? {
                    state.counts[choice, default: 0] += 1
                    return String(state.counts[choice]!)
                }()
            guard alternatives.count > 1 else { return 0 }
            let named = schedule.alternative(for: choice, label: label).flatMap(alternatives.firstIndex(of:))
            guard named != nil || explored.contains(choice) else { return 0 }
            let chosen = named ?? state.sampler?.pick(choice, alternatives: alternatives) ?? 0
            state.points.append(
                SDKSchedule.Point(choice: choice, label: label, alternatives: alternatives, chosen: chosen))
            return chosen
        }
    }
}
