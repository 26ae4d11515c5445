import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The SDK's own calls, in the emulator's wire format (`Docs/http.md`): short-link resolution,
/// conversion data, the deferred lookup, launches, in-app events and invite links.
///
/// Its error convention is `{"error_reason", "status_code"}`; a backend's HTTP failure keeps its
/// status and reason, any other failure is 502.
struct SDKAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        [
            RouteEntry(
                .get, SDKEndpoint.shortLinkResolution.template, fault: .shortLink,
                doc: RouteDoc(
                    tag: "SDK", summary: "The SDK resolves a short link (emulator wire format)",
                    operationID: "sdkResolveShortLink",
                    parameters: [
                        Self.oneLinkID, .query("id", required: true, Schema.string, "The short-link ID."),
                    ],
                    responses: [
                        .json(200, "The link's parameters"), .errorReason(400, "No id"),
                        .errorReason(404, "No such link"), .errorReason(502, "The resolver failed"),
                    ])
            ) { routed in await shortLink(routed.request, template: routed[parameter: "onelink-id"]) },
            RouteEntry(
                .get, SDKEndpoint.installData.template, fault: .installData,
                doc: RouteDoc(
                    tag: "SDK",
                    summary: "The SDK asks for its install's conversion data (emulator wire format)",
                    operationID: "sdkConversionData",
                    parameters: [
                        .path("app-id"), .query("devkey"), .query("device_id", required: true),
                        .query(
                            "install_time", required: true, Schema.string(example: "2020-08-12 15:08:33.500")),
                        .query("ip"), .query("model"), .query("os_version"), .query("language"),
                        .query("advertising_id"),
                    ],
                    responses: [
                        .json(200, "The conversion data"),
                        .errorReason(400, "A missing or invalid parameter"),
                        .errorReason(403, "A dev key the server refuses"),
                        .errorReason(502, "The conversion-data source failed"),
                    ])
            ) { routed in await installData(routed.request, appID: routed[parameter: "app-id"]) },
            RouteEntry(
                .post, SDKEndpoint.deferredDeepLink.template, fault: .deferred,
                doc: RouteDoc(
                    tag: "SDK",
                    summary: "The SDK's deferred deep-link lookup (emulator wire format, with devkey)",
                    operationID: "sdkDeferredDeepLink",
                    parameters: [
                        .path("app-id"), .query("devkey", required: false, Schema.string, "The dev key."),
                    ],
                    body: (
                        "application/json",
                        Schema.object(
                            [
                                "device_id": Schema.string, "install_time": Schema.string,
                                "device": Schema.object,
                            ], required: ["device_id", "install_time"])
                    ),
                    responses: [
                        .json(
                            200, "Whether a click was found, and its privacy-filtered parameters",
                            DeepLinkAPI.answerSchema),
                        .errorReason(400, "A body that is not the lookup's"),
                        .errorReason(502, "The deferred source failed"),
                    ])
            ) { routed in await deferred(routed.request, appID: routed[parameter: "app-id"]) },
            RouteEntry(
                .post, SDKEndpoint.inAppEvent.template, fault: .sdkEvent, when: .bodyKey("eventName"),
                doc: RouteDoc(
                    tag: "SDK", summary: "The SDK's in-app event (the launch path, with an eventName)",
                    operationID: "sdkInAppEvent", parameters: [.path("app-id"), Self.devKeyHeader],
                    body: ("application/json", Self.launchBody),
                    responses: [
                        .json(200, "The recorder's answer"), .errorReason(400, "A body that is not an event"),
                        .errorReason(502, "The event recorder failed"),
                    ])
            ) { routed in await sdkEvent(routed.request, appID: routed[parameter: "app-id"]) },
            RouteEntry(
                .post, SDKEndpoint.launch.template, fault: .launch,
                doc: RouteDoc(
                    tag: "SDK",
                    summary: "The SDK's launch request, or its in-app event when the body has an eventName",
                    operationID: "sdkLaunch", parameters: [.path("app-id"), Self.devKeyHeader],
                    body: ("application/json", Self.launchBody),
                    responses: [
                        .json(200, "The recorder's answer"),
                        .errorReason(400, "A body that is not a launch, or a dev key the recorder refuses"),
                        .errorReason(502, "The launch recorder failed"),
                    ])
            ) { routed in await launch(routed.request, appID: routed[parameter: "app-id"]) },
            RouteEntry(
                .post, SDKEndpoint.shortLinkCreation.template, fault: .shortLinkCreation,
                when: .rule("the request carries a dev key in `authentication` and no `authorization`") {
                    request in
                    request.header(.authorization) == nil && request.header(.authentication) != nil
                },
                doc: RouteDoc(
                    tag: "SDK", summary: "The emulated SDK's user-invite link (dev key in authentication)",
                    operationID: "sdkCreateInviteLink", parameters: [Self.oneLinkID, Self.devKeyHeader],
                    body: ("application/json", Schema.ref("LinkBody")),
                    responses: [
                        .text(200, "The link"), .errorReason(400, "A body that is not a link"),
                        .errorReason(404, "The server creates no links"),
                        .errorReason(502, "The creator failed"),
                    ])
            ) { routed in await createShortLink(routed.request, template: routed[parameter: "onelink-id"]) },
        ]
    }

    /// `{onelink-id}`: the OneLink template ID.
    static let oneLinkID = RouteDoc.Parameter.path("onelink-id", "The OneLink template ID.")
    /// The dev key, in `authentication`: any text, an empty one included, unless the server is given
    /// dev keys, so the document promises no length (a contract fuzzer's empty key is not a refusal).
    static let devKeyHeader = RouteDoc.Parameter.header(
        "authentication", required: false, Schema.string,
        "The dev key: one of the server's dev keys when it has any, else anything.")
    /// A launch's or event's body.
    static let launchBody = Schema.object(
        [
            "appsflyer_id": Schema.string, "counter": Schema.integer, "customer_user_id": Schema.string,
            "eventName": Schema.string, "eventValue": Schema.oneOf([Schema.object, Schema.string]),
            "eventTime": Schema.string, "eventCurrency": Schema.string, "af_deeplink": Schema.string,
        ], required: ["appsflyer_id"])
}
