import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import Testing

/// The OneLink API against the dev hub's pages, point by point: link sources and migration, the
/// payload limit, parameter errors, the QR rate limit and the per-version quotas
/// (https://dev.appsflyer.com/hc/reference/onelinkapi_v2_overview,
/// https://dev.appsflyer.com/hc/reference/migrate_to_onelink_api_v2,
/// https://dev.appsflyer.com/hc/reference/overview-3).
@Suite("Server: OneLink API against the dev hub pages", .timeLimit(.minutes(5)))
struct OneLinkAPIDevHubTests {
    typealias API = OneLinkAPITests

    /// A server with the OneLink API (template `A1b3` known to the click handler) on a manual clock
    /// that starts on a whole second.
    func withServer(
        quota: Int = 7_500_000, qrPerSecond: Int = 25, _ body: (API.APIServer) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        let fraction = clock.now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
        if fraction > 0 { await clock.advance(by: .milliseconds(Int64((1 - fraction) * 1000) + 1)) }
        try await body(
            API.APIServer(
                clock: clock,
                settings: {
                    $0.monthlyQuota = quota
                    $0.qrRequestsPerSecond = qrPerSecond
                }))
    }

    static let noSource = API.noSource

    @Test(
        "v2.0 updates and deletes v1 links; an update migrates one (v2.0 TTL ceiling, QR allowed); links no API made are refused"
    )
    func linkSources() async throws {
        try await withServer { api in
            try await api.createV1(["old1", "old2"])
            // Before migration, QR is for links "created or updated using OneLink API v2.0" only.
            try API.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/old1/qr"), 400, "invalid_source",
                Self.noSource)
            let migrated = try await api.call(
                "PUT", "/api/v2.0/shortlinks/A1b3/old1", body: #"{"ttl":"400d","data":{"pid":"email"}}"#)
            #expect(migrated.status == 200)
            #expect(
                try API.object(migrated.body)["shortlink_url"]
                    == .string("https://myapp.onelink.me/A1b3/old1"))
            let got = try API.object(try await api.call("GET", "/api/v2.0/shortlinks/A1b3/old1").body)
            #expect(got["ttl"] == .int(400 * 86_400))
            #expect(got["payload"] == .object(["pid": "email"]))
            let qr = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/old1/qr")
            #expect(qr.status == 200)
            #expect(try API.object(qr.body)["qr"]?.stringValue?.hasPrefix("image/") == true)

            let deleted = try await api.call("DELETE", "/api/v2.0/shortlinks/A1b3/old2")
            #expect(deleted.status == 200 && deleted.body == "\"ok\"")
            #expect(api.links[template: "A1b3", shortID: "old2"] == nil)

            // A seeded link stands for one made in the UI, by bulk upload or by the SDK.
            api.links[template: "A1b3", shortID: "seeded"] = ["pid": "ui"]
            try await api.expectInvalidSource("seeded")
            #expect(api.links[template: "A1b3", shortID: "seeded"] == ["pid": "ui"])
        }
    }

    @Test("v2.0's get of a link no API made has payload strings, the default ttl and an expiry")
    func getOfSeededLink() async throws {
        try await withServer { api in
            api.links[template: "A1b3", shortID: "seeded"] = [
                "pid": "ui", "af_force_deeplink": true, "fruit_amount": 26, "price": 1.5, "gone": nil,
            ]
            let got = try API.object(try await api.call("GET", "/api/v2.0/shortlinks/A1b3/seeded").body)
            #expect(
                got["payload"]
                    == .object([
                        "pid": "ui", "af_force_deeplink": "true", "fruit_amount": "26", "price": "1.5",
                    ]))
            #expect(got["ttl"] == .int(31 * 86_400))
            let formatter = ISO8601DateFormatter()
            #expect(
                got["expiry"]
                    == .string(formatter.string(from: api.clock.now.addingTimeInterval(31 * 86_400))))
            let v1 = try API.object(try await api.call("GET", "/shortlink/v1/A1b3?id=seeded").body)
            #expect(v1["fruit_amount"] == .string("26"))
        }
    }

    @Test("v2.0 counts data's 2,048 characters as sent, unencoded; v1 counts its percent-encoded query")
    func payloadLimit() async throws {
        try await withServer { api in
            let accents = String(repeating: "é", count: 700)
            let created = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body: #"{"shortlink_id":"accents","data":{"pid":"sms","c":"\#(accents)"}}"#)
            #expect(created.status == 200)
            #expect(api.links[template: "A1b3", shortID: "accents"]?["c"] == .string(accents))
            // {"pid":"…"} is the value plus 10 characters.
            for (count, status) in [(2038, 200), (2039, 400)] {
                let pid = String(repeating: "p", count: count)
                for data in [#"{"pid":"\#(pid)"}"#, #""{\"pid\":\"\#(pid)\"}""#] {
                    let response = try await api.call(
                        "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"data":\#(data)}"#)
                    #expect(response.status == status, "\(count) \(data.prefix(3))")
                    if status == 400 {
                        try API.expectError(
                            response, 400, "limit_exceeded",
                            "Generating shortlink failed, data sent exceeds limit")
                    }
                }
            }
            let v1 = try await api.call(
                "POST", "/shortlink/v1/A1b3", body: #"{"data":{"pid":"sms","c":"\#(accents)"}}"#)
            #expect(v1.status == 400)
            #expect(v1.body == "Generating shortlink failed, data sent exceeds limit")
        }
    }

    @Test("400 invalid_parameter says which parameter is wrong and why")
    func parameterErrors() async throws {
        try await withServer { api in
            let cases: [(String, String)] = [
                (
                    #"{"data":{"pid":"x","n":{"a":1}}}"#,
                    #"Parameter 'n' has an invalid value: '{"a":1}'. Reason: value should be a string, number or boolean."#
                ),
                (
                    #"{"data":{"c":"no pid"}}"#,
                    "Parameter 'pid' has an invalid value: ''. Reason: the media source (pid) is mandatory."
                ),
                (
                    #"{"shortlink_id":"has space","data":{"pid":"x"}}"#,
                    "Parameter 'shortlink_id' has an invalid value: 'has space'. "
                        + "Reason: value should be 1 to 50 letters, digits, - or _."
                ),
                (
                    #"{"brand_domain":7,"data":{"pid":"x"}}"#,
                    "Parameter 'brand_domain' has an invalid value: '7'. Reason: value should be a string."
                ),
                (
                    #"{"data":{"pid":"x","af_r":"badURL"}}"#,
                    "Parameter 'af_r' has an invalid value: 'badURL'. Reason: value should be a valid URL."
                ),
                (
                    #"{"data":{"pid":"x","af_web_dp":"www.example.com/page"}}"#,
                    "Parameter 'af_web_dp' has an invalid value: 'www.example.com/page'. "
                        + "Reason: value should be a valid URL."
                ),
            ]
            for (body, message) in cases {
                try API.expectError(
                    try await api.call("POST", "/api/v2.0/shortlinks/A1b3", body: body), 400,
                    "invalid_parameter",
                    message)
            }
            // A body-level problem is the reference's exact sentence; what was wrong goes in a header.
            let bodies: [(String, String)] = [
                (#"{"ttl":"1d"}"#, "the body has no data"),
                (#"{"data":[1]}"#, "data is a JSON array, not an object"),
                ("not json", "the body is not a JSON object"),
            ]
            for (body, reason) in bodies {
                let response = try await api.call("POST", "/api/v2.0/shortlinks/A1b3", body: body)
                try API.expectError(
                    response, 400, "invalid_parameter", "Generating shortlink failed, invalid request body")
                #expect(response.header("X-OneLink-Emulator-Reason") == reason, "\(body)")
            }
            let long = String(repeating: "z", count: 80)
            let response = try API.object(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3",
                    body: #"{"shortlink_id":"\#(long) ","data":{"pid":"x"}}"#
                ).body)
            let message = try #require(response["message"]?.stringValue)
            #expect(message.count < 200 && message.contains("more bytes"))
            let v1 = try await api.call("POST", "/shortlink/v1/A1b3?id=a%20b", body: #"{"data":{"pid":"x"}}"#)
            #expect(v1.status == 400)
            #expect(
                v1.body
                    == "Bad request: Parameter 'id' has an invalid value: 'a b'. "
                    + "Reason: value should be 1 to 50 letters, digits, - or _.")
        }
    }

    @Test("a create under a onelink-id the click handler does not know is 404 and stores nothing")
    func unknownTemplate() async throws {
        try await withServer { api in
            try API.expectError(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/ZZZZ", body: #"{"shortlink_id":"zz1","data":{"pid":"x"}}"#),
                404, "invalid_parameter", "OneLink template not found")
            let v1 = try await api.call("POST", "/shortlink/v1/ZZZZ?id=zz2", body: #"{"data":{"pid":"x"}}"#)
            #expect(v1.status == 404 && v1.body == "OneLink template not found")
            #expect(api.links[template: "ZZZZ", shortID: "zz1"] == nil)
            #expect(api.links[template: "ZZZZ", shortID: "zz2"] == nil)
        }
    }

    @Test("the QR call has its own per-second limit (25 by default), on the server's clock")
    func qrRateLimit() async throws {
        #expect(OneLinkAPISettings(links: InMemoryShortLinkResolver()).qrRequestsPerSecond == 25)
        try await withServer(qrPerSecond: 2) { api in
            _ = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"shortlink_id":"q","data":{"pid":"x"}}"#)
            let qr = "/api/v2.0/shortlinks/A1b3/q/qr"
            #expect(try await api.call("GET", qr).status == 200)
            #expect(try await api.call("GET", qr).status == 200)
            try API.expectError(
                try await api.call("GET", qr), 429, "rate_limit_exceeded", "Rate Limit Exceeded.")
            // The other calls have their own window.
            #expect(try await api.call("GET", "/api/v2.0/shortlinks/A1b3/q").status == 200)
            await api.clock.advance(by: .seconds(1))
            #expect(try await api.call("GET", qr).status == 200)
        }
    }

    @Test("v1 and v2.0 have a quota each; the quota call reports v2.0's")
    func quotaPerVersion() async throws {
        try await withServer(quota: 1) { api in
            let remaining = "/api/v2.0/shortlinks-quota/acct"
            #expect(
                try await api.call("POST", "/shortlink/v1/A1b3?id=v1a", body: #"{"data":{"pid":"x"}}"#).status
                    == 200)
            #expect(try await api.call("GET", remaining).body == #"{"remaining_api_calls":1}"#)
            let v1 = try await api.call("POST", "/shortlink/v1/A1b3?id=v1b", body: #"{"data":{"pid":"x"}}"#)
            #expect(v1.status == 429 && v1.body == "Monthly quota exceeded")
            #expect(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"shortlink_id":"v2a","data":{"pid":"x"}}"#
                ).status == 200)
            #expect(try await api.call("GET", remaining).body == #"{"remaining_api_calls":0}"#)
            try API.expectError(
                try await api.call("DELETE", "/api/v2.0/shortlinks/A1b3/v2a"), 429, "quota_exceeded",
                "Monthly Quota Exceeded.")
        }
    }

    @Test(
        "v1 blanks its special characters sent raw and decodes the encoded ones; v2.0 stores values as sent")
    func v1SpecialCharacters() async throws {
        try await withServer { api in
            let data = #"{"pid":"sms","raw":"a&b=c/d+e’f'g","encoded":"a%26b%3Dc%2Fd","bad":"50%"}"#
            #expect(
                try await api.call("POST", "/shortlink/v1/A1b3?id=chars", body: #"{"data":\#(data)}"#).status
                    == 200)
            let v1 = try API.object(try await api.call("GET", "/shortlink/v1/A1b3?id=chars").body)
            #expect(v1["raw"] == .string("a b c d e f g"))
            #expect(v1["encoded"] == .string("a&b=c/d"))
            #expect(v1["bad"] == .string("50%"))
            #expect(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"shortlink_id":"chars2","data":\#(data)}"#
                ).status == 200)
            let v2 = try API.object(try await api.call("GET", "/api/v2.0/shortlinks/A1b3/chars2").body)
            #expect(v2["payload"]?["raw"] == .string("a&b=c/d+e’f'g"))
            #expect(v2["payload"]?["encoded"] == .string("a%26b%3Dc%2Fd"))
        }
    }

    @Test("a path or method under /api/v2.0/ that is no call answers the API's JSON error shape")
    func unknownRoutes() async throws {
        try await withServer { api in
            let patch = try await api.call("PATCH", "/api/v2.0/shortlinks/A1b3/a1", body: "{}")
            try API.expectError(
                patch, 405, "method_not_allowed", "Method Not Allowed. Allowed: GET, PUT, DELETE")
            #expect(patch.header("Allow") == "GET, PUT, DELETE")
            for path in [
                "/api/v2.0/shortlinks/A1b3/a1/", "/api/v2.0/nothing", "/api/v2.0/shortlinks/A1b3/a1/qr/x",
            ] {
                try API.expectError(try await api.call("GET", path), 404, "not_found", "Not Found")
            }
            let other = try API.object(try await api.call("GET", "/wrap/anything").body)
            #expect(other["error_reason"] == .string("no route for GET /wrap/anything"))
        }
    }
}
