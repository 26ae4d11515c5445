import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// Turns one parsed request into an answer: picks the route, applies faults, calls the backend.
struct Router: Sendable {
    /// The query parameter the redirect faults append to count hops; reserved on every route.
    static let hopParameter = "af_fault_hop"

    let configuration: OneLinkServer.Configuration
    let wrapperBase: String
    let faultPlan: @Sendable () -> FaultPlan
    /// Replaces the server's fault plan (the admin route).
    var setFaultPlan: @Sendable (FaultPlan) -> Void = { _ in }
    /// What the `GET /` dashboard shows, when the configuration asks for one.
    var dashboard: DashboardState?
    /// The OneLink API's state, when the configuration has one.
    var oneLinkAPIService: OneLinkAPIService?
    /// Each device's install answer, for the GCD API.
    var installs = InstallMemory()
    /// The launches and SDK in-app events accepted, for the Test Console's events (Router+TestConsole.swift).
    var launches = LaunchMemory()
    /// The test devices, when the conversion source keeps none (Router+TestConsole.swift).
    var testDevices = TestDeviceRegistry()
    /// Sends Push API postbacks for installs and in-app events, when configured.
    var pushSender: PushPostbackSender?

    enum Route {
        case shortLink(template: String)
        case installData(appID: String)
        case gcd(appID: String)
        case deferred(appID: String)
        case click
        case wrapper
        case event(appID: String)
        case sdkEvent(appID: String)
        case createShortLink(template: String)
        case launch(appID: String)
        case admin(RouteTable.Endpoint)
        case devices(RouteTable.Endpoint, parameters: [String: String])
        case api(RouteTable.Endpoint, parameters: [String: String])
        case methodNotAllowed(allowed: String)
        case methodNotImplemented
        case badPath
    }

