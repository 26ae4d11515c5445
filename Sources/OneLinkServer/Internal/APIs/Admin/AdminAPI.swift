import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport

/// The emulator's own routes under `/onelink-emulator/`, the dashboard and the OpenAPI document.
///
/// `GET /` is the dashboard and `GET /openapi.json` the document. They take no faults, so a fault plan can always be lifted and
/// state reset; they are tagged `admin`, which a contract fuzzer leaves out.
///
/// Their error convention is `{"error_reason", "status_code"}`.
struct AdminAPI: ServerAPI {
    let context: ServerContext
    /// The OpenAPI document `GET /openapi.json` serves, built once from every API's routes.
    let openAPIDocument: @Sendable () -> [UInt8]

    var routes: [RouteEntry] {
        let rules = RouteDoc.Response.json(
            200, "The rules in force", Schema.object(["rules": Schema.array(Schema.string)]))
        let deviceID = RouteDoc.Parameter.path("device-id", "The AppsFlyer ID (device ID) of the install.")
        var routes = [
            RouteEntry(
                .get, "/onelink-emulator/faults", fault: nil,
                doc: Self.doc("The fault plan in force", "adminGetFaults", responses: [rules])
            ) { _ in faults() },
            RouteEntry(
                .put, "/onelink-emulator/faults", fault: nil,
                doc: Self.doc(
                    "Replace the fault plan with the body's rules, one ROUTE=FAULT[,FAULT] a line (as serve --fault)",
                    "adminSetFaults", body: ("text/plain", Schema.string(example: "install_data=status:503")),
                    responses: [rules, .errorReason(400, "A rule that does not read")])
            ) { routed in setFaults(routed.request) },
            RouteEntry(
                .delete, "/onelink-emulator/faults", fault: nil,
                doc: Self.doc("Lift every fault", "adminClearFaults", responses: [rules])
            ) { _ in
                context.setFaultPlan(.none)
                return faults()
            },
            RouteEntry(
                .put, "/onelink-emulator/shortlinks", fault: nil,
                doc: Self.doc(
                    "Add short links, in the format of Payloads/shortlinks.json (as serve --shortlinks)",
                    "adminLoadShortLinks",
                    body: ("application/json", ["type": "object", "additionalProperties": Schema.object]),
                    responses: [
                        .json(200, "The keys loaded", Schema.object(["loaded": Schema.array(Schema.string)])),
                        .errorReason(400, "Not a short-link table"),
                        .errorReason(501, "The configuration has no shortLinkStore"),
                    ])
            ) { routed in loadShortLinks(routed.request) },
            RouteEntry(
                .delete, "/onelink-emulator/devices/{device-id}", fault: nil,
                doc: Self.doc(
                    "Forget a device, so its next install is matched afresh", "adminForgetDevice",
                    parameters: [deviceID],
                    responses: [
                        .json(
                            200, "Whether anything was remembered",
                            Schema.object(["device_id": Schema.string, "forgotten": Schema.boolean]))
                    ])
            ) { routed in forgetDevice(routed[parameter: "device-id"]) },
            RouteEntry(
                .post, "/onelink-emulator/reset", fault: nil,
                doc: Self.doc(
                    "Forget every click, install, device and test device, and lift every fault", "adminReset",
                    responses: [
                        .json(200, "What was reset", Schema.object(["reset": Schema.array(Schema.string)])),
                        .errorReason(503, "The click store could not be emptied"),
                    ])
            ) { _ in await reset() },
            RouteEntry(
                .get, "/onelink-emulator/installs/{device-id}", fault: nil,
                doc: Self.doc(
                    "How the device's install was attributed", "adminInstall", parameters: [deviceID],
                    responses: [.json(200, "The install"), .errorReason(404, "No install from the device")])
            ) { routed in install(of: routed[parameter: "device-id"]) },
            RouteEntry(
                .get, "/onelink-emulator/test-devices", fault: nil,
                doc: Self.doc(
                    "Every registered test device (the Test Console API has no list call)",
                    "adminTestDevices",
                    responses: [
                        .json(
                            200, "The devices",
                            Schema.object(["devices": Schema.array(Schema.ref("TestDevice"))]))
                    ])
            ) { _ in
                let devices = testDeviceRegistry.devices().map {
                    AttributionValue.object(TestConsoleAPI.deviceJSON($0).values)
                }
                return .json(200, ["devices": .array(devices)])
            },
            RouteEntry(
                .get, "/onelink-emulator/health", fault: nil,
                doc: Self.doc(
                    "Whether the server answers: for a container's or load balancer's health check",
                    "adminHealth",
                    responses: [
                        .json(200, "It does", Schema.object(["status": Schema.string(example: "ok")]))
                    ])
            ) { _ in .json(200, ["status": "ok"]) },
            RouteEntry(
                .get, "/openapi.json", fault: nil,
                doc: Self.doc(
                    "This document: every route's OpenAPI 3 operation, generated from the route entries",
                    "openAPIDocument", responses: [.json(200, "The document")])
            ) { _ in
                ServerResponse(
                    status: 200, headers: [(.contentType, "application/json")], body: openAPIDocument())
            },
        ]
        if let dashboard {
            routes.append(
                RouteEntry(
                    .get, "/", fault: nil,
                    doc: Self.doc("The dashboard (HTML)", "dashboard", responses: [.html(200, "The page")])
                ) { _ in dashboardPage(dashboard) })
        }
        return routes
    }

    /// An admin route's documentation, tagged `admin`.
    static func doc(
        _ summary: String, _ operationID: String, parameters: [RouteDoc.Parameter] = [],
        body: (type: String, schema: AttributionValue)? = nil, responses: [RouteDoc.Response]
    ) -> RouteDoc {
        RouteDoc(
            tag: "admin", summary: summary, operationID: operationID, parameters: parameters, body: body,
            responses: responses)
    }

    /// `{"rules": […]}`: the plan in force.
    func faults() -> ServerResponse {
        .json(200, ["rules": .array(Self.ruleTexts(context.faultPlan()).map { .string($0) })])
    }

    /// `PUT /onelink-emulator/faults`: one `ROUTE=FAULT[,FAULT]` rule a line replaces the plan.
    func setFaults(_ request: ServerRequest) -> ServerResponse {
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
        context.setFaultPlan(plan)
        return faults()
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

    func dashboardPage(_ dashboard: DashboardState) -> ServerResponse {
        var page = DashboardPage(
            state: dashboard, faultPlan: context.faultPlan(),
            clickStoreCount: configuration.clickHandler?.store.storedClickCount,
            testDevices: testDeviceRegistry.devices())
        page.pushDeliveries = context.push.sender?.deliveries
        page.apiLinks = oneLinkAPIService?.createdLinks()
        return .page(page.render())
    }
}
