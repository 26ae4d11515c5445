import Foundation

extension AppsFlyerLib {
    /// The name of the in-app event ``logAdRevenue(_:additionalParameters:)`` sends.
    static let adRevenueEventName = "af_ad_revenue"

    /// Logs the revenue of one ad impression: an `af_ad_revenue` event through the SDK's ``EventRecorder``.
    ///
    /// The event's values are `monetization_network`, `mediation_network`,
    /// `event_revenue`, `event_revenue_currency` and, when given,
    /// `custom_parameters` with `additionalParameters` (``kAppsFlyerAdRevenueCountry``
    /// and the other predefined keys, or the app's own). Like any event, it is
    /// not sent while the SDK is stopped, and sent without the customer user ID
    /// while the user is anonymized.
    public func logAdRevenue(_ adRevenueData: AFAdRevenueData, additionalParameters: [AnyHashable: Any]?) {
        var values: AttributionPayload = [
            kAppsFlyerAdRevenueMonetizationNetwork: .string(adRevenueData.monetizationNetwork),
            kAppsFlyerAdRevenueMediationNetwork: .string(adRevenueData.mediationNetwork.name),
            kAppsFlyerAdRevenueEventRevenue: .double(adRevenueData.eventRevenue.doubleValue),
            kAppsFlyerAdRevenueEventRevenueCurrency: .string(adRevenueData.currencyIso4217Code),
        ]
        if let additionalParameters {
            do {
                values[kAppsFlyerAdRevenueCustomParameters] = .object(
                    try AttributionPayload(foundation: additionalParameters).values)
            } catch {
                recordConfigurationError("logAdRevenue additionalParameters were not sent: \(error)")
            }
        }
        record("logAdRevenue(_:additionalParameters:)", values)
        queueEvent(name: Self.adRevenueEventName, payload: values, completion: nil)
    }
}
