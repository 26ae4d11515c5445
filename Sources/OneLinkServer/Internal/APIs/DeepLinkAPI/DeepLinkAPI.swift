import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The deep linking REST API for SDK-less apps (`POST /v1.0/ios/{app_id}?af_sig=`), as
/// https://dev.appsflyer.com/hc/reference/post_ios-app-id documents it.
///
/// It shares its method and path with the SDK's deferred lookup (``SDKAPI``) and is told apart by its
/// `af_sig`, or by a body of its own shape. Its error convention is the documented
/// `400 {"message":"Bad Request"}`, with the emulator's reason in `X-OneLink-Emulator-Reason`.
struct DeepLinkAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        [
            RouteEntry(
                .post, SDKEndpoint.deferredDeepLink.template, fault: .deferred,
                when: .rule("the query has `af_sig`, or the body has the API's fields and no `device_id`") {
                    request in
                    request.queryItems?.contains { $0.name == "af_sig" } == true
                        || Self.isDeepLinkAPIBody(request.body)
                },
                doc: RouteDoc(
                    tag: "Deep linking REST API",
                    summary:
                        "The deep linking REST API for SDK-less apps: the deferred deep link of a first launch",
                    operationID: "deepLinkingLookup",
                    externalDocs: "https://dev.appsflyer.com/hc/reference/post_ios-app-id",
                    parameters: [
                        .path("app-id"),
                        .query(
                            "af_sig", required: true, Schema.string,
                            "Lowercase hex HMAC-SHA256 of the body's timestamp + ip, with the dev key as the secret."
                        ),
                    ],
                    body: ("application/json", Self.requestSchema),
                    responses: [
                        .json(
                            200, "Whether a click was found, and its documented click event",
                            Self.answerSchema),
                        .json(
                            400, "`{\"message\":\"Bad Request\"}`, the reason in X-OneLink-Emulator-Reason",
                            Schema.ref("Message")),
                        .json(503, "The click store could not be read", Schema.ref("Message")),
                    ])
            ) { routed in await deepLinkAPI(routed.request, appID: routed[parameter: "app-id"]) }
        ]
    }

    /// The request body the reference documents.
    static let requestSchema = Schema.object(
        [
            "is_first": Schema.string(oneOf: ["true", "false"]), "lang": Schema.string(example: "en-US"),
            "os": Schema.string(example: "17.4"),
            "timestamp": Schema.string(example: "2015-01-22T08:45:33.412"),
            "type": Schema.string(example: "iPhone"), "ip": Schema.string(example: "203.0.113.7"),
            "idfa": Schema.ref("DeepLinkAPIDeviceID"), "idfv": Schema.ref("DeepLinkAPIDeviceID"),
            "att_status": ["type": "integer", "enum": [1, 2, 3, 4]], "open_referrer": Schema.string,
            "request_id": Schema.string,
            "sharing_filter": Schema.oneOf([Schema.string, Schema.array(Schema.string)]),
        ], required: deepLinkAPIRequiredFields)

    /// `{found, click_event}`.
    static let answerSchema = Schema.object(
        ["found": Schema.boolean, "click_event": Schema.object], required: ["found", "click_event"])
}
