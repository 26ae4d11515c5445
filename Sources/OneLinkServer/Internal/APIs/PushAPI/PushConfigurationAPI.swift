import OneLinkEmulator
import OneLinkSupport

/// AppsFlyer's Push API configuration API (https://dev.appsflyer.com/hc/reference/get_app-app-id):
/// read and replace an app's Push API endpoints, set or delete the authentication token, and list
/// the message types and fields, under `/api/pushapi/v1.0`, backed by the running Push API sender.
///
/// Every call needs `Authorization: Bearer` with an API token (any non-empty one without
/// configured tokens). Errors are the reference's `{"code", "message", "request_id"}`; a server
/// without the Push API (no `--push-url`) answers the documented 402 `MissingAsset`.
struct PushConfigurationAPI: ServerAPI {
    let context: ServerContext

    /// The API's base path: the reference's server is `https://hq1.appsflyer.com/api/pushapi/v1.0/`.
    static let base = "/api/pushapi/v1.0"

    var routes: [RouteEntry] {
        let errors: [RouteDoc.Response] = [
            .json(401, "A missing or refused API token", Self.errorSchema),
            .json(402, "The server has no Push API (start serve with --push-url)", Self.errorSchema),
            .json(403, "An app the server does not know", Self.errorSchema),
        ]
        let invalid: [RouteDoc.Response] = [
            .json(400, "A body that is not JSON", Self.errorSchema),
            .json(422, "A body the schema refuses", Self.errorSchema),
        ]
        let requestID = Schema.object(["request_id": Schema.string])
        return [
            RouteEntry(
                .get, Self.base + "/app/{app-id}", fault: nil,
                doc: Self.doc(
                    "Get an app's Push API configuration", "pushConfigurationGet", "get_app-app-id",
                    [.path("app-id")],
                    responses: [
                        .json(200, "The endpoints", Schema.object(["endpoints": Schema.array(Schema.object)]))
                    ] + errors)
            ) { routed in
                refusal(routed.request, appID: routed[parameter: "app-id"]) ?? configurationAnswer()
            },
            RouteEntry(
                .put, Self.base + "/app/{app-id}", fault: nil,
                doc: Self.doc(
                    "Replace an app's Push API endpoints", "pushConfigurationUpdate", "put_app-app-id",
                    [.path("app-id")],
                    body: Schema.object(["endpoints": Schema.array(Schema.object)], required: ["endpoints"]),
                    responses: [.json(200, "The endpoints were replaced", requestID)] + invalid + errors)
            ) { routed in
                refusal(routed.request, appID: routed[parameter: "app-id"])
                    ?? updateConfiguration(routed.request)
            },
            RouteEntry(
                .put, Self.base + "/tokens/app/{app_id}", fault: nil,
                doc: Self.doc(
                    "Set the Push API authentication token", "pushConfigurationSetToken",
                    "authentication-token",
                    [.path("app_id")],
                    body: Schema.object(
                        ["token": Schema.string, "token_name": Schema.string(example: "Authorization")],
                        required: ["token"]),
                    responses: [
                        .json(
                            200, "The token was set",
                            Schema.object(["request_id": Schema.string, "message": Schema.string]))
                    ] + invalid + errors)
            ) { routed in
                refusal(routed.request, appID: routed[parameter: "app_id"]) ?? setToken(routed.request)
            },
            RouteEntry(
                .delete, Self.base + "/tokens/app/{app_id}", fault: nil,
                doc: Self.doc(
                    "Delete the Push API authentication token", "pushConfigurationDeleteToken",
                    "authentication-token", [.path("app_id")],
                    responses: [.json(200, "The token was deleted", requestID)] + errors)
            ) { routed in
                refusal(routed.request, appID: routed[parameter: "app_id"]) ?? deleteToken()
            },
            RouteEntry(
                .get, Self.base + "/event-types/{attributing-entity}", fault: nil,
                doc: Self.doc(
                    "The message types of an attributing entity", "pushConfigurationEventTypes",
                    "get_event-types-attributing-entity",
                    [
                        RouteDoc.Parameter(
                            name: "attributing-entity", location: .path, required: true,
                            schema: Schema.string(oneOf: ["appsflyer", "skadnetwork"]))
                    ],
                    responses: [
                        .json(
                            200, "The message types",
                            Schema.object([
                                "event_types": Schema.array(Schema.string), "request_id": Schema.string,
                            ])),
                        .json(401, "A missing or refused API token", Self.errorSchema),
                        .json(422, "An unknown attributing entity", Self.errorSchema),
                    ])
            ) { routed in
                tokenRefusal(routed.request) ?? eventTypes(entity: routed[parameter: "attributing-entity"])
            },
            RouteEntry(
                .get, Self.base + "/fields/{platform}", fault: nil,
                doc: Self.doc(
                    "The message fields of a platform", "pushConfigurationFields", "get_fields-platform",
                    [
                        RouteDoc.Parameter(
                            name: "platform", location: .path, required: true,
                            schema: Schema.string(oneOf: ["android", "ios", "windowsphone"]))
                    ],
                    responses: [
                        .json(
                            200, "The fields",
                            Schema.object([
                                "fields": Schema.array(Schema.string), "request_id": Schema.string,
                            ])),
                        .json(401, "A missing or refused API token", Self.errorSchema),
                        .json(422, "An unknown platform", Self.errorSchema),
                    ])
            ) { routed in
                tokenRefusal(routed.request) ?? fields(platform: routed[parameter: "platform"])
            },
        ]
    }

    /// The reference's error: `{"code", "message", "request_id"}`.
    static let errorSchema = Schema.object(
        ["code": Schema.string, "message": Schema.string, "request_id": Schema.string],
        required: ["code", "message"])

    private static func doc(
        _ summary: String, _ operationID: String, _ page: String, _ parameters: [RouteDoc.Parameter],
        body: AttributionValue? = nil, responses: [RouteDoc.Response]
    ) -> RouteDoc {
        RouteDoc(
            tag: "Push API configuration", summary: summary, operationID: operationID,
            externalDocs: "https://dev.appsflyer.com/hc/reference/\(page)",
            parameters: parameters + [TestConsoleAPI.bearer], body: body.map { ("application/json", $0) },
            responses: responses)
    }
}
