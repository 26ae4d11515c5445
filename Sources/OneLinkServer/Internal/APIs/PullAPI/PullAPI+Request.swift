import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The Pull API's checks, in the order it answers them: the token, the report, the app, the
/// parameters, the lookback and the rate limits.
extension PullAPI {
    /// Answers a report call.
    func report(_ routed: RoutedRequest, kind: Kind, bearer: Bool) async -> ServerResponse {
        let request = routed.request
        let appID = routed[parameter: "app-id"]
        if let refusal = tokenRefusal(request, bearer: bearer) { return refusal }
        let name = routed[parameter: "report"]
        guard let base = PullReport(rawValue: name),
            kind == .either || (kind == .aggregate) == base.isAggregate
        else {
            // As AppsFlyer answered a misspelt report (PostHog issue 64004): plain text.
            return Self.plainText(400, "Invalid query: Unknown report type: \(QuotedInput.prefix(name))")
        }
        if let handler = configuration.clickHandler, !handler.configuration.appIDs.isEmpty,
            !handler.configuration.acceptsAppID(appID)
        {
            return Self.notFoundPage
        }
        let query: PullQuery
        do throws(Rejection) {
            query = try pullQuery(request, report: base, appID: appID)
        } catch {
            return error.response
        }
        let now = configuration.clock.now
        if base.isAggregate {
            let key = name + (query.retargeting ? " reattr" : "")
            guard quota.takeAggregate(appID: appID, report: key, days: query.days, at: now) else {
                return Self.pullError(403, "Limit reached for \(name)")
            }
            return await aggregateReport(query)
        }
        guard query.start >= now.addingTimeInterval(-90 * 86_400) else {
            return Self.pullError(400, "Raw reports historical lookback is limited to 90 days")
        }
        guard quota.takeRaw(appID: appID, report: query.report, at: now) else {
            return Self.pullError(
                400, "Your API calls limit has been reached for report type \(query.report.rawValue)")
        }
        return rawReport(query)
    }

    /// The reference's error body, `{"message": text}`.
    static func pullError(_ status: HTTPStatus, _ message: String) -> ServerResponse {
        .json(status, ["message": .string(QuotedInput.message(message))])
    }

    /// The documented 404 for an app ID the server does not know: "AppsFlyer 404 error message page
    /// displays", an HTML page (a real one starts `<!DOCTYPE h`, tap-appsflyer issue 22).
    static let notFoundPage = ServerResponse(
        status: 404, headers: [(.contentType, "text/html; charset=utf-8")],
        body: Array(
            "<!DOCTYPE html>\n<html><head><title>404</title></head><body><h1>404</h1><p>Page not found</p></body></html>\n"
                .utf8))

    /// `text/csv` with `text`.
    static func csv(_ text: String) -> ServerResponse {
        ServerResponse(
            status: 200, headers: [(.contentType, "text/csv; charset=utf-8")], body: Array(text.utf8))
    }

    /// The 401 for a missing token or one not among the API tokens (any non-empty one without them):
    /// `Authorization: Bearer` on the `/api/` paths, `api_token` on `/export/`.
    private func tokenRefusal(_ request: ServerRequest, bearer: Bool) -> ServerResponse? {
        let token: String
        if bearer {
            let header = request.header(.authorization) ?? ""
            token = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : ""
        } else {
            token = form(request, "api_token") ?? ""
        }
        let tokens = configuration.oneLinkAPI?.tokens ?? []
        guard !token.isEmpty, tokens.isEmpty || tokens.contains(token) else {
            return Self.pullError(401, "Supplied API token is invalid")
        }
        return nil
    }

    /// The call's parameters, or the 400 naming the first bad one.
    private func pullQuery(
        _ request: ServerRequest, report base: PullReport, appID: String
    ) throws(Rejection)
        -> PullQuery
    {
        func refuse(_ message: String) -> Rejection { Rejection(response: Self.pullError(400, message)) }
        let zoneName = form(request, "timezone") ?? ""
        guard let timeZone = zoneName.isEmpty ? TimeZone(identifier: "UTC") : TimeZone(identifier: zoneName)
        else {
            throw refuse(
                "Invalid timezone: \(QuotedInput.prefix(zoneName)); use an IANA time zone such as Europe/Paris"
            )
        }
        let reattr: Bool
        switch form(request, "reattr")?.lowercased() {
        case nil, "", "false": reattr = false
        case "true": reattr = true
        case let other?: throw refuse("Invalid reattr: \(QuotedInput.prefix(other)); use true or false")
        }
        let format = "yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss"
        guard let fromText = form(request, "from"), let toText = form(request, "to") else {
            throw refuse("from and to are required (\(format))")
        }
        guard let from = PullQuery.moment(fromText, in: timeZone) else {
            throw refuse("Invalid from: \(QuotedInput.prefix(fromText)); use \(format)")
        }
        guard let to = PullQuery.moment(toText, in: timeZone) else {
            throw refuse("Invalid to: \(QuotedInput.prefix(toText)); use \(format)")
        }
        guard from.first < to.after else { throw refuse("from is after to") }
        if let currency = form(request, "currency"), !["preferred", "USD"].contains(currency) {
            throw refuse("Invalid currency: \(QuotedInput.prefix(currency)); use preferred or USD")
        }
        if let category = form(request, "category"), !["standard", "facebook", "twitter"].contains(category) {
            throw refuse(
                "Invalid category: \(QuotedInput.prefix(category)); use standard, facebook or twitter")
        }
        var pull = PullQuery(
            report: base.retargeting(reattr), retargeting: reattr, appID: appID, start: from.first,
            end: to.after,
            timeZone: timeZone)
        pull.mediaSource = form(request, "media_source").flatMap { $0.isEmpty ? nil : $0 }
        pull.geo = form(request, "geo").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        pull.agencies = Self.list(form(request, "agency")).map(Set.init)
        pull.eventNames = Self.list(form(request, "event_name")).map(Set.init)
        guard !base.isAggregate else { return pull }
        switch form(request, "maximum_rows") {
        case nil, "200000": pull.maximumRows = 200_000
        case "1000000": pull.maximumRows = 1_000_000
        default: throw refuse("Invalid limit type")
        }
        var fields: [String] = []
        for field in Self.list(form(request, "additional_fields")) ?? [] where !fields.contains(field) {
            guard RawDataColumns.additional.contains(field) else {
                throw refuse("Invalid additional_fields: \(QuotedInput.prefix(field))")
            }
            fields.append(field)
        }
        pull.additionalFields = fields
        return pull
    }

    /// The first value of query parameter `name`, form-decoded: `+` is a space, as the clients that
    /// build the query with form encoding (Python's requests, R's httr) send `from=2026-11-27+10:00`.
    func form(_ request: ServerRequest, _ name: String) -> String? {
        for item in (request.query ?? "").split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decoded = parts.map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            if decoded[0] == name { return decoded.count > 1 ? decoded[1] ?? "" : "" }
        }
        return nil
    }

    /// A comma-separated list, blanks dropped; `nil` when there is none.
    private static func list(_ text: String?) -> [String]? {
        let names = (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter
        {
            !$0.isEmpty
        }
        return names.isEmpty ? nil : names
    }
}
