import Foundation
import OneLinkSupport

/// An in-app event on its way to the event recorder.
struct OutgoingEvent: Sendable {
    let name: String
    let values: AttributionPayload
    /// What the app configured when it logged the event.
    let context: EventContext
    /// Why the event must not be sent, or `nil`.
    let refusal: AttributionError?
    let completion: Completion?
}

/// A purchase on its way to the purchase validator.
struct OutgoingPurchase: Sendable {
    let request: PurchaseValidationRequest
    let context: EventContext
    let refusal: AttributionError?
    let blocks: Handoff<PurchaseBlocks>
}

// In-app events, purchase validations and invite links: the engine's work that is not a session or a link.
extension Engine {
    /// Sends one event (unless refused) and reports the outcome to its completion, if any.
    func sendEvent(_ event: OutgoingEvent, queued: QueuedCommand) async {
        let result = await send(
            name: event.name, values: event.values, context: event.context, refusal: event.refusal)
        guard let completion = event.completion else { return }
        await onDeliveryQueue(scope: queued.scope) {
            switch result {
            case .success(let response): completion.value(response.foundationStringKeyed, nil)
            case .failure(let error): completion.value(nil, error)
            }
        }
    }

    private func send(
        name: String, values: AttributionPayload, context: EventContext, refusal: AttributionError?
    ) async -> Result<AttributionPayload, AttributionError> {
        if let refusal {
            debug(.eventRefused, "\(name) not sent: \(refusal)")
            return .failure(refusal)
        }
        let event = InAppEvent(
            appID: context.appID, devKey: context.devKey,
            deviceID: sessions.loadDeviceState(now: context.time).deviceID,
            name: name, values: values, customerUserID: context.customerUserID,
            currencyCode: context.currencyCode,
            time: context.time, host: context.host)
        let recorder = eventRecorder
        do {
            let response = try await deadlines.run(
                until:
                    clock.now.addingTimeInterval(Double(context.timeoutMilliseconds) / 1000),
                limitMilliseconds: context.timeoutMilliseconds, backend: "\(type(of: recorder))",
                rule: .eventSend
            ) { try await recorder.recordEvent(event) }
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    func validatePurchase(_ outgoing: OutgoingPurchase, queued: QueuedCommand) async {
        let purchase = outgoing.request
        let context = outgoing.context
        let refusal = outgoing.refusal
        let blocks = outgoing.blocks
        let outcome: Result<PurchaseValidation, AttributionError>
        if let refusal {
            debug(.purchaseRefused, "validation not sent: \(refusal)")
            outcome = .failure(refusal)
        } else {
            var request = purchase
            request.deviceID = sessions.loadDeviceState(now: context.time).deviceID
            let validator = purchaseValidator
            do {
                let sent = request
                outcome = .success(
                    try await deadlines.run(
                        until:
                            clock.now.addingTimeInterval(Double(context.timeoutMilliseconds) / 1000),
                        limitMilliseconds: context.timeoutMilliseconds, backend: "\(type(of: validator))",
                        rule: .purchaseValidate
                    ) { try await validator.validate(sent) })
            } catch {
                outcome = .failure(error)
            }
        }
        if case .success(let validation) = outcome, validation.isValid {
            var values = purchase.additionalParameters
            if let price = purchase.price { values[AFEventParamRevenue] = .string(price) }
            if let currency = purchase.currency { values[AFEventParamCurrency] = .string(currency) }
            if let product = purchase.productIdentifier { values[AFEventParamContentId] = .string(product) }
            if let transaction = purchase.transactionID {
                values[AFEventParamReceiptId] = .string(transaction)
            }
            values[AFEventParamValidated] = .bool(true)
            _ = await send(name: AFEventPurchase, values: values, context: context, refusal: nil)
        }
        await onDeliveryQueue(scope: queued.scope) {
            switch outcome {
            case .success(let validation) where validation.isValid:
                blocks.value.success?(validation.response.foundationDictionary)
            case .success(let validation):
                blocks.value.failure?(nil, validation.response.foundationDictionary)
            case .failure(let error):
                blocks.value.failure?(error, nil)
            }
        }
    }

    func inviteLink(_ link: InviteLink, context: EventContext, stopped: Bool) async -> String? {
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
            return try await deadlines.run(
                until:
                    clock.now.addingTimeInterval(Double(limit) / 1000), limitMilliseconds: limit,
                backend: "\(type(of: creator))", rule: .inviteShort
            ) { try await creator.createShortLink(request) }
        } catch {
            debug(.inviteLong, "short-link creation failed (\(error.explanation)); the long link is used")
            return longLink
        }
    }
}