    func respond(to original: ServerRequest, clientIP: String) async -> ServerResponse {
        if let dashboard, original.method == "GET", original.path == "/" {
            return dashboardPage(dashboard)
        }
        var request = original
        let hop = Self.stripHop(&request)
        let route = self.route(of: request)
        // The admin route takes no faults, so a plan can always be lifted.
        if case .admin(let endpoint) = route { return admin(request, endpoint: endpoint) }
        if case .devices(let endpoint, let parameters) = route {
            return await devices(request, endpoint: endpoint, parameters: parameters)
        }
        let serverRoute: ServerRoute
        var shortLink: (template: String, shortID: String)?
        switch route {
        case .shortLink(let template):
            serverRoute = .shortLink
            shortLink = (template, query(request, "id") ?? "")
        case .installData: serverRoute = .installData
        case .gcd: serverRoute = .gcd
        case .deferred: serverRoute = .deferred
        case .click: serverRoute = .click
        case .wrapper, .methodNotAllowed, .methodNotImplemented, .badPath, .admin, .devices:
            serverRoute = .wrapper
        case .event: serverRoute = .events
        case .sdkEvent: serverRoute = .sdkEvent
        case .createShortLink: serverRoute = .shortLinkCreation
        case .launch: serverRoute = .launch
        case .api: serverRoute = .oneLinkAPI
        }
        let faults = faultPlan().faults(for: serverRoute, shortLink: shortLink)
        for fault in faults {
            do {
                switch fault {
                case .delay(let duration): try await configuration.clock.sleep(for: duration)
                case .realTimeDelay(let duration): try await Task.sleep(for: duration)
                default: continue
                }
            } catch {
                return .closed
            }
        }
        let shaping = faults.first {
            switch $0 {
            case .delay, .realTimeDelay: false
            default: true
            }
        }
        switch shaping {
        case .status(let code, let body)?:
            guard let body else { return .error(HTTPStatus(code: code), "injected fault") }
            return ServerResponse(
                status: HTTPStatus(code: code), headers: [(.contentType, "application/json")],
                body: Array(body.utf8))
        case .body(let text)?:
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")], body: Array(text.utf8))
        case .garbageBody?:
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")],
                body: Array("<html>not json</html>".utf8))
        case .oversizedBody(let bytes)?:
            let padding = String(repeating: "x", count: max(0, bytes - 14))
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")],
                body: Array("{\"padding\":\"\(padding)\"}".utf8))
        case .closeWithoutResponse?:
            return .closed
        case .redirectChain(let hops)? where hop < hops:
            return Self.redirect(to: Self.appendingHop(hop + 1, to: request.target))
        case .redirectLoop? where hop == 0:
            return Self.redirect(to: Self.appendingHop(1, to: request.target))
        case .redirectLoop?:
            return Self.redirect(to: request.target)
        default:
            break
        }
        var response = await answer(request, route: route, clientIP: clientIP)
        switch shaping {
        case .truncatedBody?: response.ending = .truncate(bytes: response.body.count / 2)
        case .resetMidBody?: response.ending = .reset(bytes: response.body.count / 2)
        case .closeAfterHead?: response.ending = .closeAfterHead
        default: break
        }
        return response
    }

    // MARK: Routing

    private func route(of request: ServerRequest) -> Route {
        guard HTTPMethod.known.contains(request.method) else { return .methodNotImplemented }
        guard let segments = request.pathSegments else { return .badPath }
        // `//shortlink-sdk/v2/x` or `/shortlink-sdk/v2/x/` is not the API path; only wrappers may match it.
        if request.path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).contains(
            where: \.isEmpty),
            request.path != "/"
        {
            return .wrapper
        }
        let isGet = request.method == "GET"
        switch RouteTable.match(method: request.method, segments: segments) {
        case .found(let endpoint, let parameters):
            let last = segments.last ?? ""
            switch endpoint {
            case .sdkShortLink: return .shortLink(template: last)
            case .sdkInstallData: return .installData(appID: last)
            case .gcd: return .gcd(appID: last)
            case .sdkDeferred: return .deferred(appID: last)
            case .s2sEvent: return .event(appID: last)
            case .adminFaultsGet, .adminFaultsSet, .adminFaultsClear, .adminShortLinksLoad:
                return .admin(endpoint)
            case _ where RouteTable.isDeviceEndpoint(endpoint):
                return .devices(endpoint, parameters: parameters)
            case .sdkLaunch:
                // The SDK's launches and in-app events share a path, as on AppsFlyer's hosts; the body tells them apart.
                let body = try? AttributionPayload(json: request.body)
                return body?["eventName"] == nil ? .launch(appID: last) : .sdkEvent(appID: last)
            case .oneLinkV1Create
            where request.header(.authorization) == nil && request.header(.authentication) != nil:
                // The emulated SDK's invite call shares v1's path; it carries the dev key, not an API token.
                return .createShortLink(template: last)
            default: return .api(endpoint, parameters: parameters)
            }
        case .wrongMethod(let allowed):
            return .methodNotAllowed(allowed: allowed.map(\.rawValue).joined(separator: ", "))
        case .none: break
        }
        if let handler = configuration.clickHandler, isClick(request, segments: segments, handler: handler) {
            return isGet || request.method == "HEAD" ? .click : .methodNotAllowed(allowed: "GET, HEAD")
        }
        return .wrapper
    }

    private func isClick(_ request: ServerRequest, segments: [String], handler: ClickHandler) -> Bool {
        let setup = handler.configuration
        if setup.smartLinkDomain != nil, request.path == setup.smartLinkPath { return true }
        guard let first = segments.first else { return false }
        // A raw attribution link, `/{app-id}?pid=…`, as on app.appsflyer.com.
        if segments.count == 1, !setup.templates.contains(first), setup.acceptsAppID(first) { return true }
        return setup.templates.contains(first)
    }

    func query(_ request: ServerRequest, _ name: String) -> String? {
        request.queryItems?.first { $0.name == name }?.value
    }

    private func answer(_ request: ServerRequest, route: Route, clientIP: String) async -> ServerResponse {
        if case .methodNotImplemented = route {
            return .error(
                501,
                "method \(QuotedInput.prefix(request.method.rawValue)) is not implemented "
                    + "(methods are case-sensitive; the server knows \(HTTPMethod.known.map(\.rawValue).sorted().joined(separator: ", ")))"
            )
        }
        if let problem = request.percentDecodingProblem { return .error(400, problem) }
        switch route {
        case .methodNotImplemented: return .error(501, "method not implemented")
        case .badPath: return .error(400, "the path cannot be percent-decoded")
        case .methodNotAllowed(let allowed) where Self.isOneLinkV2Path(request.path):
            return Self.oneLinkV2RouteError(allowed: allowed)
        case .wrapper where Self.isOneLinkV2Path(request.path):
            return Self.oneLinkV2RouteError(allowed: nil)
        case .methodNotAllowed(let allowed):
            var response = ServerResponse.error(405, "\(request.method) is not allowed here; use \(allowed)")
            response.headers.append((.allow, allowed))
            return response
        case .shortLink(let template): return await shortLink(request, template: template)
        case .installData(let appID): return await installData(request, appID: appID)
        case .gcd(let appID): return gcd(request, appID: appID)
        case .deferred(let appID): return await deferred(request, appID: appID)
        case .click: return await click(request, clientIP: clientIP)
        case .wrapper: return await wrapper(request)
        case .event(let appID): return await s2sEvent(request, appID: appID)
        case .sdkEvent(let appID): return await sdkEvent(request, appID: appID)
        case .createShortLink(let template): return await createShortLink(request, template: template)
        case .launch(let appID): return await launch(request, appID: appID)
        case .admin(let endpoint): return admin(request, endpoint: endpoint)
        case .devices(let endpoint, let parameters):
            return await devices(request, endpoint: endpoint, parameters: parameters)
        case .api(let endpoint, let parameters):
            return await oneLinkAPI(request, endpoint: endpoint, parameters: parameters)
        }
    }

    /// Maps a backend failure: an HTTP status keeps its code and reason; anything else is 502.
    static func failure(_ error: any Error) -> ServerResponse {
        if error is CancellationError { return .closed }
        switch AttributionError(wrapping: error) {
        case .httpStatus(let code, let reason) where (100...599).contains(code):
            return .error(HTTPStatus(code: code), reason ?? "HTTP \(code)")
        case let other:
            return .error(502, other.description)
        }
    }

    private func shortLink(_ request: ServerRequest, template: String) async -> ServerResponse {
        guard let shortID = query(request, "id"), !shortID.isEmpty else {
            return .error(400, "missing query parameter id")
        }
        oneLinkAPIService?.purgeIfExpired(template: template, shortID: shortID)
        let headers = request.headerFields
        let host = (request.header(.host) ?? "").split(separator: ":").first.map(String.init) ?? ""
        let link = ShortLinkRequest(
            host: host, template: template, shortID: shortID, link: wrapperBase + request.target,
            headers: headers)
        do {
            let answer = try await configuration.shortLinkResolver.resolve(link)
            // An open through a universal link never reaches the click path: this is its click.
            oneLinkAPIService?.renewOnClick(template: template, shortID: shortID)
            return .json(200, answer)
        } catch {
            return Self.failure(error)
        }
    }

    private func installData(_ request: ServerRequest, appID: String) async -> ServerResponse {
        if let refusal = devKeyRefusal(request, requiringOne: false) { return refusal }
        guard let deviceID = query(request, "device_id"), !deviceID.isEmpty else {
            return .error(400, "missing query parameter device_id")
        }
        guard let timeText = query(request, "install_time"),
            let installTime = AttributionTimestamp.date(from: timeText)
        else { return .error(400, "missing or invalid install_time (yyyy-MM-dd HH:mm:ss.SSS)") }
        let device = DeviceInfo(
            ipAddress: query(request, "ip") ?? "", model: query(request, "model") ?? "",
            osVersion: query(request, "os_version") ?? "", language: query(request, "language") ?? "",
            advertisingID: query(request, "advertising_id"))
        let conversion = InstallAttributionRequest(
            appID: appID, devKey: query(request, "devkey") ?? "", deviceID: deviceID,
            installTime: installTime,
            device: device)
        var install = DashboardState.Install(
            deviceID: deviceID, installTime: timeText, advertisingID: device.advertisingID)
        do {
            let answer = try await configuration.conversionDataSource.conversionData(for: conversion)
            install.answer = answer
            dashboard?.record(install)
            let isNewInstall = installs.remember(
                appID: appID, deviceID: deviceID, answer: answer, advertisingID: device.advertisingID,
                device: device, time: configuration.clock.now)
            if isNewInstall {
                pushInstall(
                    appID: appID, deviceID: deviceID, installTime: timeText, device: device, answer: answer)
            }
            return .json(200, answer)
        } catch {
            install.failure = String(describing: error)
            dashboard?.record(install)
            return Self.failure(error)
        }
    }

    /// The public GCD API for SDK attribution testing: `GET /install_data/v4.0/{app-id}?devkey=&device_id=`
    /// answers the conversion data the device's install got.
    private func gcd(_ request: ServerRequest, appID: String) -> ServerResponse {
        if let refusal = devKeyRefusal(request, requiringOne: true) { return refusal }
        guard let deviceID = query(request, "device_id"), !deviceID.isEmpty,
            let install = installs.install(appID: appID, deviceID: deviceID)
        else { return .error(404, "Attribution data for this AppsFlyer ID is not available") }
        return .json(200, Self.gcdAnswer(install.answer))
    }

    /// The dev-key check of both conversion-data routes: `403 the dev key is wrong or missing` unless
    /// the request's `devkey` is one of ``OneLinkServer/Configuration/devKeys``; `nil` when accepted.
    ///
    /// Without configured keys the public v4.0 API (`requiringOne`) still wants a non-empty key, as
    /// its reference marks `devkey` required; the SDK's own v5.0 path then takes any.
    private func devKeyRefusal(_ request: ServerRequest, requiringOne: Bool) -> ServerResponse? {
        let devKey = query(request, "devkey") ?? ""
        let keys = configuration.devKeys
        let accepted = keys.isEmpty ? !requiringOne || !devKey.isEmpty : keys.contains(devKey)
        return accepted ? nil : .error(403, "the dev key is wrong or missing")
    }

    /// A remembered install answer as the v4.0 reference's non-organic example types it.
    ///
    /// Following https://dev.appsflyer.com/hc/reference/overview-6: `iscache: true` and
    /// `is_incentivized: false` unless the answer has its own, `orig_cost` and `cost_cents_USD` as
    /// numbers, and `campaign: "None"` for a link without `c`. Organic answers are unchanged.
    ///
    /// The SDK's own path keeps what SDK payloads in the field show (strings for costs, `null`
    /// campaign); Docs/behaviour.md has both sides.
    static func gcdAnswer(_ answer: AttributionPayload) -> AttributionPayload {
        guard answer["af_status"]?.stringValue == "Non-organic" else { return answer }
        var page = answer
        if page["iscache"] == nil { page["iscache"] = .bool(true) }
        if page["is_incentivized"] == nil { page["is_incentivized"] = .bool(false) }
        for key in ["orig_cost", "cost_cents_USD"] {
            guard let text = page[key]?.stringValue, let number = Double(text), number.isFinite else {
                continue
            }
            let whole = number.rounded() == number && abs(number) < 1e15
            page[key] = whole ? .int(Int(number)) : .double(number)
        }
        switch page["campaign"] {
        case nil, .null?: page["campaign"] = "None"
        default: break
        }
        return page
    }

    private func deferred(_ request: ServerRequest, appID: String) async -> ServerResponse {
        if query(request, "af_sig") != nil || Self.isDeepLinkAPIBody(request.body) {
            return await deepLinkAPI(request, appID: appID)
        }
        let body: AttributionPayload
        do {
            body = try AttributionPayload(json: request.body)
        } catch {
            return .error(400, "the body is not a JSON object: \(error)")
        }
        guard let deviceID = body["device_id"]?.stringValue, !deviceID.isEmpty else {
            return .error(400, "the body has no device_id string")
        }
        guard let timeText = body["install_time"]?.stringValue,
            let installTime = AttributionTimestamp.date(from: timeText)
        else { return .error(400, "the body has no valid install_time (yyyy-MM-dd HH:mm:ss.SSS)") }
        let device = body["device"]
        let info = DeviceInfo(
            ipAddress: device?["ip"]?.stringValue ?? "", model: device?["model"]?.stringValue ?? "",
            osVersion: device?["os_version"]?.stringValue ?? "",
            language: device?["language"]?.stringValue ?? "",
            advertisingID: device?["advertising_id"]?.stringValue)
        let lookup = InstallAttributionRequest(
            appID: appID, devKey: query(request, "devkey") ?? "", deviceID: deviceID,
            installTime: installTime,
            device: info)
        do {
            let answer = try await configuration.deferredDeepLinkSource.deferredDeepLink(for: lookup)
            return .json(
                200, ["found": .bool(answer.found), "click_event": .object(answer.clickEvent.values)])
        } catch {
            return Self.failure(error)
        }
    }

    private func click(_ request: ServerRequest, clientIP: String) async -> ServerResponse {
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

    private func wrapper(_ request: ServerRequest) async -> ServerResponse {
        guard request.method == "GET" else {
            return .error(404, "no route for \(request.method) \(request.path)")
        }
        let headers = request.headerFields
        do {
            let target = try await configuration.shortLinkResolver.redirectTarget(
                of: wrapperBase + request.target, headers: headers)
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

    /// `GET`, `PUT` (one `ROUTE=FAULT[,FAULT]` rule a line) or `DELETE /onelink-emulator/faults`.
    private func admin(_ request: ServerRequest, endpoint: RouteTable.Endpoint) -> ServerResponse {
        if endpoint == .adminShortLinksLoad { return loadShortLinks(request) }
        switch endpoint {
        case .adminFaultsSet:
            var plan = FaultPlan.none
            let text = String(decoding: request.body, as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline)
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    try plan.add(rule: line.trimmingCharacters(in: .whitespaces))
                } catch {
                    return .error(400, error.description)
                }
            }
            setFaultPlan(plan)
        case .adminFaultsClear: setFaultPlan(.none)
        default: break
        }
        return .json(200, ["rules": .array(Self.ruleTexts(faultPlan()).map { .string($0) })])
    }

    /// The plan's route rules as `ROUTE: FAULT` descriptions, sorted.
    static func ruleTexts(_ plan: FaultPlan) -> [String] {
        plan.rules.map { target, faults in
            let name: String
            switch target {
            case .route(let route): name = route.rawValue
            case .shortLink(let template, let shortID): name = "shortlink \(template)/\(shortID)"
            }
            return "\(name): " + faults.map { "\($0)" }.joined(separator: ", ")
        }.sorted()
    }

    private func dashboardPage(_ dashboard: DashboardState) -> ServerResponse {
        var page = DashboardPage(
            state: dashboard, faultPlan: faultPlan(),
            clickStoreCount: configuration.clickHandler?.store.storedClickCount,
            testDevices: testDeviceRegistry.devices())
        page.pushDeliveries = pushSender?.deliveries
        page.apiLinks = oneLinkAPIService?.createdLinks()
        return ServerResponse(
            status: 200,
            headers: [
                (.contentType, "text/html; charset=utf-8"), (.cacheControl, "no-store"),
                (.contentSecurityPolicy, "default-src 'none'; style-src 'unsafe-inline'"),
                (.contentTypeOptions, "nosniff"),
            ],
            body: Array(page.render().utf8))
    }

    // MARK: Redirect faults

    private static func redirect(to location: String) -> ServerResponse {
        ServerResponse(
            status: 302, headers: [(.location, location), (.contentType, "text/html; charset=utf-8")],
            body: Array("<!DOCTYPE html><a href=\"\(location)\">Continue</a>\n".utf8))
    }

    /// Removes a trailing `af_fault_hop=N` from the target and returns N (0 when absent).
    static func stripHop(_ request: inout ServerRequest) -> Int {
        let marker = hopParameter + "="
        guard let range = request.target.range(of: marker, options: .backwards),
            range.lowerBound > request.target.startIndex
        else { return 0 }
        let separator = request.target[request.target.index(before: range.lowerBound)]
        let digits = request.target[range.upperBound...]
        guard separator == "?" || separator == "&", !digits.isEmpty, digits.count <= 4,
            digits.allSatisfy(\.isASCII), let hop = Int(digits)
        else { return 0 }
        request.target = String(request.target[..<request.target.index(before: range.lowerBound)])
        return hop
    }

    static func appendingHop(_ hop: Int, to target: String) -> String {
        target + (target.contains("?") ? "&" : "?") + hopParameter + "=\(hop)"
    }
}
