import Foundation
import OneLinkSupport

/// The `success` and `failure` blocks of a purchase validation; one of them is called on the delivery queue.
struct PurchaseBlocks {
    let success: (([AnyHashable: Any]) -> Void)?
    let failure: (((any Error)?, Any?) -> Void)?
}

/// What the app configured when it logged an event: the event carries it even if it changes later.
struct EventContext: Sendable {
    let appID: String
    let devKey: String
    let customerUserID: String?
    let currencyCode: String?
    let timeoutMilliseconds: UInt
    let deepLinkTimeoutMilliseconds: UInt
    let sandbox: Bool
    let time: Date
    let host: String?
    /// Why nothing may be sent now (the SDK is stopped), or `nil`.
    let refusal: AttributionError?
}

extension AppsFlyerLib {
    // MARK: - In-app events

    /// Logs an in-app event with its values, such as ``AFEventPurchase`` with ``AFEventParamRevenue``.
    ///
    /// The event goes to the ``EventRecorder`` in order with every other call.
    /// It is not sent while ``isStopped`` is set, nor when a value has no JSON
    /// equivalent; an `event.refused` debug log says why. While ``anonymizeUser``
    /// is set it is sent without the customer user ID.
    public func logEvent(_ eventName: String, withValues values: [AnyHashable: Any]?) {
        queueEvent(name: eventName, values: values, completion: nil)
    }

    /// Logs an in-app event and reports the event backend's answer to `completionHandler`, on the delivery queue.
    ///
    /// The handler receives the backend's response (`["status": "ok"]` from
    /// ``InMemoryEventRecorder``) or its error. While ``isStopped`` is set
    /// nothing is sent and the handler receives ``AttributionError/sdkStopped``;
    /// while ``anonymizeUser`` is set the event is sent without the customer
    /// user ID and the handler gets the backend's answer as usual.
    public func logEvent(
        name: String, values: [String: Any]?, completionHandler: (([String: Any]?, (any Error)?) -> Void)?
    ) {
        queueEvent(
            name: name, values: values.map { $0 as [AnyHashable: Any] },
            completion: completionHandler.map(Completion.init))
    }

    /// Logs an in-app event and returns the backend's response: the form Swift generates for `logEvent(name:values:completionHandler:)`.
    ///
    /// - Throws: The ``AttributionError`` the completion handler would receive.
    @discardableResult
    public func logEvent(name: String, values: [String: Any]?) async throws -> [String: Any] {
        let result: Result<AttributionPayload, AttributionError> = await withCheckedContinuation {
            continuation in
            let completion = Completion { response, error in
                if let error {
                    continuation.resume(returning: .failure(AttributionError(wrapping: error)))
                } else {
                    continuation.resume(
                        returning: .success((try? AttributionPayload(foundation: response ?? [:])) ?? [:]))
                }
            }
            queueEvent(name: name, values: values.map { $0 as [AnyHashable: Any] }, completion: completion)
        }
        return try result.get().foundationStringKeyed
    }

    /// Logs the device's location: an ``AFEventLocation`` event with ``AFEventParamLong`` and ``AFEventParamLat``, as the header documents.
    public func logLocation(longitude: Double, latitude: Double) {
        queueEvent(
            name: AFEventLocation,
            payload: [AFEventParamLong: .double(longitude), AFEventParamLat: .double(latitude)],
            completion: nil)
    }

