import Foundation
import OneLinkEmulator
import OneLinkSupport

/// AppsFlyer's Pull API: raw-data reports (installs, in-app events, organic and retargeting) and
/// aggregate reports as CSV, built from what the server recorded: the installs it answered, the
/// SDK's and the S2S API's in-app events, the launches and the clicks.
///
/// `GET /api/raw-data/export/app/{app-id}/{report}/v5` and `/api/agg-data/export/app/…` take an API
/// token V2 in `Authorization: Bearer`
/// (https://dev.appsflyer.com/hc/reference/get_app-id-installs-report-v5); the older
/// `GET /export/{app-id}/{report}/v5` takes it as `api_token` (API token V1, the path older clients
/// call). Errors are the reference's `{"message": …}` with the statuses it lists.
struct PullAPI: ServerAPI {
    let context: ServerContext
    /// The calls counted against the rate limits.
    let quota = PullAPIQuota()

    var routes: [RouteEntry] {
        let rawReports = PullReport.rawData.map(\.rawValue)
        let aggregateReports = PullReport.aggregate.map(\.rawValue)
        return [
            RouteEntry(
                .get, "/api/raw-data/export/app/{app-id}/{report}/v5", fault: nil,
                doc: Self.doc(
                    summary: "A raw-data report as CSV (Pull API, API token V2)", operationID: "pullRawData",
                    reports: rawReports, bearer: true, raw: true)
            ) { routed in await report(routed, kind: .rawData, bearer: true) },
            RouteEntry(
                .get, "/api/agg-data/export/app/{app-id}/{report}/v5", fault: nil,
                doc: Self.doc(
                    summary: "An aggregate report as CSV (Pull API, API token V2)",
                    operationID: "pullAggregate",
                    reports: aggregateReports, bearer: true, raw: false)
            ) { routed in await report(routed, kind: .aggregate, bearer: true) },
            RouteEntry(
                .get, "/export/{app-id}/{report}/v5", fault: nil,
                doc: Self.doc(
                    summary: "A raw-data or aggregate report as CSV (Pull API, API token V1 in api_token)",
                    operationID: "pullExportV1", reports: rawReports + aggregateReports, bearer: false,
                    raw: true)
            ) { routed in await report(routed, kind: .either, bearer: false) },
        ]
    }

    /// Which reports a path serves.
    enum Kind: Sendable {
        case rawData, aggregate, either
    }

    private static func doc(
        summary: String, operationID: String, reports: [String], bearer: Bool, raw: Bool
    ) -> RouteDoc {
        var parameters: [RouteDoc.Parameter] = [
            .path("app-id"),
            RouteDoc.Parameter(
                name: "report", location: .path, required: true, schema: Schema.string(oneOf: reports)),
            .query(
                "from", required: true, Schema.string(example: "2026-11-27"),
                "yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss, in timezone."),
            .query("to", required: true, Schema.string(example: "2026-11-28"), "As from; inclusive."),
            .query("timezone", Schema.string(example: "Europe/Paris"), "An IANA time zone; UTC by default."),
            .query("media_source"),
            .query("category", Schema.string(oneOf: ["standard", "facebook", "twitter"])),
            .query("currency", Schema.string(oneOf: ["preferred", "USD"])),
            .query("reattr", Schema.string(oneOf: ["true", "false"]), "Retargeting data."),
        ]
        if raw {
            parameters += [
                .query("additional_fields", Schema.string, "Comma-separated extra columns."),
                .query("maximum_rows", ["type": "integer", "enum": [200_000, 1_000_000]]),
                .query("event_name", Schema.string, "Comma-separated event names (in-app event reports)."),
                .query("geo", Schema.string, "A country code."), .query("agency"),
            ]
        }
        parameters.append(
            bearer
                ? TestConsoleAPI.bearer
                : .query("api_token", required: true, Schema.token, "The API token V1."))
        let error = Schema.ref("Message")
        return RouteDoc(
            tag: "Pull API", summary: summary, operationID: operationID,
            externalDocs: "https://dev.appsflyer.com/hc/reference/get_app-id-installs-report-v5",
            parameters: parameters,
            responses: [
                RouteDoc.Response(
                    status: 200, description: "The report", content: ("text/csv", Schema.string)),
                RouteDoc.Response(
                    status: 400,
                    description:
                        "A bad parameter, an unknown report (plain text), the 90-day lookback or the daily quota",
                    content: nil),
                .json(401, "A missing or refused API token", error),
                .html(404, "An app the server does not know"),
                .json(403, "An aggregate report asked again within a minute, or past its daily quota", error),
            ])
    }
}
