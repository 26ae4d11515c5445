import Foundation
import OneLinkSupport

// The behaviours of older releases the app under test opted in to (`AppsFlyerLib.sdkQuirks`).
extension Engine {
    /// The callbacks a link's `event` becomes under the configured quirks: itself when none applies.
    func applyingQuirks(to event: AppsFlyerEvent, entry: LinkEntry, receivedAt: Date) -> [AppsFlyerEvent] {
        // The two settings read here, not a copy of the whole configuration.
        let (configured, minimumSeconds) = configuration.withLock { ($0.quirks, $0.minTimeBetweenSessions) }
        // A schedule may switch a quirk on or off (its `quirk` decisions); without one, the configured set.
        let quirks = scheduleRun?.applyingQuirkDecisions(to: configured) ?? configured
        if entry != .performOnAppAttribution {
            let minimum = TimeInterval(minimumSeconds)
            let suppressed = flags.withLock { flags -> TimeInterval? in
                if quirks.contains(.linksSuppressedInsideMinTimeBetweenSessions),
                    let previous = flags.lastLinkDelivery,
                    receivedAt.timeIntervalSince(previous) < minimum
                {
                    return receivedAt.timeIntervalSince(previous)
                }
                flags.lastLinkDelivery = receivedAt
                return nil
            }
            if let elapsed = suppressed {
                debug(
                    .sdkQuirk,
                    "\(SDKQuirk.linksSuppressedInsideMinTimeBetweenSessions): \(event.callbackName) dropped, "
                        + "\(Int(elapsed * 1000)) ms after the previous link, minimum \(minimumSeconds) s"
                )
                return []
            }
        }
        switch event {
        case .appOpenAttribution
        where quirks.contains(.coldStartOpenAttributionMissing)
            && !scheduled.withLock({ $0.sessionDelivered }):
            debug(
                .sdkQuirk,
                "\(SDKQuirk.coldStartOpenAttributionMissing): the cold start's onAppOpenAttribution is not called"
            )
            return []
        case .appOpenAttribution(let payload) where quirks.contains(.shortOpenAttribution):
            let kept = payload.removing(SDKQuirk.shortOpenAttributionMissingKeys)
            debug(.sdkQuirk, "\(SDKQuirk.shortOpenAttribution): onAppOpenAttribution with \(kept.count) keys")
            return [.appOpenAttribution(kept)]
        case .deepLink where entry == .openURL && quirks.contains(.duplicateURISchemeDeepLink):
            debug(.sdkQuirk, "\(SDKQuirk.duplicateURISchemeDeepLink): didResolveDeepLink called twice")
            return [event, event]
        default:
            return [event]
        }
    }
}
