import Foundation

extension AppsFlyerLib {
    /// Queues one invite link: the short link when a creator answers in time, else the long link.
    func generateInviteLink(_ link: InviteLink, completion: InviteCompletion) {
        let context = eventContext()
        let stopped = configuration.withLock { $0.isStopped }
        enqueue(
            .work(
                EngineWork { [weak self] item in
                    guard let self else { return }
                    let text = await self.inviteLink(link, context: context, stopped: stopped)
                    await self.onDeliveryQueue(scope: item.scope) {
                        completion.body(text.flatMap(URL.init(string:)))
                    }
                }), completion: nil, waiter: nil)
    }

    private func inviteLink(_ link: InviteLink, context: EventContext, stopped: Bool) async -> String? {
        guard let template = link.template, !template.isEmpty, let longLink = link.longLink else {
            debug(.inviteTemplate, "appInviteOneLinkID is not set; no invite link")
            return nil
        }
        guard let creator = shortLinkCreator else {
            debug(.inviteLong, "no short-link creator; the long link is used")
            return longLink
        }
        if stopped {
            debug(.inviteLong, "the SDK is stopped, so no short-link request; the long link is used")
            return longLink
        }
        let request = ShortLinkCreationRequest(
            template: template, domain: link.domain, parameters: link.parameters, appID: link.appleAppID,
            devKey: context.devKey, host: context.host)
        do {
            let limit = context.deepLinkTimeoutMilliseconds
            return try await withDeadline(
                clock.now.addingTimeInterval(Double(limit) / 1000), limitMilliseconds: limit,
                backend: "\(type(of: creator))", rule: .inviteShort
            ) { try await creator.createShortLink(request) }
        } catch {
            debug(.inviteLong, "short-link creation failed (\(error.explanation)); the long link is used")
            return longLink
        }
    }
}
