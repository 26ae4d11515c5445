import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import Testing

/// Where `serve` followed field evidence or its own contract and the dev hub pages say otherwise
/// (issue 42's audit): the GCD v4.0 answer's keys and types
/// (https://dev.appsflyer.com/hc/reference/overview-6), the dev key on the SDK's own conversion-data
/// path, and the deep linking REST API's hashed IDs, missing `af_sig` and `custom_params`
/// (https://dev.appsflyer.com/hc/reference/post_ios-app-id).
@Suite("Server: GCD v4.0 and deep linking REST API against their pages", .timeLimit(.minutes(5)))
struct GCDAndDeepLinkAPIPageTests {
    static let idfa = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    /// SHA-1 and MD5 of ``idfa`` as lowercase hex.
    static let sha1IDFA = "e03ab52d2b53b2f8f6fe7fc86048c14e0cd0e29f"
    static let md5IDFA = "2418ceba08ba025328a97b64972c91bd"

    typealias Running = ClickStoreServer

    /// A server with a click handler (raw attribution links on `id1234567890`, template `H5hv`)
    /// whose clicks drive both conversion data and the deep linking REST API.
    func withServer(devKeys: Set<String> = ["GOOD"], _ body: (Running) async throws -> Void) async throws {
        try await body(
            try Running(appIDs: ["id1234567890"], shortLinks: InMemoryShortLinkResolver()) {
                $0.devKeys = devKeys
                $0.deviceMemory = nil
                $0.landingPaths = []
            })
    }

    static func get(_ target: String, on running: Running) async throws -> RouteAnswer {
        try await running.send("GET", target)
    }

    /// A phone's click on `target` from 203.0.113.7.
    static func click(_ target: String, on running: Running) async throws -> RouteAnswer {
        try await running.send(
            "GET", target,
            headers: [
                "User-Agent: \(DeepLinkAPITests.safari)", "Accept-Language: en-US",
                "X-Forwarded-For: 203.0.113.7",
            ])
    }

    /// The SDK's own install request, through the package's HTTP client, from another IP address.
    static func install(
        _ deviceID: String, devKey: String = "GOOD", advertisingID: String? = idfa, running: Running
    ) async throws -> AttributionPayload {
        try await running.install(deviceID, devKey: devKey, advertisingID: advertisingID)
    }

    @Test(
        "v4.0 answers the page's keys and types (iscache, is_incentivized, numeric costs, campaign None); v5.0 keeps the field's"
    )
    func gcdHasThePagesKeys() async throws {
        try await withServer { running in
            let click = try await Self.click(
                "/id1234567890?pid=my_test_source&idfa=\(Self.idfa)", on: running)
            #expect(click.status == 302)
            let sdkAnswer = try await Self.install("af-1", running: running)
            // The SDK's own path: strings for costs, null campaign, no iscache (the SDK adds it).
            #expect(sdkAnswer["orig_cost"] == "0.0")
            #expect(sdkAnswer["cost_cents_USD"] == "0")
            #expect(sdkAnswer["campaign"] == .null)
            #expect(sdkAnswer["iscache"] == nil)
            #expect(sdkAnswer["is_incentivized"] == nil)

            let response = try await Self.get(
                "/install_data/v4.0/id1234567890?devkey=GOOD&device_id=af-1", on: running)
            #expect(response.status == 200)
            #expect(response.body.contains(#""orig_cost":0,"#))
            #expect(response.body.contains(#""cost_cents_USD":0,"#))
            let page = try AttributionPayload(jsonString: response.body)
            #expect(page["af_status"] == "Non-organic")
            #expect(page["match_type"] == "id_matching")
            #expect(page["media_source"] == "my_test_source")
            #expect(page["campaign"] == "None")
            #expect(page["iscache"] == .bool(true))
            #expect(page["is_incentivized"] == .bool(false))
            #expect(page["is_retargeting"] == .bool(false))
            #expect(page["orig_cost"] == .int(0))
            #expect(page["cost_cents_USD"] == .int(0))
            #expect(page["idfa"] == .string(Self.idfa))
            #expect(page["af_click_lookback"] == "7d")
            #expect(page["retargeting_conversion_type"] == "none")
            // Every key of the page's non-organic example is there.
            let example: Set<String> = [
                "is_universal_link", "adgroup", "match_type", "campaign", "is_branded_link", "media_source",
                "adset_id", "campaign_id", "esp_name", "iscache", "install_time", "adgroup_id",
                "redirect_response_data", "orig_cost", "click_time", "agency", "cost_cents_USD",
                "is_retargeting", "af_cpi", "af_click_lookback", "engmnt_source", "af_siteid", "idfa",
                "http_referrer", "retargeting_conversion_type", "is_incentivized", "af_sub5", "af_sub4",
                "adset", "af_sub1", "af_sub3", "af_sub2", "af_status",
            ]
            #expect(example.subtracting(page.values.keys).isEmpty)
        }
    }

