import Foundation

extension AppsFlyerLib {
    /// Runs a `start` call through the session service and delivers what it produced.
    func processStart(_ item: EngineJob) async {
        let outcome = await sessions.start(
            config: configuration.value,
            deepLinkDelegateSet: delegates.withLock { $0.deepLinkDelegate } != nil)
        if outcome.afterQueuedCalls {
            deliverLater(outcome.events, item: item, launch: outcome.launch)
        } else {
            await deliver(outcome.events, item: item, launch: outcome.launch)
        }
    }
}
