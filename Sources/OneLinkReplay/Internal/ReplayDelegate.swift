import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The delegate the runner sets on the SDK: notes which callbacks reached a delegate and forwards them.
///
/// Payloads are converted to the run's profile before they reach the team's own delegates. Not
/// `Sendable`: it belongs to one run, which sets it on its SDK and reads it on the run's task.
final class ReplayDelegate: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate {
    let profile: ValueProfile
    weak var sdk: AppsFlyerLib?
    let forward: (any AppsFlyerLibDelegate)?
    let forwardDeepLink: (any AppsFlyerDeepLinkDelegate)?
    /// The scenario's own handler (`app.handler`), which hears every callback after the team's delegates.
    let example: ExampleLinkHandler?
    /// The session's state, whose ``ReplaySession/Outputs/delivered`` says which of
    /// `sdk.deliveredEvents` reached this delegate and holds the callbacks not yet matched to theirs:
    /// under the session's one lock rather than one of its own.
    private let state: Locked<ReplaySession.Outputs>

    init(
        profile: ValueProfile, forward: (any AppsFlyerLibDelegate)?,
        forwardDeepLink: (any AppsFlyerDeepLinkDelegate)?, example: ExampleLinkHandler? = nil,
        state: Locked<ReplaySession.Outputs>
    ) {
        self.state = state
        self.profile = profile
        self.forward = forward
        self.forwardDeepLink = forwardDeepLink
        self.example = example
    }

    private func withDelivered<Result>(_ body: (inout Delivered) -> Result) -> Result {
        state.withLock { body(&$0.delivered) }
    }

    /// Whether the event at `index` reached this delegate; ``match(_:from:)`` first.
    func wasDelivered(_ index: Int) -> Bool { withDelivered { $0.contains(index) } }

    /// Matches the callbacks heard since the last match to their events; `events` are the SDK's from `start` on.
    func match(_ events: [AppsFlyerEvent], from start: Int) {
        let cursor = withDelivered { $0.pending.isEmpty ? nil : $0.cursor }
        guard let cursor else { return }
        guard cursor < start else {
            withDelivered { $0.matchPending(events, from: start) }
            return
        }
        // An earlier event may still be the one a callback came for: read from the cursor.
        guard let sdk else { return }
        let earlier = sdk.deliveredEvents(from: cursor)
        withDelivered { $0.matchPending(earlier, from: cursor) }
    }

    /// Notes a callback whose event it does not need: it is matched to the event on the next ``match(_:from:)``.
    ///
    /// Matching then, against the events published when it came, finds the event that matching at
    /// once would: without copying the SDK's events on every callback.
    private func heard(_ callback: String) {
        guard let sdk else { return }
        let published = sdk.deliveredEventCount
        withDelivered { state in
            // Room for a few at once: grown one by one, the list reallocated on the first, second and fourth.
            if state.pending.capacity == 0 { state.pending.reserveCapacity(4) }
            state.pending.append((callback, published))
        }
    }

    /// Records the event being delivered and returns it.
    ///
    /// The SDK publishes events before it calls delegates, in the same order,
    /// and skips events no delegate was set for; so the event being delivered is
    /// the first one after the last delivered one that calls `callback`.
    private func current(_ callback: String) -> AppsFlyerEvent? {
        guard let sdk else { return nil }
        // Only the events after the cursor are copied out of the SDK: a replay calls this once per callback.
        let start = withDelivered { $0.cursor }
        let newer = sdk.deliveredEvents(from: start)
        return withDelivered { state -> AppsFlyerEvent? in
            state.matchPending(newer, from: start)
            return state.match(callback, before: start + newer.count, in: newer, from: start)
        }
    }

    /// Whether a callback's payload is converted for a delegate, which needs its event.
    private var converts: Bool { profile != .ios && (forward != nil || example != nil) }

    private func converted(_ info: [AnyHashable: Any], _ event: AppsFlyerEvent?) -> [AnyHashable: Any] {
        guard profile != .ios, let payload = event?.payload else { return info }
        return profile.apply(payload).foundationDictionary
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        guard converts else {
            heard("onConversionDataSuccess")
            forward?.onConversionDataSuccess(conversionInfo)
            example?.onConversionDataSuccess(conversionInfo)
            return
        }
        let event = current("onConversionDataSuccess")
        let info = converted(conversionInfo, event)
        forward?.onConversionDataSuccess(info)
        example?.onConversionDataSuccess(info)
    }

    func onConversionDataFail(_ error: any Error) {
        heard("onConversionDataFail")
        forward?.onConversionDataFail(error)
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        #if SDK7
            // SDK 7's delegate protocol has no legacy callbacks to forward to.
            heard("onAppOpenAttribution")
        #else
            guard converts else {
                heard("onAppOpenAttribution")
                forward?.onAppOpenAttribution(attributionData)
                example?.onAppOpenAttribution(attributionData)
                return
            }
            let data = converted(attributionData, current("onAppOpenAttribution"))
            forward?.onAppOpenAttribution(data)
            example?.onAppOpenAttribution(data)
        #endif
    }

    func onAppOpenAttributionFailure(_ error: any Error) {
        heard("onAppOpenAttributionFailure")
        #if !SDK7
            forward?.onAppOpenAttributionFailure(error)
        #endif
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        heard("didResolveDeepLink")
        guard forwardDeepLink != nil || example != nil else { return }
        var delivered = result
        if profile != .ios, let deepLink = result.deepLink {
            delivered = .found(
                DeepLink(
                    clickEvent: profile.apply(deepLink.clickEventPayload), isDeferred: deepLink.isDeferred))
        }
        forwardDeepLink?.didResolveDeepLink(delivered)
        example?.didResolveDeepLink(delivered)
    }
}

extension ReplayDelegate {
    /// The events that reached the delegate, by their index in `sdk.deliveredEvents`.
    struct Delivered {
        /// The indexes, ascending: each match is after the one before.
        var indexes: [Int] = []
        /// Where the next search starts: after the last matched event.
        var cursor = 0
        /// Callbacks heard but not yet matched, with how many events had been published when each came.
        var pending: [(callback: String, published: Int)] = []

        func contains(_ index: Int) -> Bool {
            var low = 0
            var high = indexes.count
            while low < high {
                let middle = (low + high) / 2
                if indexes[middle] < index { low = middle + 1 } else { high = middle }
            }
            return low < indexes.count && indexes[low] == index
        }

        /// Matches the pending callbacks in order; `events` are the SDK's from `start` on, and `start` is at most ``cursor``.
        mutating func matchPending(_ events: [AppsFlyerEvent], from start: Int) {
            guard !pending.isEmpty else { return }
            for (callback, published) in pending {
                _ = match(callback, before: published, in: events, from: start)
            }
            pending.removeAll(keepingCapacity: true)
        }

        /// Records the first event after the cursor and before `end` that calls `callback`, and returns it.
        mutating func match(
            _ callback: String, before end: Int, in events: [AppsFlyerEvent], from start: Int
        ) -> AppsFlyerEvent? {
            var index = max(cursor, start)
            while index < end, index - start < events.count {
                let event = events[index - start]
                if event.callbackName == callback {
                    if indexes.capacity == 0 { indexes.reserveCapacity(16) }
                    indexes.append(index)
                    cursor = index + 1
                    return event
                }
                index += 1
            }
            return nil
        }
    }
}
