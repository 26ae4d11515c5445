import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

// The purchase validation of AppsFlyerLib.h 6.14.1 to 6.17.1 (the 6.16.2 header and
// AFSDKValidateAndLogResult.h), written as apps pinned to those releases and the 6.14-6.16 plugins
// call it. Each line stops compiling if a name, label or type drifts.

enum Surface616 {
    /// The dev hub's 6.16-era example: details with price and currency, extra values, a status switch.
    static func validate(
        _ sdk: AppsFlyerLib, transactionID: String, reply: @escaping (String) -> Void
    ) {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.gold", price: "1.99", currency: "USD", transactionId: transactionID)
        sdk.validateAndLogInAppPurchase(details, extraEventValues: ["tier": "gold"]) { result in
            guard let result = result else {
                reply("no result")
                return
            }
            switch result.status {
            case .success:
                reply("success \(result.result?["status"] as? Int ?? -1)")
            case .failure:
                reply("failure \(result.errorData?["status"] as? Int ?? -1)")
            case .error:
                reply("error \((result.error as NSError?)?.domain ?? "")")
            }
        }
    }

    /// A plugin's bridge keeps the completion's type by its header name.
    static func bridge(_ sdk: AppsFlyerLib, _ done: @escaping AFSDKValidateAndLogCompletion) {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.coins", price: nil, currency: nil, transactionId: "t-bridge")
        sdk.validateAndLogInAppPurchase(details, extraEventValues: nil, completionHandler: done)
    }

    /// The same validation in the `async` form Swift generates for it.
    static func validate(_ sdk: AppsFlyerLib, transactionID: String) async -> ValidateAndLogStatus? {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.gold", price: "1.99", currency: "USD", transactionId: transactionID)
        let result = await sdk.validateAndLogInAppPurchase(details, extraEventValues: nil)
        return result?.status
    }

    /// The details and the result as an app's own test builds them.
    static func shapes() -> (String?, ValidateAndLogResult) {
        let details = AFSDKPurchaseDetails(
            productId: "com.example.gold", price: "1.99", currency: "USD", transactionId: "t-1")
        let result = ValidateAndLogResult(
            status: .failure, result: nil, errorData: ["status": 21003], error: nil)
        return (details.price, result)
    }
}
