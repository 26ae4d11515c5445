/// The mediation platform that served an ad, as `AFAdRevenueData.h` names it (`AppsFlyerAdRevenueMediationNetworkType`).
public enum MediationNetworkType: UInt, Sendable, Hashable, CaseIterable {
    /// Google AdMob.
    case googleAdMob = 1
    /// ironSource.
    case ironSource = 2
    /// AppLovin MAX.
    case applovinMax = 3
    /// Fyber.
    case fyber = 4
    /// Appodeal.
    case appodeal = 5
    /// AdMost.
    case admost = 6
    /// TopOn.
    case topon = 7
    /// TradPlus.
    case tradplus = 8
    /// Yandex.
    case yandex = 9
    /// Chartboost.
    case chartBoost = 10
    /// Unity.
    case unity = 11
    /// TopOn (Pte).
    case toponPte = 12
    /// A mediation platform of the app's own.
    case custom = 13
    /// No mediation: the ad network was integrated directly.
    case directMonetization = 14

    /// The name the emulator sends as `mediation_network`: the Swift case name.
    var name: String { String(describing: self) }
}

/// The key of the ad's country (ISO 3166-1) in `logAdRevenue`'s additional parameters.
public let kAppsFlyerAdRevenueCountry = "country"
/// The key of the ad unit's ID in `logAdRevenue`'s additional parameters.
public let kAppsFlyerAdRevenueAdUnit = "ad_unit"
/// The key of the ad's format in `logAdRevenue`'s additional parameters.
public let kAppsFlyerAdRevenueAdType = "ad_type"
/// The key of the ad placement's ID in `logAdRevenue`'s additional parameters.
public let kAppsFlyerAdRevenuePlacement = "placement"
/// The ad revenue event's monetization-network value name.
public let kAppsFlyerAdRevenueMonetizationNetwork = "monetization_network"
/// The ad revenue event's mediation-network value name.
public let kAppsFlyerAdRevenueMediationNetwork = "mediation_network"
/// The ad revenue event's revenue value name.
public let kAppsFlyerAdRevenueEventRevenue = "event_revenue"
/// The ad revenue event's currency value name.
public let kAppsFlyerAdRevenueEventRevenueCurrency = "event_revenue_currency"
/// The ad revenue event's value name for the additional parameters.
public let kAppsFlyerAdRevenueCustomParameters = "custom_parameters"
/// The wrapper type the generic ad revenue API reports.
public let kAFADRWrapperTypeGeneric = "adrevenue_sdk"
