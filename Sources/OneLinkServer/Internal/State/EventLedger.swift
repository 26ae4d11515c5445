import Foundation
import OneLinkEmulator
import OneLinkSupport

/// Every in-app event the server accepted, the SDK's and the S2S API's alike, with its source, so the
/// Pull API can report them (the Test Console's ``LaunchMemory`` keeps the SDK's only).
///
/// Bounded: beyond ``limit`` events the oldest is forgotten (a ring, so recording stays O(1)).
final class EventLedger: Sendable {
    /// Where an event came from: the raw-data reports' `Event Source`.
    enum Source: String, Sendable, Hashable {
        case sdk = "SDK"
        case s2s = "S2S"
    }

    /// One accepted event.
    struct Entry: Sendable, Hashable {
        var event: InAppEvent
        var source: Source
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        var start = 0
    }

    let limit: Int
    private let state = Locked(State())

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// Remembers `event`, forgetting the oldest when ``limit`` are kept.
    func remember(_ event: InAppEvent, source: Source) {
        let entry = Entry(event: event, source: source)
        state.withLock { state in
            if state.entries.count < limit {
                state.entries.append(entry)
            } else {
                state.entries[state.start] = entry
                state.start = (state.start + 1) % state.entries.count
            }
        }
    }

    /// The events of `appID` (with or without its `id` prefix), oldest recorded first.
    func entries(appID: String) -> [Entry] {
        let app = Self.bare(appID)
        let ordered = state.withLock { Array($0.entries[$0.start...] + $0.entries[..<$0.start]) }
        return ordered.filter { Self.bare($0.event.appID) == app }
    }

    /// Forgets the events of `deviceID`.
    func forget(deviceID: String) {
        state.withLock { state in
            let kept = Array(state.entries[state.start...] + state.entries[..<state.start]).filter {
                $0.event.deviceID != deviceID
            }
            state = State(entries: kept, start: 0)
        }
    }

    /// Forgets every event.
    func forgetAll() {
        state.withLock { $0 = State() }
    }

    private static func bare(_ appID: String) -> String {
        appID.hasPrefix("id") ? String(appID.dropFirst(2)) : appID
    }
}
