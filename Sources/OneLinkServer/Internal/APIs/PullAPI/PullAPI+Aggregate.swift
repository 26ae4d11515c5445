import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The aggregate reports: per partner (agency, media source, campaign), by date and by country,
/// the lifetime figures of the users who installed in the range (the range is the install date
/// range, help center article 207034346) and the clicks recorded in it.
extension PullAPI {
    /// What a row is grouped by; an empty date or country when the report does not group by it.
    struct AggregateKey: Hashable, Comparable {
        var date = ""
        var country = ""
        var agency = ""
        var mediaSource = ""
        var campaign = ""

        static func < (lhs: Self, rhs: Self) -> Bool {
            [lhs.date, lhs.country, lhs.agency, lhs.mediaSource, lhs.campaign].lexicographicallyPrecedes(
                [rhs.date, rhs.country, rhs.agency, rhs.mediaSource, rhs.campaign])
        }
    }

    /// One row's figures.
    struct AggregateTotals {
        var clicks = 0
        var installs = 0
        var sessions = 0
        var loyalUsers = 0
        var revenue = 0.0
        var cost = 0.0
        /// Per event name: the users who sent it, how often, and its revenue in USD.
        var events: [String: (users: Set<String>, count: Int, sales: Double)] = [:]
    }

    /// The country of every row: the server records none (the SDK's install request carries no
    /// country), so it is `N/A`, AppsFlyer's mark for a value it does not have.
    static let unknownCountry = "N/A"

    /// The CSV of `query`'s aggregate report.
    func aggregateReport(_ query: PullQuery) async -> ServerResponse {
        let byDate = [.partnersByDate, .daily, .geoByDate].contains(query.report)
        let byCountry = [.geo, .geoByDate].contains(query.report)
        func key(_ time: Date, agency: String, mediaSource: String, campaign: String) -> AggregateKey {
            AggregateKey(
                date: byDate ? query.reportDate(time) : "", country: byCountry ? Self.unknownCountry : "",
                agency: agency, mediaSource: mediaSource, campaign: campaign)
        }
        func kept(agency: String, mediaSource: String) -> Bool {
            (query.mediaSource.map { $0 == mediaSource } ?? true)
                && (query.agencies?.contains(agency) ?? true)
        }
        var totals: [AggregateKey: AggregateTotals] = [:]
        let eventsByDevice = Dictionary(grouping: context.records.events.entries(appID: query.appID)) {
            $0.event.deviceID
        }
        for install in installs.installs(appID: query.appID) {
            let time = Self.installTime(install)
            guard time >= query.start, time < query.end else { continue }
            let message = PushPostbackSender.installMessage(
                appID: install.appID, deviceID: install.deviceID,
                installTime: AttributionTimestamp.string(from: time),
                device: install.device ?? DeviceInfo(), answer: install.answer)
            guard (message.messageType == "re-attribution") == query.retargeting else { continue }
            let organic = message.fields["campaign_type"] == "organic"
            let agency = organic ? "" : Self.text(install.answer["af_prt"])
            let mediaSource = organic ? "Organic" : message.fields["media_source"] ?? ""
            guard kept(agency: agency, mediaSource: mediaSource) else { continue }
            let campaign = organic ? "None" : message.fields["campaign"] ?? ""
            var row =
                totals[key(time, agency: agency, mediaSource: mediaSource, campaign: campaign)] ?? .init()
            row.installs += 1
            row.cost += Double(Self.text(install.answer["af_cost_value"])) ?? 0
            let sessions = launches.launches(appID: install.appID, deviceIDs: [install.deviceID])
            row.sessions += sessions.count
            if sessions.contains(where: { $0.counter >= 3 }) { row.loyalUsers += 1 }
            for entry in eventsByDevice[install.deviceID] ?? [] {
                let revenue = Double(Self.text(entry.event.values["af_revenue"])) ?? 0
                let currency = entry.event.currencyCode?.uppercased() ?? "USD"
                row.revenue += revenue
                var event = row.events[entry.event.name] ?? (users: [], count: 0, sales: 0)
                event.users.insert(install.deviceID)
                event.count += 1
                if currency == "USD" { event.sales += revenue }
                row.events[entry.event.name] = event
            }
            totals[key(time, agency: agency, mediaSource: mediaSource, campaign: campaign)] = row
        }
        if let store = configuration.clickHandler?.store,
            let clicks = try? await store.clicks(from: query.start, through: query.end)
        {
            for click in clicks where click.time < query.end && click.link.isRetargeting == query.retargeting
            {
                let parameters = click.link.parameters
                let mediaSource = Self.text(parameters["pid"])
                let agency = Self.text(parameters["af_prt"])
                guard !mediaSource.isEmpty, kept(agency: agency, mediaSource: mediaSource) else { continue }
                let campaign = Self.text(parameters["c"])
                totals[
                    key(click.time, agency: agency, mediaSource: mediaSource, campaign: campaign),
                    default: .init()
                ]
                .clicks += 1
            }
        }
        let eventNames = Set(totals.values.flatMap(\.events.keys)).sorted()
        var header = byDate ? ["Date"] : []
        if byCountry { header.append("Country") }
        header += [
            "Agency/PMD (af_prt)", "Media Source (pid)", "Campaign (c)", "Impressions", "Clicks", "CTR",
            "Installs",
            "Conversion Rate", "Sessions", "Loyal Users", "Loyal Users/Installs", "Total Revenue",
            "Total Cost",
            "ROI", "ARPU", "Average eCPI",
        ]
        for name in eventNames {
            header += ["\(name) (Unique users)", "\(name) (Event counter)", "\(name) (Sales in USD)"]
        }
        let rows = totals.sorted { $0.key < $1.key }.map { key, row in
            var line = byDate ? [key.date] : []
            if byCountry { line.append(key.country) }
            line += [
                key.agency, key.mediaSource, key.campaign, "0", String(row.clicks), "N/A",
                String(row.installs),
                Self.ratio(Double(row.installs), Double(row.clicks)), String(row.sessions),
                String(row.loyalUsers),
                Self.ratio(Double(row.loyalUsers), Double(row.installs)), Self.amount(row.revenue),
                Self.amount(row.cost),
                Self.ratio(row.revenue - row.cost, row.cost), Self.ratio(row.revenue, Double(row.installs)),
                Self.ratio(row.cost, Double(row.installs)),
            ]
            for name in eventNames {
                let event = row.events[name]
                line += [
                    String(event?.users.count ?? 0), String(event?.count ?? 0),
                    Self.amount(event?.sales ?? 0),
                ]
            }
            return line
        }
        return Self.csv(PullCSV.text(header: header, rows: rows))
    }

    /// `value` as text; empty for none or null.
    static func text(_ value: AttributionValue?) -> String {
        guard let value, !value.isNull else { return "" }
        return value.textValue
    }

    /// `part / whole` with two decimals; `N/A` when `whole` is 0.
    static func ratio(_ part: Double, _ whole: Double) -> String {
        whole == 0 ? "N/A" : amount(part / whole)
    }

    /// `value` with two decimals.
    static func amount(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
