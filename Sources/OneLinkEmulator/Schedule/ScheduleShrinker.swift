/// Shrinks a failing schedule to the smallest one that still fails: the fewest decisions, then the earliest alternatives.
///
/// Greedy, as delta debugging's one-at-a-time pass: each decision is dropped (its point takes the
/// default) while the run still fails, then each remaining decision tries the alternatives before
/// it, first first. Every try is one run, at most `maxRuns` of them.
package enum ScheduleShrinker {
    /// The smallest failing schedule found from `failing`, whose run met `points`, and how many runs it took.
    ///
    /// - Parameter fails: Runs a schedule and says whether it failed, with the points it met.
    package static func shrink(
        _ failing: SDKSchedule, points: [SDKSchedule.Point], maxRuns: Int,
        fails: (SDKSchedule) async -> (failed: Bool, points: [SDKSchedule.Point])
    ) async -> (schedule: SDKSchedule, points: [SDKSchedule.Point], runs: Int) {
        var current = failing
        var currentPoints = points
        var runs = 0
        var dropped = true
        while dropped, runs < maxRuns {
            dropped = false
            for decision in current.decisions where runs < maxRuns {
                let candidate = current.removing(decision)
                runs += 1
                let outcome = await fails(candidate)
                if outcome.failed {
                    current = SDKSchedule(points: outcome.points)
                    currentPoints = outcome.points
                    dropped = true
                    break
                }
            }
        }
        for decision in current.decisions where runs < maxRuns {
            guard
                let point = currentPoints.first(where: {
                    $0.choice == decision.choice && $0.label == decision.label
                }),
                let index = point.alternatives.firstIndex(of: decision.alternative), index > 1
            else { continue }
            for earlier in 1..<index where runs < maxRuns {
                let candidate = current.adding(
                    SDKSchedule.Decision(decision.choice, decision.label, point.alternatives[earlier]))
                runs += 1
                let outcome = await fails(candidate)
                if outcome.failed {
                    current = SDKSchedule(points: outcome.points)
                    currentPoints = outcome.points
                    break
                }
            }
        }
        return (current, currentPoints, runs)
    }
}
