public import Foundation

/// One ad impression's revenue, as `AFAdRevenueData.h` (6.15 and later, and 7.0) has it.
///
/// Log it with ``AppsFlyerLib/logAdRevenue(_:additionalParameters:)``.
///
/// Thread safety: `@unchecked Sendable` because the header makes the properties read-write, as
/// here; the SDK reads them once, in the logging call, and an app that shares one instance between
/// threads and writes it must synchronise itself, as with the real class.
public final class AFAdRevenueData: NSObject, @unchecked Sendable {
    /// The network that monetized the impression, such as `"facebook"`.
    public var monetizationNetwork: String
    /// The mediation platform that served it.
    public var mediationNetwork: MediationNetworkType
    /// The revenue's currency, an ISO 4217 code such as `"USD"`.
    public var currencyIso4217Code: String
    /// The revenue of the impression.
    public var eventRevenue: NSNumber

    /// Creates the revenue data of one impression.
    public init(
        monetizationNetwork: String, mediationNetwork: MediationNetworkType, currencyIso4217Code: String,
        eventRevenue: NSNumber
    ) {
        self.monetizationNetwork = monetizationNetwork
        self.mediationNetwork = mediationNetwork
        self.currencyIso4217Code = currencyIso4217Code
        self.eventRevenue = eventRevenue
    }
}
