import Foundation

// The purchase validation of 6.14.1 to 6.17.1 (`AFSDKValidateAndLogResult.h`, the 6.16.2 header):
// the same validation and `af_purchase` event as the legacy call and the 6.17.2 form, its outcome
// handed over as a `ValidateAndLogResult`.
extension AppsFlyerLib {
    /// Validates a purchase with the ``PurchaseValidator`` and, when it is valid, logs an ``AFEventPurchase`` event: the 6.14.1–6.17.1 form.
    ///
    /// `details` comes from `AFSDKPurchaseDetails(productId:price:currency:transactionId:)`;
    /// its price and currency (else ``currencyCode``) and `extraEventValues` go into the
    /// event, as the legacy `validateAndLog(inAppPurchase:…)` sends them. `completionHandler`
    /// receives, on the delivery queue, one ``ValidateAndLogResult``:
    /// ``ValidateAndLogStatus/success`` with the validation response,
    /// ``ValidateAndLogStatus/failure`` with the answer when the store did not confirm the
    /// purchase, or ``ValidateAndLogStatus/error`` with the error when the validation could
    /// not be done (the validator's failure, the SDK stopped, or an empty product or
    /// transaction ID: ``AttributionError/developerError(_:)``, nothing sent).
    #if SDK7
        @_spi(SDK6)
    #endif
    public func validateAndLogInAppPurchase(
        _ details: AFSDKPurchaseDetails, extraEventValues: [AnyHashable: Any]?,
        completionHandler: @escaping AFSDKValidateAndLogCompletion
    ) {
        let blocks = PurchaseBlocks(
            success: { response in
                completionHandler(
                    ValidateAndLogResult(status: .success, result: response, errorData: nil, error: nil))
            },
            failure: { error, response in
                if let error {
                    completionHandler(
                        ValidateAndLogResult(status: .error, result: nil, errorData: nil, error: error))
                } else {
                    completionHandler(
                        ValidateAndLogResult(
                            status: .failure, result: nil, errorData: response as? [AnyHashable: Any],
                            error: nil))
                }
            })
        let missing = [
            details.productId.isEmpty ? "productId" : nil,
            details.transactionId.isEmpty ? "transactionId" : nil,
        ].compactMap { $0 }
        queuePurchaseValidation(
            productIdentifier: details.productId, price: details.price,
            currency: details.currency ?? currencyCode, transactionID: details.transactionId,
            additionalParameters: extraEventValues, blocks: blocks,
            refusal: missing.isEmpty
                ? nil
                : .developerError(
                    "AFSDKPurchaseDetails needs a non-empty \(missing.joined(separator: " and ")); nothing was sent"
                ))
    }

    /// Validates and logs a purchase and returns its result: the form Swift generates for `validateAndLogInAppPurchase(_:extraEventValues:completionHandler:)`.
    ///
    /// The completion's one parameter is nullable and no `NSError` comes with it, so the
    /// result stays optional and nothing is thrown; the emulator always hands one over.
    #if SDK7
        @_spi(SDK6)
    #endif
    public func validateAndLogInAppPurchase(
        _ details: AFSDKPurchaseDetails, extraEventValues: [AnyHashable: Any]?
    ) async -> ValidateAndLogResult? {
        await withCheckedContinuation { continuation in
            validateAndLogInAppPurchase(details, extraEventValues: extraEventValues) {
                continuation.resume(returning: $0)
            }
        }
    }
}