    /// Validates an in-app purchase with the ``PurchaseValidator`` and, when it is valid, logs an ``AFEventPurchase`` event.
    ///
    /// `success` receives the validation response. `failure` receives
    /// `(nil, response)` when the store did not confirm the purchase, and
    /// `(error, nil)` when validation could not be done: the validator failed,
    /// or the SDK is stopped (``AttributionError/sdkStopped``). An anonymized
    /// user's purchase is validated and logged as any other. The `af_purchase` event
    /// carries ``AFEventParamRevenue`` (the price), ``AFEventParamCurrency``,
    /// ``AFEventParamContentId`` (the product), ``AFEventParamReceiptId`` (the
    /// transaction), ``AFEventParamValidated`` `true` and the additional parameters.
    /// Both blocks are called on the delivery queue.
    ///
    /// Deprecated as the 6.17.8 release notes declare it: the purchase
    /// connector's ``validateAndLogInAppPurchase(purchaseDetails:purchaseAdditionalDetails:completion:)``
    /// replaces it. It still works, as in the real SDK.
    #if SDK7
        @_spi(SDK6)
    #endif
    @available(
        *, deprecated,
        message:
            "Deprecated in 6.17.8: use validateAndLogInAppPurchase(purchaseDetails:purchaseAdditionalDetails:completion:)"
    )
    public func validateAndLog(
        inAppPurchase productIdentifier: String?, price: String?, currency: String?, transactionId: String?,
        additionalParameters params: [AnyHashable: Any]?,
        success successBlock: (([AnyHashable: Any]) -> Void)?,
        failure failedBlock: (((any Error)?, Any?) -> Void)?
    ) {
        queuePurchaseValidation(
            productIdentifier: productIdentifier, price: price, currency: currency,
            transactionID: transactionId,
            additionalParameters: params, blocks: PurchaseBlocks(success: successBlock, failure: failedBlock),
            refusal: nil)
    }

    /// Queues a purchase validation: the body of SDK 6's `validateAndLog(inAppPurchase:…)`, the 6.14.1 form
    /// `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)` and the 6.17.2 (and SDK 7)
    /// `validateAndLogInAppPurchase(purchaseDetails:…)`; `refusal` is a reason of the caller's not to send.
    func queuePurchaseValidation(
        productIdentifier: String?, price: String?, currency: String?, transactionID transactionId: String?,
        additionalParameters params: [AnyHashable: Any]?, blocks: PurchaseBlocks,
        refusal callerRefusal: AttributionError?
    ) {
        let context = eventContext()
        var refusal = context.refusal ?? callerRefusal
        var additional: AttributionPayload = [:]
        do {
            additional = try AttributionPayload(foundation: params ?? [:])
        } catch {
            refusal =
                refusal ?? .developerError("the purchase's additional parameters cannot be sent: \(error)")
        }
        let request = PurchaseValidationRequest(
            appID: context.appID, deviceID: "", productIdentifier: productIdentifier, price: price,
            currency: currency,
            transactionID: transactionId, additionalParameters: additional, sandbox: context.sandbox)
        let reason = refusal
        engine.enqueue(
            .purchase(
                OutgoingPurchase(request: request, context: context, refusal: reason, blocks: Handoff(blocks))
            ))
    }

    // MARK: - Processing

    func eventContext() -> EventContext {
        let config = configuration.value
        // Only isStopped stops sending; anonymizeUser sends the event without the user's identifiers
        // (Docs/behaviour.md, rule 27).
        return EventContext(
            appID: config.appID, devKey: config.devKey,
            customerUserID: config.reportedIdentity.customerUserID,
            currencyCode: config.currencyCode, timeoutMilliseconds: config.conversionDataTimeout,
            deepLinkTimeoutMilliseconds: config.deepLinkTimeout,
            sandbox: config.flags.useReceiptValidationSandbox,
            time: clock.now, host: config.customHost, refusal: config.isStopped ? .sdkStopped : nil)
    }

    /// Converts the values and queues the event, or its refusal, on the serial action queue.
    func queueEvent(name: String, values: [AnyHashable: Any]?, completion: Completion?) {
        do {
            queueEvent(
                name: name, payload: try AttributionPayload(foundation: values ?? [:]), completion: completion
            )
        } catch {
            let context = eventContext()
            let refusal = AttributionError.developerError(
                "the values of event \(name) cannot be sent: \(error)")
            engine.enqueue(
                .event(
                    OutgoingEvent(
                        name: name, values: [:], context: context, refusal: refusal, completion: completion)))
        }
    }

    func queueEvent(name: String, payload: AttributionPayload, completion: Completion?) {
        let context = eventContext()
        engine.enqueue(
            .event(
                OutgoingEvent(
                    name: name, values: payload, context: context, refusal: context.refusal,
                    completion: completion)))
    }
}
