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
    /// The indexes in `sdk.deliveredEvents` that reached this delegate, and where the next search starts.
    private let delivered = Locked((indexes: Set<Int>(), cursor: 0))

    init(
        profile: ValueProfile, forward: (any AppsFlyerLibDelegate)?,
        forwardDeepLink: (any AppsFlyerDeepLinkDelegate)?, example: ExampleLinkHandler? = nil
    ) {
        self.profile = profile
        self.forward = forward
        self.forwardDeepLink = forwardDeepLink
        self.example = example
    }

    func wasDelivered(_ index: Int) -> Bool { delivered.withLock { $0.indexes.contains(index) } }

    /// Records the event being delivered and returns it.
    ///
    /// The SDK publishes events before it calls delegates, in the same order,
    /// and skips events no delegate was set for; so the event being delivered is
    /// the first one after the last delivered one that calls `callback`.
    private func current(_ callback: String) -> AppsFlyerEvent? {
        guard let sdk else { return nil }
        // Only the events after the cursor are copied out of the SDK: a replay calls this once per callback.
        let start = delivered.withLock { $0.cursor }
        let newer = sdk.deliveredEvents(from: start)
        return delivered.withLock { state -> AppsFlyerEvent? in
            var index = max(state.cursor, start)
            while index - start < newer.count {
                let event = newer[index - start]
                if event.callbackName == callback {
                    state.indexes.insert(index)
                    state.cursor = index + 1
                    return event
                }
                index += 1
            }
            return nil
        }
    }

    private func converted(_ info: [AnyHashable: Any], _ event: AppsFlyerEvent?) -> [AnyHashable: Any] {
        guard profile != .ios, let payload = event?.payload else { return info }
        return profile.apply(payload).foundationDictionary
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        let event = current("onConversionDataSuccess")
        let info = converted(conversionInfo, event)
        forward?.onConversionDataSuccess(info)
        example?.onConversionDataSuccess(info)
    }

    func onConversionDataFail(_ error: any Error) {
        _ = current("onConversionDataFail")
        forward?.onConversionDataFail(error)
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        let event = current("onAppOpenAttribution")
        #if SDK7
            // SDK 7's delegate protocol has no legacy callbacks to forward to.
            _ = event
        #else
            let data = converted(attributionData, event)
            forward?.onAppOpenAttribution(data)
            example?.onAppOpenAttribution(data)
        #endif
    }

    func onAppOpenAttributionFailure(_ error: any Error) {
        _ = current("onAppOpenAttributionFailure")
        #if !SDK7
            forward?.onAppOpenAttributionFailure(error)
        #endif
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        _ = current("didResolveDeepLink")
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
