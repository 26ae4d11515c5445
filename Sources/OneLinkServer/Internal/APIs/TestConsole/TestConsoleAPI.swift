import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// AppsFlyer's Test Console API (https://dev.appsflyer.com/hc/reference/allowed-devices,
/// https://dev.appsflyer.com/hc/reference/test-console-api-get): test devices and their events.
///
/// Its error convention is the documented `{"error": message}`; every call needs an
/// `Authorization: Bearer` API token and an app the server knows.
struct TestConsoleAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        let base = "/api/test-console/v1.0/app/{app-id}"
        let errors: [RouteDoc.Response] = [400, 401, 404].map {
            .json($0, "A Test Console error", Schema.ref("TestConsoleError"))
        }
        return [
            entry(
                .post, base + "/devices", page: "allowed-devices",
                RouteDoc(
                    tag: Self.tag, summary: "Register a test device", operationID: "testConsoleAddDevice",
                    parameters: [.path("app-id"), Self.bearer],
                    body: (
                        "application/json",
                        Schema.object(
                            [
                                "device_id": Schema.string(example: "09ad6f30-a39c-4c6c-8862-636eabd54709"),
                                "device_id_type": Schema.string(
                                    oneOf: TestDeviceRegistry.IDType.documented.map(\.rawValue)),
                                "device_name": Schema.string(example: "My Device"),
                            ], required: ["device_id", "device_id_type", "device_name"])
                    ),
                    responses: [.json(200, "The registered device", Schema.ref("TestDevice"))] + errors + [
                        .json(409, "The device limit is reached", Schema.ref("TestConsoleError"))
                    ])
            ) { routed, appID in addTestDevice(routed.request, appID: appID) },
            entry(
                .delete, base + "/devices/{device-id}", page: "allowed-devices",
                RouteDoc(
                    tag: Self.tag, summary: "Remove a test device", operationID: "testConsoleRemoveDevice",
                    parameters: [.path("app-id"), .path("device-id"), Self.bearer],
                    responses: [
                        .json(
                            200,
                            "The removed device (also for one not registered, with an X-OneLink-Warning)",
                            Schema.object(["app_id": Schema.string, "device_id": Schema.string]))
                    ] + errors)
            ) { routed, appID in removeTestDevice(appID: appID, id: routed[parameter: "device-id"]) },
            entry(
                .get, base + "/events", page: "test-console-api-get",
                RouteDoc(
                    tag: Self.tag, summary: "A test device's sessions and SDK in-app events",
                    operationID: "testConsoleEvents",
                    parameters: [
                        .path("app-id"), Self.bearer,
                        .query(
                            "device_id", required: true, Schema.string, "The registered test device's ID."),
                        .query(
                            "start_time", required: true, Schema.string(example: "2026-11-27T09:02:26Z"),
                            "UTC ISO 8601, within the past 2 hours."),
                        .query("end_time", required: false, Schema.string, "UTC ISO 8601; now by default."),
                    ],
                    responses: [
                        .json(
                            200, "The events, oldest first",
                            Schema.object(
                                [
                                    "app_id": Schema.string, "device_id": Schema.string,
                                    "max_results": Schema.integer,
                                    "total": Schema.integer, "data": Schema.array(Schema.object),
                                    "response_time": Schema.string,
                                ]))
                    ] + errors)
            ) { routed, appID in testDeviceEvents(routed.request, appID: appID) },
        ]
    }

    /// The tag of every route here.
    static let tag = "Test Console API"

    /// A Test Console route: never faulted, documented by the dev hub's `page`, and answered by
    /// `answer` with the path's app ID once the call's token and app pass.
    private func entry(
        _ method: HTTPMethod, _ path: String, page: String, _ doc: RouteDoc,
        answer: @escaping @Sendable (RoutedRequest, String) -> ServerResponse
    ) -> RouteEntry {
        var doc = doc
        doc.externalDocs = "https://dev.appsflyer.com/hc/reference/" + page
        return RouteEntry(method, path, fault: nil, doc: doc) { [self] routed in
            let appID = routed[parameter: "app-id"]
            return testConsoleRefusal(routed.request, appID: appID) ?? answer(routed, appID)
        }
    }

    /// `Authorization: Bearer {API token}`.
    static let bearer = RouteDoc.Parameter.header(
        "Authorization", required: true,
        ["type": "string", "pattern": "^[Bb][Ee][Aa][Rr][Ee][Rr] .*[^ \\t]"],
        "Bearer and an API token.")
}
