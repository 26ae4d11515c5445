import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// OneLink clicks (long and short links, raw attribution links, the smart link), the link debugger
/// (`?debug=1` on any click link), and every other `GET`: a wrapped link the resolver may redirect,
/// a landing page, or a 404.
///
/// Its error convention is `{"error_reason", "status_code"}`.
struct ClicksAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        guard let handler = configuration.clickHandler else { return [] }
        let isClick = RouteEntry.Discriminator.rule(
            "the first segment is one of the click handler's templates, or an app ID it accepts (a raw "
                + "attribution link), or the path is its smart link's"
        ) { request in Self.isClick(request, handler: handler) }
        let parameters: [RouteDoc.Parameter] = [
            SDKAPI.oneLinkID, .path("shortlink-id"),
            .query(
                "debug", required: false, Schema.string(oneOf: ["1"]),
                "The link debugger: the routing decision for each platform and browser instead of the click."),
            .query(
                "format", required: false, Schema.string(oneOf: ["json"]),
                "With debug=1, JSON instead of HTML (as does Accept: application/json)."),
        ]
        let responses: [RouteDoc.Response] = [
            RouteDoc.Response(
                status: 200,
                description: "The in-app-browser interstitial page, or with debug=1 the link debugger",
                content: nil),
            RouteDoc.Response(status: 302, description: "Where the click goes", content: nil),
            .errorReason(400, "A link the click handler refuses"),
            .errorReason(404, "Not a click path: a wrapped link the resolver does not redirect"),
            .errorReason(503, "The click could not be recorded"),
        ]
        return [
            RouteEntry(
                .get, "/{onelink-id}/{shortlink-id}", fault: .click, when: isClick, anyPath: true,
                doc: RouteDoc(
                    tag: "Clicks",
                    summary: "A click on a OneLink (short or long), or the link debugger with debug=1",
                    operationID: "click", parameters: parameters, responses: responses)
            ) { routed in await click(routed.request, clientIP: routed.clientIP) },
            RouteEntry(
                .head, "/{onelink-id}/{shortlink-id}", fault: .click, when: isClick, anyPath: true,
                doc: RouteDoc(
                    tag: "Clicks",
                    summary: "A link checker's look at a click: the GET's answer, no click recorded",
                    operationID: "clickPreview", parameters: Array(parameters.prefix(2)),
                    responses: responses.map {
                        RouteDoc.Response(status: $0.status, description: $0.description, content: nil)
                    })
            ) { routed in await click(routed.request, clientIP: routed.clientIP) },
        ]
    }
}

extension ClicksAPI {
    static func isClick(_ request: ServerRequest, handler: ClickHandler) -> Bool {
        guard let segments = request.pathSegments else { return false }
        let setup = handler.configuration
        if setup.smartLinkDomain != nil, request.path == setup.smartLinkPath { return true }
        guard let first = segments.first else { return false }
        // A raw attribution link, `/{app-id}?pid=…`, as on app.appsflyer.com.
        if segments.count == 1, !setup.templates.contains(first), setup.acceptsAppID(first) { return true }
        return setup.templates.contains(first)
    }

    func click(_ request: ServerRequest, clientIP: String) async -> ServerResponse {
        guard let handler = configuration.clickHandler else { return .error(404, "no click handler") }
        if let service = oneLinkAPIService, let segments = request.pathSegments, segments.count == 2 {
            service.purgeIfExpired(template: segments[0], shortID: segments[1])
        }
        let setup = handler.configuration
        let requestHost = (request.header(.host) ?? "").split(separator: ":").first.map {
            $0.lowercased()
        }
        let domain: String
        if let segments = request.pathSegments, segments.count == 1, !setup.templates.contains(segments[0]),
            setup.acceptsAppID(segments[0])
        {
            domain = ClickHandler.Configuration.attributionLinkDomain
        } else if let requestHost, setup.universalLinkDomains.contains(requestHost) {
            domain = requestHost
        } else if let smart = setup.smartLinkDomain, request.path == setup.smartLinkPath {
            domain = smart
        } else if let first = setup.oneLinkDomains.sorted().first ?? setup.customDomains.sorted().first {
            domain = first
        } else {
            return .error(400, "the click handler has no OneLink domain")
        }
        if wantsDebugger(request) { return await linkDebugger(request, domain: domain, handler: handler) }
        let headers = request.headerFields
        let forwarded = request.header(.forwardedFor)
        let click = ClickRequest(
            url: "https://\(domain)\(request.target)", ipAddress: forwarded == nil ? clientIP : nil,
            headers: headers, advertisingID: request.header(.oneLinkAdvertisingID),
            deviceID: request.header(.oneLinkDeviceID))
        do {
            // A HEAD comes from link checkers and crawlers, not users: it gets the GET's answer but is no click.
            let isHead = request.method == "HEAD"
            let decision = try await isHead ? handler.preview(click) : handler.handle(click)
            if let recorded = decision.recordedClick { dashboard?.record(recorded) }
            if !isHead, case .shortLink(let template, let shortID) = decision.link.kind {
                oneLinkAPIService?.renewOnClick(template: template, shortID: shortID)
            }
            guard let http = decision.httpResponse else {
                return .error(500, "the click opened the app, so no server answer exists")
            }
            return ServerResponse(
                status: HTTPStatus(code: http.status),
                headers: http.headers.sorted { $0.key < $1.key }.map { (HTTPFieldName($0.key), $0.value) },
                body: Array(http.body.utf8))
        } catch .storageFailed(let reason) {
            return .error(503, "the click could not be recorded: \(reason)")
        } catch {
            return .error(400, error.description)
        }
    }

    func wrapper(_ request: ServerRequest) async -> ServerResponse {
        guard request.method == "GET" else {
            return .error(404, "no route for \(request.method) \(request.path)")
        }
        let headers = request.headerFields
        do {
            let target = try await configuration.shortLinkResolver.redirectTarget(
                of: context.wrapperBase + request.target, headers: headers)
            if let target { return Self.redirect(to: target) }
        } catch {
            return Self.failure(error)
        }
        if configuration.landingPaths.contains(request.path) {
            return ServerResponse(
                status: 200, headers: [(.contentType, "text/html; charset=utf-8")],
                body: Array("<!DOCTYPE html><title>Landing</title><p>This page does not redirect.</p>\n".utf8)
            )
        }
        return .error(404, "no route for GET \(request.path)")
    }
}
