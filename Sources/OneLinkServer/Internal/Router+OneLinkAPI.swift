import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The OneLink API routes: v2.0 under `/api/v2.0/`, and v1 under `/shortlink/v1/` for old clients.
extension Router {
    /// Answers one OneLink API call; `parameters` are the route's path parameters.
    func oneLinkAPI(
        _ request: ServerRequest, endpoint: RouteTable.Endpoint, parameters: [String: String]
    ) async -> ServerResponse {
        let version: OneLinkAPIService.Version
        switch endpoint {
        case .oneLinkV1Create, .oneLinkV1Get, .oneLinkV1Update, .oneLinkV1Delete: version = .v1
        default: version = .v2
        }
        do throws(OneLinkAPIError) {
            guard let service = oneLinkAPIService else { throw .featureNotEnabled }
            let isWrite = ["POST", "PUT", "DELETE"].contains(request.method)
            try service.admit(
                token: request.header(.authorization), version: version, isWrite: isWrite,
                isQR: endpoint == .oneLinkV2QR)
            let template = parameters["onelink-id"] ?? ""
            switch endpoint {
            case .oneLinkV2Create:
                try requireKnownTemplate(template)
                let body = try Self.apiBody(request)
                let url = try service.create(
                    version: .v2, template: template, shortID: body["shortlink_id"]?.stringValue,
                    ttl: body["ttl"], brandDomain: body["brand_domain"], data: body["data"])
                return .json(200, ["shortlink_url": .string(url)])
            case .oneLinkV2Get:
                let link = try service.link(template: template, shortID: parameters["shortlink-id"] ?? "")
                // A link no API created never expires here; it answers as one just given the default TTL.
                let ttlSeconds = link.record?.ttlSeconds ?? OneLinkAPIService.defaultTTLSeconds
                let expiry =
                    link.record?.expiry ?? service.now.addingTimeInterval(TimeInterval(ttlSeconds))
                return .json(
                    200,
                    [
                        "payload": .object(Self.queryParameters(link.payload)),
                        "expiry": .string(Self.isoTimestamp(expiry)), "ttl": .int(ttlSeconds),
                    ])
            case .oneLinkV2Update:
                let body = try Self.apiBody(request)
                let url = try service.update(
                    version: .v2, template: template, shortID: parameters["shortlink-id"] ?? "",
                    ttl: body["ttl"], brandDomain: body["brand_domain"], data: body["data"])
                return .json(200, ["shortlink_url": .string(url)])
            case .oneLinkV2Delete:
                try service.delete(
                    version: .v2, template: template, shortID: parameters["shortlink-id"] ?? "")
                return ServerResponse(
                    status: 200, headers: [(.contentType, "application/json")],
                    body: Array(AttributionValue.string("ok").jsonData()))
            case .oneLinkV2QR:
                return try qrCode(request, service: service, template: template, parameters: parameters)
            case .oneLinkV2Quota:
                return .json(200, ["remaining_api_calls": .int(service.remainingQuota(of: .v2))])
            case .oneLinkV1Create:
                try requireKnownTemplate(template)
                let body = try Self.apiBody(request)
                let url = try service.create(
                    version: .v1, template: template, shortID: query(request, "id"), ttl: body["ttl"],
                    brandDomain: body["brand_domain"], data: body["data"])
                return Self.plainText(200, url)
            case .oneLinkV1Get:
                let link = try service.link(template: template, shortID: try Self.v1ID(request))
                return .json(200, AttributionPayload(Self.queryParameters(link.payload)))
            case .oneLinkV1Update:
                let shortID = try Self.v1ID(request)
                let body = try Self.apiBody(request)
                let url = try service.update(
                    version: .v1, template: template, shortID: shortID, ttl: body["ttl"],
                    brandDomain: body["brand_domain"], data: body["data"])
                return Self.plainText(200, url)
            case .oneLinkV1Delete:
                try service.delete(version: .v1, template: template, shortID: try Self.v1ID(request))
                return Self.plainText(200, "ok")
            case .sdkShortLink, .sdkInstallData, .sdkDeferred, .sdkLaunch, .gcd, .s2sEvent, .adminFaultsGet,
                .adminShortLinksLoad,
                .adminFaultsSet, .adminFaultsClear:
                // The router answers these itself; it never hands them here.
                return .error(500, "not a OneLink API route")
            case .adminForgetDevice, .adminReset, .adminInstall, .testConsoleAddDevice,
                .testConsoleRemoveDevice,
                .testConsoleListDevices, .testConsoleEvents:
                return .error(500, "not a OneLink API route")
            }
        } catch {
            if version == .v1 { return Self.plainText(HTTPStatus(code: error.status), error.v1Message) }
            return .json(
                HTTPStatus(code: error.status),
                ["error_type": .string(error.errorType), "message": .string(error.message)])
        }
    }

