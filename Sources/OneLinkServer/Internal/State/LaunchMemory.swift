import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The launches and in-app events the server accepted from the SDK, so the Test Console API can list
/// each session and event the SDK sent (S2S events are not the SDK's and are not kept here).
///
/// Bounded: beyond ``limit`` launches, and separately ``limit`` events, the oldest is forgotten (a
/// ring, so recording stays O(1)).
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

    /// A bounded list: once full, `start` is the oldest element and each new one overwrites it.
    private struct Ring<Element: Sendable>: Sendable {
        var elements: [Element] = []
        var start = 0

        var ordered: [Element] { Array(elements[start...] + elements[..<start]) }

        mutating func append(_ element: Element, limit: Int) {
            if elements.count < limit {
                elements.append(element)
            } else {
                elements[start] = element
                start = (start + 1) % elements.count
            }
        }

        /// Keeps the elements `isKept` accepts, oldest first; whether any was removed.
        mutating func keep(where isKept: (Element) -> Bool) -> Bool {
            let kept = ordered.filter(isKept)
            guard kept.count < elements.count else { return false }
            self = Ring(elements: kept, start: 0)
            return true
        }
    }

    private struct State: Sendable {
        var launches = Ring<Launch>()
        var events = Ring<InAppEvent>()
    }

    let limit: Int
    private let state = Locked(State())

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// Remembers `launch`, forgetting the oldest launch when ``limit`` are kept.
    func remember(_ launch: Launch) {
        state.withLock { $0.launches.append(launch, limit: limit) }
    }

    /// Remembers the SDK's `event`, forgetting the oldest event when ``limit`` are kept.
    func remember(_ event: InAppEvent) {
        state.withLock { $0.events.append(event, limit: limit) }
    }

    /// The launches of `appID` (with or without its `id` prefix) from any of `deviceIDs`, oldest first.
    func launches(appID: String, deviceIDs: Set<String>) -> [Launch] {
        let app = Self.bare(appID)
        return state.withLock { $0.launches.ordered }.filter {
            deviceIDs.contains($0.deviceID) && Self.bare($0.appID) == app
        }
    }

    /// The SDK's events for `appID` (with or without its `id` prefix) from any of `deviceIDs`, oldest
    /// first.
    func events(appID: String, deviceIDs: Set<String>) -> [InAppEvent] {
        let app = Self.bare(appID)
        return state.withLock { $0.events.ordered }.filter {
            deviceIDs.contains($0.deviceID) && Self.bare($0.appID) == app
        }
    }

    /// How many launches are kept.
    var count: Int { state.withLock { $0.launches.elements.count } }

    /// Forgets the launches and events of `deviceID`; whether there were any.
    @discardableResult
    func forget(deviceID: String) -> Bool {
        state.withLock { state in
            let launches = state.launches.keep { $0.deviceID != deviceID }
            let events = state.events.keep { $0.deviceID != deviceID }
            return launches || events
        }
    }

    /// Forgets every launch and event.
    func forgetAll() {
        state.withLock { $0 = State() }
    }

    private static func bare(_ appID: String) -> String {
        appID.hasPrefix("id") ? String(appID.dropFirst(2)) : appID
    }
}
