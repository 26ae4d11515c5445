import Foundation

/// Work an SDK area queues on the serial action queue through ``EngineCommand/work(_:)``.
struct EngineWork: Sendable {
    let body: @Sendable (EngineJob) async -> Void
}

/// The `success` and `failure` blocks of a purchase validation, carried across the serial queue.
// @unchecked because the blocks are not Sendable: one of them is called once, on the delivery
// queue, for the one queued validation that carried them.
struct PurchaseBlocks: @unchecked Sendable {
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
    /// Why nothing may be sent now (stopped or anonymized), or `nil`.
    let refusal: AttributionError?
}

extension AppsFlyerLib {
    // MARK: - In-app events

    /// Logs an in-app event with its values, such as ``AFEventPurchase`` with ``AFEventParamRevenue``.
    ///
    /// The event goes to the ``EventRecorder`` in order with every other call.
    /// It is not sent while ``isStopped`` or ``anonymizeUser`` is set, nor when
    /// a value has no JSON equivalent; an `event.refused` debug log says why.
    public func logEvent(_ eventName: String, withValues values: [AnyHashable: Any]?) {
        queueEvent(name: eventName, values: values, completion: nil)
    }

    /// Logs an in-app event and reports the event backend's answer to `completionHandler`, on the delivery queue.
    ///
    /// The handler receives the backend's response (`["status": "ok"]` from
    /// ``InMemoryEventRecorder``) or its error. While ``isStopped`` or
    /// ``anonymizeUser`` is set nothing is sent and the handler receives
    /// ``AttributionError/developerError(_:)`` saying so.
    public func logEvent(
        name: String, values: [String: Any]?, completionHandler: (([String: Any]?, (any Error)?) -> Void)?
    ) {
        queueEvent(
            name: name, values: values.map { $0 as [AnyHashable: Any] },
            completion: completionHandler.map(UncheckedCompletion.init))
    }

    /// Logs an in-app event and returns the backend's response: the form Swift generates for `logEvent(name:values:completionHandler:)`.
    ///
    /// - Throws: The ``AttributionError`` the completion handler would receive.
    @discardableResult
    public func logEvent(name: String, values: [String: Any]?) async throws -> [String: Any] {
        let result: Result<AttributionPayload, AttributionError> = await withCheckedContinuation {
            continuation in
            let completion = UncheckedCompletion { response, error in
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
    /// or the SDK is stopped or the user anonymized
    /// (``AttributionError/developerError(_:)``). The `af_purchase` event
    /// carries ``AFEventParamRevenue`` (the price), ``AFEventParamCurrency``,
    /// ``AFEventParamContentId`` (the product), ``AFEventParamReceiptId`` (the
    /// transaction), ``AFEventParamValidated`` `true` and the additional parameters.
    /// Both blocks are called on the delivery queue.
    #if SDK7
        @_spi(SDK6)
    #endif
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

    /// Queues a purchase validation: the body of SDK 6's `validateAndLog(inAppPurchase:…)` and SDK 7's
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
        enqueue(
            .work(
                EngineWork { [weak self] item in
                    await self?.processPurchase(
                        request, context: context, refusal: reason, blocks: blocks, item: item)
                }), completion: nil, waiter: nil)
    }

    // MARK: - Processing

    func eventContext() -> EventContext {
        let config = configuration.value
        let refusal: AttributionError?
        if config.isStopped {
            refusal = .sdkStopped
        } else if config.flags.anonymizeUser {
            refusal = .developerError("the user is anonymized (anonymizeUser); no in-app event is sent")
        } else {
            refusal = nil
        }
        return EventContext(
            appID: config.appID, devKey: config.devKey, customerUserID: config.identity.customerUserID,
            currencyCode: config.currencyCode, timeoutMilliseconds: config.conversionDataTimeout,
            deepLinkTimeoutMilliseconds: config.deepLinkTimeout,
            sandbox: config.flags.useReceiptValidationSandbox,
            time: clock.now, host: config.customHost, refusal: refusal)
    }

    /// Converts the values and queues the event, or its refusal, on the serial action queue.
    func queueEvent(name: String, values: [AnyHashable: Any]?, completion: UncheckedCompletion?) {
        do {
            queueEvent(
                name: name, payload: try AttributionPayload(foundation: values ?? [:]), completion: completion
            )
        } catch {
            let context = eventContext()
            let refusal = AttributionError.developerError(
                "the values of event \(name) cannot be sent: \(error)")
            enqueue(
                .work(
                    EngineWork { [weak self] item in
                        await self?.sendEvent(
                            name: name, values: [:], context: context, refusal: refusal,
                            completion: completion, item: item)
                    }), completion: nil, waiter: nil)
        }
    }

    func queueEvent(name: String, payload: AttributionPayload, completion: UncheckedCompletion?) {
        let context = eventContext()
        enqueue(
            .work(
                EngineWork { [weak self] item in
                    await self?.sendEvent(
                        name: name, values: payload, context: context, refusal: context.refusal,
                        completion: completion,
                        item: item)
                }), completion: nil, waiter: nil)
    }

    /// Sends one event (unless refused) and reports the outcome to its completion, if any.
    private func sendEvent(
        name: String, values: AttributionPayload, context: EventContext, refusal: AttributionError?,
        completion: UncheckedCompletion?, item: EngineJob
    ) async {
        let result = await send(name: name, values: values, context: context, refusal: refusal)
        guard let completion else { return }
        await onDeliveryQueue(scope: item.scope) {
            switch result {
            case .success(let response): completion.body(response.foundationStringKeyed, nil)
            case .failure(let error): completion.body(nil, error)
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
            let response = try await withDeadline(
                clock.now.addingTimeInterval(Double(context.timeoutMilliseconds) / 1000),
                limitMilliseconds: context.timeoutMilliseconds, backend: "\(type(of: recorder))",
                rule: .eventSend
            ) { try await recorder.recordEvent(event) }
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    private func processPurchase(
        _ purchase: PurchaseValidationRequest, context: EventContext, refusal: AttributionError?,
        blocks: PurchaseBlocks, item: EngineJob
    ) async {
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
                    try await withDeadline(
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
        await onDeliveryQueue(scope: item.scope) {
            switch outcome {
            case .success(let validation) where validation.isValid:
                blocks.success?(validation.response.foundationDictionary)
            case .success(let validation):
                blocks.failure?(nil, validation.response.foundationDictionary)
            case .failure(let error):
                blocks.failure?(error, nil)
            }
        }
    }
}
