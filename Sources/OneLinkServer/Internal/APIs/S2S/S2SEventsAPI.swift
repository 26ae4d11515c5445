import OneLinkEmulator
import OneLinkSupport

/// The server-to-server event API, as api3.appsflyer.com answers it.
///
/// `POST /inappevent/{app_id}` with the S2S key in `authentication`. Its error convention is plain text (`Failed to
/// Authenticate`, `Unauthorized`, …), the status's own words.
struct S2SEventsAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        [
            RouteEntry(
                .post, "/inappevent/{app-id}", fault: .events,
                doc: RouteDoc(
                    tag: "S2S events",
                    summary: "Server-to-server in-app event, as api3.appsflyer.com answers it",
                    operationID: "s2sInAppEvent",
                    externalDocs: "https://dev.appsflyer.com/hc/reference/s2s-events-api3-overview",
                    parameters: [
                        .path("app-id"),
                        .header("authentication", required: true, Schema.token, "The S2S key."),
                    ],
                    body: (
                        "application/json",
                        Schema.object(
                            [
                                "appsflyer_id": Schema.string, "eventName": Schema.string,
                                "eventValue": Schema.string,
                                "eventTime": Schema.string(example: "2019-05-15 12:17:01.123"),
                                "eventCurrency": Schema.string, "customer_user_id": Schema.string,
                            ], required: ["appsflyer_id", "eventName", "eventValue"])
                    ),
                    responses: [
                        .text(200, "OK"), .text(400, "A missing key or a bad payload"),
                        .text(401, "A refused key"),
                        .text(403, "The plan takes no S2S events, or the app is not the key's"),
                        .text(500, "The recorder failed"),
                    ])
            ) { routed in await s2sEvent(routed.request, appID: routed[parameter: "app-id"]) }
        ]
    }
}
