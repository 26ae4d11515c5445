import Foundation
import OneLinkSupport

extension Engine {
    /// Runs a `start` call through the session service and delivers what it produced.
    ///
    /// A session's callbacks come after every call queued while it ran (a
    /// link opened during the launch request is delivered first), so they
    /// go to the end of the queue as a step of this command's group.
    func processStart(_ queued: QueuedCommand) async {
        trace?.hop()
        let (config, deepLinkDelegateSet) = sessionSettings()
        let outcome: SessionOutcome
        let step = await sessions.start(config: consume config, deepLinkDelegateSet: deepLinkDelegateSet)
        // Consumed: the session's parts are moved out of the step, not copied.
        switch consume step {
        case .finished(let finished):
            outcome = finished
        case .launched(let session):
            // A first launch opened by a link makes no deferred lookup, even when the link is still queued.
            let directLinkQueued = queue.containsPending { $0.isDirectLink }
            outcome = await sessions.complete(session, directLinkQueued: directLinkQueued)
        }
        // The schedule's choices (firstLaunchOrder, linkSessionOrder); the defaults change nothing.
        let (events, afterQueuedCalls) = scheduledSessionDelivery(outcome)
        if afterQueuedCalls {
            queue.appendStep(.deliver(events, launch: outcome.launch), of: queued)
        } else {
            await deliver(events, queued: queued, launch: outcome.launch)
        }
    }

    /// The settings a session starts with, and whether a deep-link delegate is set, after the first session's log lines.
    private func sessionSettings() -> (SessionSettings, deepLinkDelegateSet: Bool) {
        trace?.hop()
        let generation = self.generation
        var build = SDKBuild.standard
        var config = configuration.withLock { configuration in
            var config = configuration.sessionSettings
            config.sdkVersion = configuration.release?.description ?? generation.emulatedVersion
            build = configuration.build
            return config
        }
        let deepLinkDelegateSet = published.withLock { $0.delegates.value.deepLinkDelegate } != nil
        if !sessions.processStarted {
            deadlines.logDevice(DeviceLog.version(config.sdkVersion))
            deadlines.logDevice(DeviceLog.banner)
            if let deepLinkDelegate = published.withLock({ $0.delegates.value.deepLinkDelegate }) {
                deadlines.logDevice(DeviceLog.deepLinkDelegate(deepLinkDelegate))
            }
        }
        if generation == .v7, config.attWaitTimeout != nil {
            debug(.attWait, "SDK 7: waitForATTUserAuthorization is deprecated and no longer delays start()")
            config.attWaitTimeout = nil
        }
        if build == .strict, config.attWaitTimeout != nil {
            debug(.attWait, "the Strict build has no ATT wait: start() is not delayed")
            config.attWaitTimeout = nil
        }
        return (config, deepLinkDelegateSet)
    }
}