    @Test("v4.0 costs with cents are numbers too, a campaign stays, and an organic answer is unchanged")
    func gcdCostsAndOrganic() async throws {
        try await withServer { running in
            _ = try await Self.click(
                "/id1234567890?pid=paid&c=spring&af_cost_value=6.5&af_cost_currency=USD&idfa=\(Self.idfa)",
                on: running)
            let sdkAnswer = try await Self.install("af-2", running: running)
            #expect(sdkAnswer["orig_cost"] == "6.5")
            #expect(sdkAnswer["cost_cents_USD"] == "650")
            let page = try AttributionPayload(
                jsonString: try await Self.get(
                    "/install_data/v4.0/1234567890?devkey=GOOD&device_id=af-2", on: running
                ).body)
            #expect(page["orig_cost"] == .double(6.5))
            #expect(page["cost_cents_USD"] == .int(650))
            #expect(page["campaign"] == "spring")

            let organic = try await Self.install("af-3", advertisingID: nil, running: running)
            #expect(organic["af_status"] == "Organic")
            let organicPage = try await Self.get(
                "/install_data/v4.0/id1234567890?devkey=GOOD&device_id=af-3", on: running)
            #expect(try AttributionPayload(jsonString: organicPage.body) == organic)
            #expect(Set(organic.values.keys) == ["af_status", "af_message", "install_time"])
        }
    }

    @Test("with --dev-key set, the SDK's v5.0 path refuses a wrong or missing dev key with 403 as v4.0 does")
    func sdkPathChecksTheDevKey() async throws {
        let refused = #"{"error_reason":"the dev key is wrong or missing","status_code":403}"#
        try await withServer { running in
            let query = "device_id=d1&install_time=2026-11-20%2010%3A00%3A00.000"
            for version in ["v5.0", "v4.0"] {
                for key in ["devkey=WRONG&", "", "devkey=&", "devkey=good&"] {
                    let response = try await Self.get(
                        "/install_data/\(version)/id1234567890?\(key)\(query)", on: running)
                    #expect(response.status == 403, "\(version) \(key)")
                    #expect(response.body == refused)
                }
            }
            let accepted = try await Self.get(
                "/install_data/v5.0/id1234567890?devkey=GOOD&\(query)", on: running)
            #expect(accepted.status == 200)
        }
        // Without configured keys the SDK's path takes any key, none too; v4.0 still wants one.
        try await withServer(devKeys: []) { running in
            let query = "device_id=d1&install_time=2026-11-20%2010%3A00%3A00.000"
            for key in ["devkey=anything&", ""] {
                let response = try await Self.get(
                    "/install_data/v5.0/id1234567890?\(key)\(query)", on: running)
                #expect(response.status == 200)
            }
            let none = try await Self.get("/install_data/v4.0/id1234567890?device_id=d1", on: running)
            #expect(none.status == 403)
        }
    }