    /// Refuses a create under a `onelink-id` the click handler does not know (when it knows any), since
    /// a click on the link would find no template.
    private func requireKnownTemplate(_ template: String) throws(OneLinkAPIError) {
        guard let templates = configuration.clickHandler?.configuration.templates, !templates.isEmpty else {
            return
        }
        guard templates.contains(template) else { throw .templateNotFound }
    }

    /// A link's parameters as the get calls answer them: the query parameters they are, so every
    /// value is a string (`true`, `26`), as in the reference's example; a `null` is left out.
    static func queryParameters(_ payload: AttributionPayload) -> [String: AttributionValue] {
        payload.values.compactMapValues { $0.isNull ? nil : .string($0.textValue) }
    }

    /// Whether `path` is under v2.0's prefix, where every answer is the API's JSON error shape.
    static func isOneLinkV2Path(_ path: String) -> Bool {
        path == "/api/v2.0" || path.hasPrefix("/api/v2.0/")
    }

    /// The 404 or 405 of a path under `/api/v2.0/` that is none of the API's calls (or a method one
    /// does not take), in the API's `{"error_type", "message"}` shape.
    static func oneLinkV2RouteError(allowed: String?) -> ServerResponse {
        let error: OneLinkAPIError = allowed.map { .methodNotAllowed(allowed: $0) } ?? .routeNotFound
        var response = ServerResponse.json(
            HTTPStatus(code: error.status),
            ["error_type": .string(error.errorType), "message": .string(error.message)])
        if let allowed { response.headers.append((.allow, allowed)) }
        return response
    }

    /// `GET …/qr`: the link as a QR code, `{"qr": "image/png;base64,…"}`, or
    /// `{"qr": "image/jpeg;base64,…"}` for `format=jpg` or `jpeg`.
    private func qrCode(
        _ request: ServerRequest, service: OneLinkAPIService, template: String, parameters: [String: String]
    ) throws(OneLinkAPIError) -> ServerResponse {
        let shortID = parameters["shortlink-id"] ?? ""
        let link = try service.link(template: template, shortID: shortID)
        guard let record = link.record, record.createdBy == .v2 else { throw .invalidSource }
        var size = 300
        if let text = query(request, "size") {
            guard let value = Int(text), (21...3000).contains(value) else {
                throw .invalidQRParameter("size")
            }
            size = value
        }
        var isJPEG = false
        if let format = query(request, "format") {
            guard ["png", "jpg", "jpeg"].contains(format) else { throw .invalidQRParameter("format") }
            isJPEG = format != "png"
        }
        var margin = true
        if let text = query(request, "margin") {
            guard let value = Bool(text) else { throw .invalidQRParameter("margin") }
            margin = value
        }
        var domain = record.domain
        if let brand = query(request, "brand_domain"), !brand.isEmpty {
            // The QR reference lists no 403; an unusable parameter there is `400 Invalid QR parameter`.
            guard service.settings.brandDomains.contains(brand.lowercased()) else {
                throw .invalidQRParameter("brand_domain")
            }
            domain = brand.lowercased()
        }
        let url = "https://\(domain)/\(template)/\(shortID)"
        guard let code = QRCode(text: url) else {
            throw .invalidQRParameter("the link is too long for a QR code")
        }
        // The reference's example answer has no "data:" before the media type; neither does this.
        let image =
            isJPEG
            ? "image/jpeg;base64," + Data(code.jpeg(size: size, margin: margin)).base64EncodedString()
            : "image/png;base64," + Data(code.png(size: size, margin: margin)).base64EncodedString()
        return .json(200, ["qr": .string(image)])
    }

    /// The JSON object body of an API call, or 400 `invalid_parameter`.
    private static func apiBody(_ request: ServerRequest) throws(OneLinkAPIError) -> AttributionPayload {
        do {
            return try AttributionPayload(json: request.body)
        } catch {
            throw .invalidRequestBody("the body is not a JSON object")
        }
    }

    /// v1's `?id=` short-link ID, or 400.
    private static func v1ID(_ request: ServerRequest) throws(OneLinkAPIError) -> String {
        guard let id = request.queryItems?.first(where: { $0.name == "id" })?.value, !id.isEmpty else {
            throw .invalidRequestBody("missing query parameter id")
        }
        return id
    }

    static func plainText(_ status: HTTPStatus, _ text: String) -> ServerResponse {
        ServerResponse(
            status: status, headers: [(.contentType, "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// `2024-07-01T12:00:00Z`, as the get call's `expiry`.
    static func isoTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
