import Foundation
import OneLinkSupport

/// The launches the server accepted, so the Test Console API can list each session.
///
/// Bounded: beyond ``limit`` launches the oldest is forgotten (a ring, so recording stays O(1)).
final class LaunchMemory: Sendable {
    /// One accepted launch request.
    struct Launch: Sendable, Hashable {
        /// The app ID of the request path.
        var appID: String
        /// The AppsFlyer ID (`appsflyer_id`) of the install that launched.
        var deviceID: String
        /// The session count (`counter`), 1 on the first launch.
        var counter: Int
        /// The `customer_user_id` the request carried.
        var customerUserID: String?
        /// When the server received it, on its clock.
        var time: Date
    }

    private struct State {
        /// The launches; once full, `start` is the oldest and each new one overwrites it.
        var ring: [Launch] = []
        var start = 0

        var ordered: [Launch] { Array(ring[start...] + ring[..<start]) }
    }

    let limit: Int
    private let state = Locked(State())

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// Remembers `launch`, forgetting the oldest one when ``limit`` are kept.
    func remember(_ launch: Launch) {
        state.withLock { state in
            if state.ring.count < limit {
                state.ring.append(launch)
            } else {
                state.ring[state.start] = launch
                state.start = (state.start + 1) % state.ring.count
            }
        }
    }

    /// The launches of `appID` (with or without its `id` prefix) from any of `deviceIDs`, oldest first.
    func launches(appID: String, deviceIDs: Set<String>) -> [Launch] {
        let app = Self.bare(appID)
        return state.withLock { $0.ordered }.filter {
            deviceIDs.contains($0.deviceID) && Self.bare($0.appID) == app
        }
    }

    /// How many launches are kept.
    var count: Int { state.withLock { $0.ring.count } }

    /// Forgets the launches of `deviceID`; whether there were any.
    @discardableResult
    func forget(deviceID: String) -> Bool {
        state.withLock { state in
            let kept = state.ordered.filter { $0.deviceID != deviceID }
            guard kept.count < state.ring.count else { return false }
            state = State(ring: kept, start: 0)
            return true
        }
    }

    /// Forgets every launch.
    func forgetAll() {
        state.withLock { $0 = State() }
    }

    private static func bare(_ appID: String) -> String {
        appID.hasPrefix("id") ? String(appID.dropFirst(2)) : appID
    }
}
