import Foundation
import OneLinkSupport

/// A Pull API report: the raw-data reports the server can fill from what it recorded, and the
/// aggregate (performance) reports.
///
/// The names are the path segments of https://dev.appsflyer.com/hc/reference (raw data: "Raw data
/// reports (non-organic)", "(organic)", "Retargeting"; aggregate: "Partners", "Partners daily",
/// "Daily", "Geo", "Geo daily").
enum PullReport: String, Sendable, CaseIterable {
    case installs = "installs_report"
    case inAppEvents = "in_app_events_report"
    case organicInstalls = "organic_installs_report"
    case organicInAppEvents = "organic_in_app_events_report"
    case retargetingInstalls = "installs-retarget"
    case retargetingInAppEvents = "in-app-events-retarget"
    case partners = "partners_report"
    case partnersByDate = "partners_by_date_report"
    case daily = "daily_report"
    case geo = "geo_report"
    case geoByDate = "geo_by_date_report"

    /// The raw-data reports.
    static let rawData: [PullReport] = [
        .installs, .inAppEvents, .organicInstalls, .organicInAppEvents, .retargetingInstalls,
        .retargetingInAppEvents,
    ]
    /// The aggregate reports.
    static let aggregate: [PullReport] = [.partners, .partnersByDate, .daily, .geo, .geoByDate]

    /// Whether the report is an aggregate one.
    var isAggregate: Bool { Self.aggregate.contains(self) }

    /// Whether the report lists in-app events (else installs or conversions).
    var listsEvents: Bool { [.inAppEvents, .organicInAppEvents, .retargetingInAppEvents].contains(self) }

    /// The retargeting report of a user-acquisition one asked with `reattr=true`; `self` otherwise.
    func retargeting(_ reattr: Bool) -> PullReport {
        guard reattr else { return self }
        switch self {
        case .installs: return .retargetingInstalls
        case .inAppEvents: return .retargetingInAppEvents
        default: return self
        }
    }

    /// The calls an app gets per UTC day: 24 for installs and 12 for in-app events, the raw-data
    /// rate limitation of help center article 207034366 ("Data delivery limitations and use policy").
    var dailyQuota: Int { listsEvents ? 12 : 24 }
}
