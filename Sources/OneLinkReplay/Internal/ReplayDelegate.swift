import Foundation

/// The delegate the runner sets on the SDK: notes which callbacks reached a delegate and forwards them.
///
/// Payloads are converted to the run's profile before they reach the team's own delegates.
final class ReplayDelegate: AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    let profile: ValueProfile
    weak var sdk: AppsFlyerLib?
    let forward: (any AppsFlyerLibDelegate)?
    let forwardDeepLink: (any DeepLinkDelegate)?
    private let delivered = ReplayLock(Set<Int>())

    init(
        profile: ValueProfile, forward: (any AppsFlyerLibDelegate)?, forwardDeepLink: (any DeepLinkDelegate)?
    ) {
        self.profile = profile
        self.forward = forward
        self.forwardDeepLink = forwardDeepLink
    }

    func wasDelivered(_ index: Int) -> Bool { delivered.withLock { $0.contains(index) } }

    /// Records the event being delivered and returns it.
    private func current() -> AppsFlyerEvent? {
        guard let history = sdk?.deliveredEvents, let last = history.last else { return nil }
        let index = history.count - 1
        delivered.withLock { _ = $0.insert(index) }
        return last
    }

    private func converted(_ info: [AnyHashable: Any], _ event: AppsFlyerEvent?) -> [AnyHashable: Any] {
        guard profile != .ios, let payload = event?.payload else { return info }
        return profile.apply(payload).foundationDictionary
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        let event = current()
        forward?.onConversionDataSuccess(converted(conversionInfo, event))
    }

    func onConversionDataFail(_ error: Error) {
        _ = current()
        forward?.onConversionDataFail(error)
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        let event = current()
        forward?.onAppOpenAttribution(converted(attributionData, event))
    }

    func onAppOpenAttributionFailure(_ error: Error) {
        _ = current()
        forward?.onAppOpenAttributionFailure(error)
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        _ = current()
        guard let forwardDeepLink else { return }
        if profile != .ios, let deepLink = result.deepLink {
            forwardDeepLink.didResolveDeepLink(
                .found(
                    DeepLink(
                        clickEvent: profile.apply(deepLink.clickEventPayload), isDeferred: deepLink.isDeferred
                    )))
        } else {
            forwardDeepLink.didResolveDeepLink(result)
        }
    }
}