    @Test("an SDK with a dev key serve refuses gets onConversionDataFail with the 403 and its reason")
    func sdkGetsConversionDataFail() async throws {
        try await withServer { running in
            for devKey in ["WRONG", "GOOD"] {
                let sdk = AppsFlyerLib(
                    conversionDataSource: try running.server.backend(HTTPConversionDataSource.self),
                    logSink: SilentLogSink())
                let recorder = CallbackRecorder()
                sdk.delegate = recorder
                sdk.callbackDelivery = .sdkQueue
                sdk.appsFlyerDevKey = devKey
                sdk.appleAppID = "1234567890"
                // A round trip, not a deadline, is under test: a loaded machine can stall for seconds.
                sdk.conversionDataTimeout = 60_000
                let events = await sdk.perform(.start)
                let delegated = try await recorder.waitForCallbacks(1)
                if devKey == "WRONG" {
                    let expected = AttributionError.httpStatus(
                        code: 403, reason: "the dev key is wrong or missing")
                    #expect(events == [.conversionDataFail(expected)])
                    #expect(
                        events.first?.error?.explanation
                            == "HTTP_STATUS_CODE: HTTP status 403: the dev key is wrong or missing")
                    #expect(delegated.map(\.name) == ["onConversionDataFail"])
                    let error = try #require(delegated.first?.error) as NSError
                    #expect(error.domain == "com.appsflyer.sdk.network")
                    #expect(error.localizedDescription == "Status code failure: 403")
                } else {
                    #expect(events.map(\.callbackName) == ["onConversionDataSuccess"])
                    #expect(events.first?.payload?["af_status"] == "Organic")
                    #expect(delegated.map(\.name) == ["onConversionDataSuccess"])
                }
            }
        }
    }

    @Test(
        "a click whose idfa is hashed is ID-matched by the same hash (sha1 or md5, any case); custom_params has no IDs"
    )
    func hashedIDFAs() async throws {
        try await withServer(devKeys: [DeepLinkAPITests.devKey]) { running in
            let clicks = [
                "/H5hv?pid=Email&c=hashtest&idfa=\(Self.sha1IDFA)&clickid=abc&fruit_name=apples",
                "/H5hv?pid=Email&c=md5test&idfa=\(Self.md5IDFA)&idfv=vendor-1&advertising_id=gaid-1",
            ]
            for target in clicks { #expect(try await Self.click(target, on: running).status == 302) }
            await running.clock.advance(by: .seconds(60))
            func lookup(_ type: String, _ value: String) async throws -> [String: AttributionValue] {
                let response = try await DeepLinkAPITests.lookup(
                    port: running.server, at: running.clock.now, ip: "198.51.100.1",
                    extra: [
                        "idfa": .object(["type": .string(type), "value": .string(value)]),
                        "att_status": .int(1),
                    ])
                #expect(response.status == 200)
                return try AttributionPayload(jsonString: response.body).values
            }
            let sha1 = try await lookup("sha1", Self.sha1IDFA.uppercased())
            #expect(sha1["found"] == .bool(true))
            let sha1Event = try #require(sha1["click_event"]?.objectValue)
            #expect(sha1Event["campaign"] == "hashtest")
            #expect(sha1Event["match_type"] == "id_matching")
            #expect(sha1Event["custom_params"] == .object(["fruit_name": "apples"]))

            let md5 = try await lookup("md5", Self.md5IDFA)
            let md5Event = try #require(md5["click_event"]?.objectValue)
            #expect(md5Event["campaign"] == "md5test")
            #expect(md5Event["custom_params"] == .object([:]))

            // The raw IDFA does not match a hashed click, nor another hash.
            for (type, value) in [("unhashed", Self.idfa), ("sha1", String(repeating: "0", count: 40))] {
                let other = try await lookup(type, value)
                #expect(other["found"] == .bool(false), "\(type)")
            }
        }
    }

    @Test(
        "the API's own body without af_sig gets the API's 400 Bad Request; the SDK's body keeps its contract")
    func bodyWithoutSignature() async throws {
        try await withServer(devKeys: [DeepLinkAPITests.devKey]) { running in
            let body =
                #"{"is_first":"true","lang":"en-US","os":"17.4","timestamp":"2026-11-20T10:00:00.000","type":"iPhone","ip":"203.0.113.7"}"#
            for target in ["/v1.0/ios/id1234567890", "/v1.0/ios/id1234567890?devkey=GOOD"] {
                let response = try await DeviceAdminTests.send(
                    "POST", target, on: running, headers: ["Content-Type: application/json"],
                    body: body)
                #expect(response.status == 400)
                #expect(response.body == #"{"message":"Bad Request"}"#)
                #expect(response.header("X-OneLink-Emulator-Reason")?.contains("af_sig is missing") == true)
            }
            let sdkEmpty = try await DeviceAdminTests.send(
                "POST", "/v1.0/ios/id1234567890?devkey=GOOD", on: running, body: "{}")
            #expect(sdkEmpty.status == 400)
            #expect(sdkEmpty.body.contains("the body has no device_id string"))
            let sdkBody =
                #"{"device_id":"d1","install_time":"2026-11-20 10:00:00.000","device":{"ip":"203.0.113.9"}}"#
            let sdk = try await DeviceAdminTests.send(
                "POST", "/v1.0/ios/id1234567890?devkey=GOOD", on: running, body: sdkBody)
            #expect(sdk.status == 200)
            #expect(sdk.body == #"{"click_event":{},"found":false}"#)
        }
    }
}
