import Foundation
import OneLinkSupport

/// The Pull API's rate limits, on the server's clock: raw-data calls per app, report and UTC day
/// (``PullReport/dailyQuota``); aggregate calls at most one a minute per app and report, and 24 a
/// UTC day per app for a date range of 3 days or more (help center article 207034366).
final class PullAPIQuota: Sendable {
    /// Aggregate calls an app gets per UTC day over date ranges of 3 days or more.
    static let aggregateDailyQuota = 24

    private struct State {
        var rawCalls: [String: Int] = [:]
        var aggregateCalls: [String: Int] = [:]
        var lastAggregateCall: [String: Date] = [:]
        var day = ""

        /// Starts a new day's counts when `day` is not the one counted.
        mutating func roll(to day: String) {
            guard day != self.day else { return }
            self = State(day: day)
        }
    }

    private let state = Locked(State())

    /// Counts a raw-data call; `false` (nothing counted) when the app's quota for the report is used up.
    func takeRaw(appID: String, report: PullReport, at now: Date) -> Bool {
        let day = Self.utcDay(now)
        return state.withLock { state in
            state.roll(to: day)
            let key = appID + "\n" + report.rawValue
            guard state.rawCalls[key, default: 0] < report.dailyQuota else { return false }
            state.rawCalls[key, default: 0] += 1
            return true
        }
    }

    /// Counts an aggregate call; `false` (nothing counted) within a minute of the last call of the
    /// same report, or past the daily quota for a range of `days` of 3 or more.
    func takeAggregate(appID: String, report: String, days: Int, at now: Date) -> Bool {
        let day = Self.utcDay(now)
        return state.withLock { state in
            state.roll(to: day)
            let key = appID + "\n" + report
            if let last = state.lastAggregateCall[key], now.timeIntervalSince(last) < 60 { return false }
            if days >= 3 {
                guard state.aggregateCalls[appID, default: 0] < Self.aggregateDailyQuota else { return false }
                state.aggregateCalls[appID, default: 0] += 1
            }
            state.lastAggregateCall[key] = now
            return true
        }
    }

    private static func utcDay(_ date: Date) -> String {
        String(Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }
}
