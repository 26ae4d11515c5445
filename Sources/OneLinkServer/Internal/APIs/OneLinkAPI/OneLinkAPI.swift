import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The public OneLink API: v2.0 under `/api/v2.0/`, and the sunset v1 under `/shortlink/v1/`.
///
/// It owns the links it created and their TTLs, rate limits and quotas (``OneLinkAPIService``). Its
/// error conventions are v2.0's `{"error_type", "message"}` (every answer under `/api/v2.0`, a path
/// that is no call included) and v1's plain text.
struct OneLinkAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        let link = "/api/v2.0/shortlinks/{onelink-id}/{shortlink-id}"
        let v2Link = [SDKAPI.oneLinkID, Self.shortLinkID, Self.token]
        let v1Link = [SDKAPI.oneLinkID, Self.token, .query("id", required: true)]
        return [
            RouteEntry(
                .post, "/api/v2.0/shortlinks/{onelink-id}", fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "create a link", "oneLinkV2Create", [SDKAPI.oneLinkID, Self.token],
                    body: Schema.ref("LinkBody"), success: .json(200, "The link", Self.shortLinkURL),
                    errors: [400, 401, 403, 404, 409, 429])
            ) { routed in createV2(routed) },
            RouteEntry(
                .get, link, fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "get a link's payload, expiry and ttl", "oneLinkV2Get", v2Link,
                    success: .json(
                        200, "The link",
                        Schema.object(
                            [
                                "payload": Schema.object,
                                "expiry": Schema.string(example: "2024-07-01T12:00:00Z"),
                                "ttl": Schema.integer,
                            ])), errors: [401, 404, 429])
            ) { routed in getV2(routed) },
            RouteEntry(
                .put, link, fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "update a link (payload, ttl, brand domain)", "oneLinkV2Update", v2Link,
                    body: Schema.ref("LinkBody"), success: .json(200, "The link", Self.shortLinkURL),
                    errors: [400, 401, 403, 404, 429])
            ) { routed in updateV2(routed) },
            RouteEntry(
                .delete, link, fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "delete a link", "oneLinkV2Delete", v2Link,
                    success: .json(200, "Deleted", Schema.string(example: "ok")),
                    errors: [400, 401, 404, 429])
            ) { routed in deleteV2(routed) },
            RouteEntry(
                .get, link + "/qr", fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "the link as a QR code (a base64 PNG or JPEG)", "oneLinkV2QRCode",
                    v2Link + [
                        .query("size", required: false, ["type": "integer", "minimum": 21, "maximum": 3000]),
                        .query("format", required: false, Schema.string(oneOf: ["png", "jpg", "jpeg"])),
                        .query("brand_domain"), .query("margin", required: false, Schema.boolean),
                    ],
                    success: .json(200, "The QR code", Schema.object(["qr": Schema.string])),
                    errors: [400, 401, 404, 429])
            ) { routed in qrV2(routed) },
            RouteEntry(
                .get, "/api/v2.0/shortlinks-quota/{account-id}", fault: .oneLinkAPI,
                doc: Self.v2Doc(
                    "create, update and delete calls left this month", "oneLinkV2Quota",
                    [.path("account-id"), Self.token],
                    success: .json(200, "The quota", Schema.object(["remaining_api_calls": Schema.integer])),
                    errors: [401, 429])
            ) { routed in quotaV2(routed) },
            RouteEntry(
                .post, "/shortlink/v1/{onelink-id}", fault: .oneLinkAPI,
                doc: Self.v1Doc(
                    "create a link", "oneLinkV1Create",
                    [
                        SDKAPI.oneLinkID, Self.token,
                        .query("id", required: false, Schema.string, "A custom short-link ID."),
                    ],
                    body: Schema.ref("LinkBody"), errors: [400, 401, 403, 404, 409, 429])
            ) { routed in createV1(routed) },
            RouteEntry(
                .get, "/shortlink/v1/{onelink-id}", fault: .oneLinkAPI,
                doc: Self.v1Doc(
                    "a link's parameters", "oneLinkV1Get", v1Link, success: .json(200, "The parameters"),
                    errors: [400, 401, 404, 429])
            ) { routed in getV1(routed) },
            RouteEntry(
                .put, "/shortlink/v1/{onelink-id}", fault: .oneLinkAPI,
                doc: Self.v1Doc(
                    "update a link", "oneLinkV1Update", v1Link, body: Schema.ref("LinkBody"),
                    errors: [400, 401, 403, 404, 429])
            ) { routed in updateV1(routed) },
            RouteEntry(
                .delete, "/shortlink/v1/{onelink-id}", fault: .oneLinkAPI,
                doc: Self.v1Doc("delete a link", "oneLinkV1Delete", v1Link, errors: [400, 401, 404, 429])
            ) { routed in deleteV1(routed) },
        ]
    }

    /// v2.0's JSON 404 or 405 for a path under `/api/v2.0` that is no call, or a method it does not take.
    func unmatched(_ request: ServerRequest, allowed: [HTTPMethod]) -> ServerResponse? {
        guard Self.isOneLinkV2Path(request.path) else { return nil }
        return Self.oneLinkV2RouteError(
            allowed: allowed.isEmpty ? nil : allowed.map(\.rawValue).joined(separator: ", "))
    }

    // MARK: Handlers

    func createV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2) { service throws(OneLinkAPIError) in
            let url = try create(routed, .v2, service: service) { body in body["shortlink_id"]?.stringValue }
            return .json(200, ["shortlink_url": .string(url)])
        }
    }

    func getV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2) { service throws(OneLinkAPIError) in
            let link = try service.link(
                template: routed[parameter: "onelink-id"], shortID: routed[parameter: "shortlink-id"])
            // A link no API created never expires here; it answers as one just given the default TTL.
            let ttlSeconds = link.record?.ttlSeconds ?? OneLinkAPIService.defaultTTLSeconds
            let expiry = link.record?.expiry ?? service.now.addingTimeInterval(TimeInterval(ttlSeconds))
            return .json(
                200,
                [
                    "payload": .object(Self.queryParameters(link.payload)),
                    "expiry": .string(Self.isoTimestamp(expiry)), "ttl": .int(ttlSeconds),
                ])
        }
    }

    func updateV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2) { service throws(OneLinkAPIError) in
            let body = try Self.apiBody(routed.request)
            let url = try service.update(
                version: .v2, template: routed[parameter: "onelink-id"],
                shortID: routed[parameter: "shortlink-id"],
                ttl: body["ttl"], brandDomain: body["brand_domain"], data: body["data"])
            return .json(200, ["shortlink_url": .string(url)])
        }
    }

    func deleteV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2) { service throws(OneLinkAPIError) in
            try service.delete(
                version: .v2, template: routed[parameter: "onelink-id"],
                shortID: routed[parameter: "shortlink-id"])
            return ServerResponse(
                status: 200, headers: [(.contentType, "application/json")],
                body: Array(AttributionValue.string("ok").jsonData()))
        }
    }

    func qrV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2, isQR: true) { service throws(OneLinkAPIError) in
            try qrCode(
                routed.request, service: service, template: routed[parameter: "onelink-id"],
                shortID: routed[parameter: "shortlink-id"])
        }
    }

    func quotaV2(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v2) { service in
            .json(200, ["remaining_api_calls": .int(service.remainingQuota(of: .v2))])
        }
    }

    func createV1(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v1) { service throws(OneLinkAPIError) in
            Self.plainText(
                200, try create(routed, .v1, service: service) { _ in query(routed.request, "id") })
        }
    }

    /// Creates the link a create call asks for: the template must be one the server knows, and
    /// `chosenID` reads the short ID the caller chose, where the version keeps it, or `nil`.
    private func create(
        _ routed: RoutedRequest, _ version: OneLinkAPIService.Version, service: OneLinkAPIService,
        chosenID: (AttributionPayload) -> String?
    ) throws(OneLinkAPIError) -> String {
        let template = routed[parameter: "onelink-id"]
        try requireKnownTemplate(template)
        let body = try Self.apiBody(routed.request)
        return try service.create(
            version: version, template: template, shortID: chosenID(body), ttl: body["ttl"],
            brandDomain: body["brand_domain"], data: body["data"])
    }

    func getV1(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v1) { service throws(OneLinkAPIError) in
            let link = try service.link(
                template: routed[parameter: "onelink-id"], shortID: try Self.v1ID(routed.request))
            return .json(200, AttributionPayload(Self.queryParameters(link.payload)))
        }
    }

    func updateV1(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v1) { service throws(OneLinkAPIError) in
            let shortID = try Self.v1ID(routed.request)
            let body = try Self.apiBody(routed.request)
            let url = try service.update(
                version: .v1, template: routed[parameter: "onelink-id"], shortID: shortID, ttl: body["ttl"],
                brandDomain: body["brand_domain"], data: body["data"])
            return Self.plainText(200, url)
        }
    }

    func deleteV1(_ routed: RoutedRequest) -> ServerResponse {
        call(routed, .v1) { service throws(OneLinkAPIError) in
            try service.delete(
                version: .v1, template: routed[parameter: "onelink-id"],
                shortID: try Self.v1ID(routed.request))
            return Self.plainText(200, "ok")
        }
    }

    /// Admits one call (token, rate limit, quota for writes), runs `body`, and answers a refusal in
    /// the version's error shape.
    private func call(
        _ routed: RoutedRequest, _ version: OneLinkAPIService.Version, isQR: Bool = false,
        _ body: (OneLinkAPIService) throws(OneLinkAPIError) -> ServerResponse
    ) -> ServerResponse {
        let request = routed.request
        do throws(OneLinkAPIError) {
            guard let service = oneLinkAPIService else { throw .featureNotEnabled }
            try service.admit(
                token: request.header(.authorization), version: version,
                isWrite: [.post, .put, .delete].contains(request.method), isQR: isQR)
            return try body(service)
        } catch {
            if version == .v1 { return Self.plainText(HTTPStatus(code: error.status), error.v1Message) }
            var response = ServerResponse.json(
                HTTPStatus(code: error.status),
                ["error_type": .string(error.errorType), "message": .string(error.message)])
            if let reason = error.reason { response.headers.append((.oneLinkEmulatorReason, reason)) }
            return response
        }
    }

    // MARK: Documentation

    static let shortLinkID = RouteDoc.Parameter.path("shortlink-id")
    static let token = RouteDoc.Parameter.header(
        "authorization", required: true, Schema.token, "The OneLink API token.")
    static let shortLinkURL = Schema.object(
        ["shortlink_url": Schema.string(example: "https://myapp.onelink.me/A1b3/my_shortlink_id")])

    /// A v2.0 call: its success and `{"error_type", "message"}` errors.
    static func v2Doc(
        _ summary: String, _ operationID: String, _ parameters: [RouteDoc.Parameter],
        body: AttributionValue? = nil, success: RouteDoc.Response, errors: [Int]
    ) -> RouteDoc {
        doc(
            "OneLink API v2.0", page: "onelink-rest-api-v20", summary: "OneLink API v2.0: \(summary)",
            operationID, parameters, body: body,
            responses: [success]
                + Set(errors + [403]).sorted().map {
                    .json($0, "A OneLink API v2.0 error", Schema.ref("V2Error"))
                })
    }

    /// A v1 call: plain-text answers.
    static func v1Doc(
        _ summary: String, _ operationID: String, _ parameters: [RouteDoc.Parameter],
        body: AttributionValue? = nil, success: RouteDoc.Response = .text(200, "The link, or ok"),
        errors: [Int]
    ) -> RouteDoc {
        doc(
            "OneLink API v1", page: "onelinkapi_overview", summary: "OneLink API v1 (sunset): \(summary)",
            operationID, parameters, body: body,
            responses: [success] + Set(errors + [403]).sorted().map { .text($0, "A OneLink API v1 error") })
    }

    /// A call of either version: tagged `tag`, following the dev hub's `page`, with a JSON body
    /// when it takes one.
    private static func doc(
        _ tag: String, page: String, summary: String, _ operationID: String,
        _ parameters: [RouteDoc.Parameter], body: AttributionValue?, responses: [RouteDoc.Response]
    ) -> RouteDoc {
        RouteDoc(
            tag: tag, summary: summary, operationID: operationID,
            externalDocs: "https://dev.appsflyer.com/hc/reference/" + page, parameters: parameters,
            body: body.map { ("application/json", $0) }, responses: responses)
    }
}
