import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// Queues one invite link: the short link when a creator answers in time, else the long link.
    func generateInviteLink(_ link: InviteLink, completion: @escaping (URL?) -> Void) {
        let context = eventContext()
        let stopped = configuration.withLock { $0.isStopped }
        engine.enqueue(.invite(link, context: context, stopped: stopped, completion: Handoff(completion)))
    }
}
