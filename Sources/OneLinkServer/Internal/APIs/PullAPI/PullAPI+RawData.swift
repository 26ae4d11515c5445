import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The raw-data reports: one row per install the server answered, or per in-app event it accepted
/// (the SDK's and the S2S API's), with the Push API's raw-data fields (PushPostbackSender+Messages).
extension PullAPI {
    /// One report row: its time (the install's, or the event's) and its fields by raw-data name.
    struct RawRow: Sendable {
        var time: Date
        var fields: [String: String]
    }

    /// The CSV of `query`'s raw-data report, rows in time order.
    func rawReport(_ query: PullQuery) -> ServerResponse {
        let rows = (query.report.listsEvents ? eventRows(query) : installRows(query))
            .filter { $0.time >= query.start && $0.time < query.end && matches($0.fields, query) }
            .sorted { $0.time < $1.time }
            .prefix(query.maximumRows)
        let fields = RawDataColumns.defaults.map(\.field) + query.additionalFields
        let header =
            RawDataColumns.defaults.map(\.header)
            + query.additionalFields.map(RawDataColumns.header(ofAdditional:))
        let lines = rows.map { row in fields.map { row.fields[$0] ?? "" } }
        return Self.csv(PullCSV.text(header: header, rows: lines))
    }

    /// The installs of the report's kind: non-organic, organic, or re-attributions (retargeting).
    func installRows(_ query: PullQuery) -> [RawRow] {
        installs.installs(appID: query.appID).compactMap { install in
            let time = Self.installTime(install)
            let message = PushPostbackSender.installMessage(
                appID: install.appID, deviceID: install.deviceID,
                installTime: AttributionTimestamp.string(from: time),
                device: install.device ?? DeviceInfo(), answer: install.answer)
            let kind: PullReport =
                switch message.messageType {
                case "re-attribution": .retargetingInstalls
                case "organic-install", "organic-reinstall": .organicInstalls
                default: .installs
                }
            guard kind == query.report else { return nil }
            var fields = message.fields
            fields["customer_user_id"] =
                launches.launches(appID: install.appID, deviceIDs: [install.deviceID])
                .first { $0.customerUserID?.isEmpty == false }?.customerUserID ?? ""
            return RawRow(time: time, fields: reportFields(fields, install: install, query: query))
        }
    }

    /// The in-app events of the report's kind, attributed as the Push API attributes them.
    func eventRows(_ query: PullQuery) -> [RawRow] {
        context.records.events.entries(appID: query.appID).compactMap { entry in
            let event = entry.event
            let install = installs.install(appID: event.appID, deviceID: event.deviceID)
            // As the Push API attributes it (PushAPI.pushEvent): a re-engagement the Push API credited
            // since the install, a re-attribution's window, else the install, or after a
            // re-attribution's window the device's former install.
            let installTime = install?.answer["install_time"]?.stringValue.flatMap(
                AttributionTimestamp.date(from:))
            let reengagement = context.push.sender?.reengagement(deviceID: event.deviceID).flatMap {
                engagement in
                installTime.map { engagement.openTime >= $0 } == true ? engagement : nil
            }
            let former = install?.advertisingID.flatMap { advertisingID in
                installs.installs(appID: event.appID, advertisingID: advertisingID).first {
                    $0.deviceID != event.deviceID
                }
            }
            let message = PushPostbackSender.eventMessage(
                event, source: entry.source.rawValue, install: install?.answer, reengagement: reengagement,
                formerInstall: former?.answer, device: install?.device)
            let kind: PullReport =
                switch message.messageType {
                case "re-attribution-in-app-event", "re-engagement-in-app-event": .retargetingInAppEvents
                case "organic-install-in-app-event": .organicInAppEvents
                default: .inAppEvents
                }
            guard kind == query.report else { return nil }
            var fields = message.fields
            let currency = entry.event.currencyCode ?? ""
            if currency.isEmpty || currency.uppercased() == "USD" {
                fields["event_revenue_usd"] = fields["event_revenue"] ?? ""
            }
            return RawRow(
                time: entry.event.time, fields: reportFields(fields, install: install, query: query))
        }
    }

    /// The install's time: its answer's `install_time`, else when the server answered it.
    static func installTime(_ install: InstallMemory.Install) -> Date {
        install.answer["install_time"]?.stringValue.flatMap(AttributionTimestamp.date(from:)) ?? install.time
    }

    /// The Push API fields as report columns: times in the query's time zone, the install's device
    /// model as `Device Type`, and the additional fields the emulator knows.
    private func reportFields(
        _ message: [String: String], install: InstallMemory.Install?, query: PullQuery
    ) -> [String: String] {
        var fields = message
        for key in ["attributed_touch_time", "install_time", "event_time"] {
            if let text = fields[key], let date = AttributionTimestamp.date(from: text) {
                fields[key] = query.reportTime(date)
            }
        }
        fields["device_type"] = install?.device?.model ?? ""
        fields["is_primary_attribution"] = fields["is_primary_attribution"] ?? "true"
        if fields["is_retargeting"] == nil { fields["is_retargeting"] = "false" }
        // The conversion data's own keys that are raw-data fields the Push API messages leave out,
        // for an attributed row only (an organic row has no partner, cost or windows).
        if fields["campaign_type"] != "organic", let answer = install?.answer {
            for key in [
                "af_prt", "af_ad_type", "af_sub_siteid", "af_cost_model", "af_cost_value", "af_cost_currency",
                "af_attribution_lookback", "af_reengagement_window", "original_url",
            ] {
                if let value = answer[key], !value.isNull { fields[key] = value.textValue }
            }
        }
        return fields
    }

    /// Whether a row passes the `media_source`, `event_name`, `geo` and `agency` filters.
    private func matches(_ fields: [String: String], _ query: PullQuery) -> Bool {
        if let source = query.mediaSource, fields["media_source"] != source { return false }
        if let names = query.eventNames, query.report.listsEvents, !names.contains(fields["event_name"] ?? "")
        {
            return false
        }
        if let geo = query.geo, fields["country_code"]?.uppercased() != geo { return false }
        if let agencies = query.agencies, !agencies.contains(fields["af_prt"] ?? "") { return false }
        return true
    }
}
