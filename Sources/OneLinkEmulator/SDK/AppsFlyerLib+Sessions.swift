import Foundation

extension AppsFlyerLib {
    /// Runs a `start` call through the session service and delivers what it produced.
    func processStart(_ item: EngineJob) async {
        var config = configuration.value
        config.sdkVersion = sdkGeneration.emulatedVersion
        if !sessions.processStarted {
            logger.device(DeviceLog.version(config.sdkVersion))
            logger.device(DeviceLog.banner)
            if let deepLinkDelegate = delegates.withLock({ $0.deepLinkDelegate }) {
                logger.device(DeviceLog.deepLinkDelegate(deepLinkDelegate))
            }
        }
        if sdkGeneration == .v7, config.attWaitTimeout != nil {
            debug(.attWait, "SDK 7: waitForATTUserAuthorization is deprecated and no longer delays start()")
            config.attWaitTimeout = nil
        }
        let outcome = await sessions.start(
            config: config,
            deepLinkDelegateSet: delegates.withLock { $0.deepLinkDelegate } != nil)
        if outcome.afterQueuedCalls {
            deliverLater(outcome.events, item: item, launch: outcome.launch)
        } else {
            await deliver(outcome.events, item: item, launch: outcome.launch)
        }
    }
}
