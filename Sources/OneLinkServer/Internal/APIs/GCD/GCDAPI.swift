import OneLinkEmulator
import OneLinkSupport

/// The public conversion-data API for SDK attribution testing (GCD, v4.0).
///
/// It reads back the answer each device's install got. Its error convention is `{"error_reason", "status_code"}`.
struct GCDAPI: ServerAPI {
    let context: ServerContext

    var routes: [RouteEntry] {
        [
            RouteEntry(
                .get, "/install_data/v4.0/{app-id}", fault: .gcd,
                doc: RouteDoc(
                    tag: "GCD", summary: "Conversion data for SDK attribution testing (GCD API v4.0)",
                    operationID: "gcdConversionData",
                    externalDocs: "https://dev.appsflyer.com/hc/reference/overview-6",
                    parameters: [
                        .path("app-id"), .query("devkey", required: true, Schema.token),
                        .query("device_id", required: true, Schema.string, "The AppsFlyer ID."),
                    ],
                    responses: [
                        .json(200, "The conversion data"), .errorReason(403, "A missing or refused dev key"),
                        .errorReason(404, "No install from this device"),
                    ])
            ) { routed in gcd(routed.request, appID: routed[parameter: "app-id"]) }
        ]
    }
}

extension GCDAPI {
    /// The public GCD API for SDK attribution testing: `GET /install_data/v4.0/{app-id}?devkey=&device_id=`
    /// answers the conversion data the device's install got.
    func gcd(_ request: ServerRequest, appID: String) -> ServerResponse {
        if let refusal = Self.devKeyRefusal(request, configuration: configuration, requiringOne: true) {
            return refusal
        }
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
    static func devKeyRefusal(
        _ request: ServerRequest, configuration: OneLinkServer.Configuration, requiringOne: Bool
    ) -> ServerResponse? {
        let devKey = request.queryValue("devkey") ?? ""
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
}
