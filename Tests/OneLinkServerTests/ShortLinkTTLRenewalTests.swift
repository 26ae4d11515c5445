import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import Testing

/// The TTL renewal of OneLink API links, against a running server on a manual clock: a click (or the
/// SDK resolving the link) pushes the expiry to 31 days after it unless the link was created with
/// `renew_ttl: false` in its `data`
/// (https://support.appsflyer.com/hc/en-us/articles/4667188714001,
/// https://dev.appsflyer.com/hc/reference/overview-3).
@Suite("Server: OneLink API TTL renewal on click", .timeLimit(.minutes(5)))
struct ShortLinkTTLRenewalTests {
    typealias API = OneLinkAPITests.APIServer
    static let renewal = 31 * 86_400

    /// Creates `id` through v2.0 with `ttl` and the `data` members after `pid`; expects 200.
    func create(
        _ api: API, _ id: String, ttl: String, data extra: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let body =
            #"{"shortlink_id":"\#(id)","ttl":"\#(ttl)","data":{"pid":"sms","deep_link_value":"\#(id)"\#(extra)}}"#
        let created = try await api.call("POST", "/api/v2.0/shortlinks/A1b3", body: body)
        #expect(created.status == 200, "\(created.body)", sourceLocation: sourceLocation)
    }

    /// A browser click on `https://myapp.onelink.me/A1b3/{id}` through the server's click path.
    func click(_ api: API, _ id: String) async throws -> RouteAnswer {
        try await api.call(
            "GET", "/A1b3/\(id)", token: nil,
            headers: ["User-Agent: \(ServerClickTests.safari)", "X-Forwarded-For: 203.0.113.7"])
    }

    /// The v2.0 get answer for `id` (which renews nothing), as an object.
    func got(_ api: API, _ id: String) async throws -> (status: Int, body: [String: AttributionValue]) {
        let answer = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/\(id)")
        return (answer.status, try OneLinkAPITests.object(answer.body))
    }

    /// The get answer's `expiry` for a link expiring `seconds` after `start`.
    static func expiry(_ start: Date, plus seconds: Int) -> AttributionValue {
        .string(ISO8601DateFormatter().string(from: start.addingTimeInterval(TimeInterval(seconds))))
    }

    /// How many recorded clicks carried `id`'s `deep_link_value`, that is resolved the link.
    static func resolvedClicks(_ api: API, _ id: String) -> Int {
        api.store.recordedClicks.filter { $0.link.parameters["deep_link_value"]?.stringValue == id }.count
    }

    @Test(
        "a click renews the TTL: 31 days from the click, shown by get's expiry and ttl; the link then expires then"
    )
    func clickRenews() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "renewing", ttl: "10m")
            await api.clock.advance(by: .seconds(300))
            #expect(try await click(api, "renewing").status == 302)
            #expect(Self.resolvedClicks(api, "renewing") == 1)
            let renewed = try await got(api, "renewing")
            #expect(renewed.body["ttl"] == .int(Self.renewal))
            #expect(renewed.body["expiry"] == Self.expiry(start, plus: 300 + Self.renewal))

            // Past the original 10 minutes the link lives on; one second before the new expiry too.
            await api.clock.advance(by: .seconds(Self.renewal - 1))
            #expect(try await got(api, "renewing").status == 200)
            await api.clock.advance(by: .seconds(1))
            let gone = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/renewing")
            try OneLinkAPITests.expectError(gone, 404, "invalid_parameter", "Shortlink not found")
            #expect(try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=renewing", token: nil).status == 404)
            _ = try await click(api, "renewing")
            #expect(Self.resolvedClicks(api, "renewing") == 1)
            #expect(api.links[template: "A1b3", shortID: "renewing"] == nil)
        }
    }

    @Test("the SDK resolving the link (a universal-link open) renews it like a click")
    func sdkResolutionRenews() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "opened", ttl: "1h")
            await api.clock.advance(by: .seconds(3599))
            let resolved = try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=opened", token: nil)
            #expect(resolved.status == 200)
            let renewed = try await got(api, "opened")
            #expect(renewed.body["ttl"] == .int(Self.renewal))
            #expect(renewed.body["expiry"] == Self.expiry(start, plus: 3599 + Self.renewal))
            await api.clock.advance(by: .seconds(1))
            #expect(try await got(api, "opened").status == 200)
        }
    }

    @Test(
        "renew_ttl false (a boolean, or its string on v2.0's string data and on v1) keeps the original expiry and never shows on the link"
    )
    func renewalOff() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "fixed", ttl: "10m", data: #","renew_ttl":false"#)
            let stringData = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body:
                    #"{"shortlink_id":"fixed_text","ttl":"10m","data":"{\"pid\":\"sms\",\"renew_ttl\":\"false\"}"}"#
            )
            #expect(stringData.status == 200)
            let v1 = try await api.call(
                "POST", "/shortlink/v1/A1b3?id=fixed_v1",
                body: #"{"ttl":"10m","data":{"pid":"sms","renew_ttl":"FALSE"}}"#)
            #expect(v1.status == 200)

            await api.clock.advance(by: .seconds(300))
            #expect(try await click(api, "fixed").status == 302)
            let clicked = try #require(api.store.recordedClicks.last)
            #expect(clicked.link.parameters["renew_ttl"] == nil)
            #expect(clicked.link.parameters["deep_link_value"] == .string("fixed"))
            for id in ["fixed_text", "fixed_v1"] {
                let resolved = try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=\(id)", token: nil)
                #expect(try OneLinkAPITests.object(resolved.body) == ["pid": "sms"], "\(id)")
            }
            for id in ["fixed", "fixed_text", "fixed_v1"] {
                let answer = try await got(api, id)
                #expect(answer.body["ttl"] == .int(600), "\(id)")
                #expect(answer.body["expiry"] == Self.expiry(start, plus: 600), "\(id)")
                #expect(answer.body["payload"]?["renew_ttl"] == nil, "\(id)")
            }
            let v1Get = try await api.call("GET", "/shortlink/v1/A1b3?id=fixed_v1")
            #expect(try OneLinkAPITests.object(v1Get.body) == ["pid": "sms"])

            await api.clock.advance(by: .seconds(300))
            for id in ["fixed", "fixed_text", "fixed_v1"] {
                #expect(try await got(api, id).status == 404, "\(id)")
            }
        }
    }

    @Test("at or after the expiry a click finds nothing and renews nothing; one second before, it renews")
    func boundaries() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "at_expiry", ttl: "10m")
            try await create(api, "after_expiry", ttl: "10m")
            try await create(api, "just_before", ttl: "11m")
            await api.clock.advance(by: .seconds(600))
            _ = try await click(api, "at_expiry")
            await api.clock.advance(by: .seconds(59))
            #expect(try await click(api, "just_before").status == 302)
            await api.clock.advance(by: .seconds(1))
            _ = try await click(api, "after_expiry")
            #expect(
                try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=after_expiry", token: nil).status == 404)

            #expect(Self.resolvedClicks(api, "at_expiry") == 0)
            #expect(Self.resolvedClicks(api, "after_expiry") == 0)
            for id in ["at_expiry", "after_expiry"] {
                try OneLinkAPITests.expectError(
                    try await api.call("GET", "/api/v2.0/shortlinks/A1b3/\(id)"), 404, "invalid_parameter",
                    "Shortlink not found")
                #expect(api.links[template: "A1b3", shortID: id] == nil, "\(id)")
            }
            // The same ID can be created afresh: the expired link left nothing behind.
            try await create(api, "at_expiry", ttl: "1m")
            #expect(try await got(api, "at_expiry").body["ttl"] == .int(60))

            let survivor = try await got(api, "just_before")
            #expect(survivor.status == 200)
            #expect(survivor.body["expiry"] == Self.expiry(start, plus: 659 + Self.renewal))
        }
    }

    @Test("a click never shortens a longer TTL, and clicks in a row renew from the latest, not add up")
    func neverShortensNorStacks() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "long", ttl: "730d")
            try await create(api, "busy", ttl: "1d")
            await api.clock.advance(by: .seconds(3600))
            #expect(try await click(api, "long").status == 302)
            let long = try await got(api, "long")
            #expect(long.body["ttl"] == .int(730 * 86_400))
            #expect(long.body["expiry"] == Self.expiry(start, plus: 730 * 86_400))

            for _ in 0..<3 { #expect(try await click(api, "busy").status == 302) }
            #expect(
                try await got(api, "busy").body["expiry"] == Self.expiry(start, plus: 3600 + Self.renewal))
            await api.clock.advance(by: .seconds(86_400))
            #expect(try await click(api, "busy").status == 302)
            let busy = try await got(api, "busy")
            #expect(busy.body["expiry"] == Self.expiry(start, plus: 3600 + 86_400 + Self.renewal))
            #expect(busy.body["ttl"] == .int(Self.renewal))
        }
    }

    @Test(
        "an update sets renew_ttl afresh (default true); a top-level renew_ttl is ignored like any unknown member"
    )
    func updateAndPlacement() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "switch", ttl: "1h", data: #","renew_ttl":false"#)
            let on = try await api.call(
                "PUT", "/api/v2.0/shortlinks/A1b3/switch", body: #"{"ttl":"1h","data":{"pid":"sms"}}"#)
            #expect(on.status == 200)
            let off = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body: #"{"shortlink_id":"top","ttl":"1h","renew_ttl":false,"data":{"pid":"sms"}}"#)
            #expect(off.status == 200)
            try await create(api, "later_off", ttl: "1h")
            let offByUpdate = try await api.call(
                "PUT", "/api/v2.0/shortlinks/A1b3/later_off",
                body: #"{"ttl":"1h","data":{"pid":"sms","renew_ttl":false}}"#)
            #expect(offByUpdate.status == 200)

            await api.clock.advance(by: .seconds(60))
            for id in ["switch", "top", "later_off"] { #expect(try await click(api, id).status == 302) }
            #expect(try await got(api, "switch").body["ttl"] == .int(Self.renewal))
            #expect(try await got(api, "top").body["ttl"] == .int(Self.renewal))
            let kept = try await got(api, "later_off")
            #expect(kept.body["ttl"] == .int(3600))
            #expect(kept.body["expiry"] == Self.expiry(start, plus: 3600))
        }
    }

    @Test("the link debugger and API calls look at a link without renewing it")
    func lookingIsNotClicking() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            let start = api.clock.now
            try await create(api, "inspected", ttl: "10m")
            await api.clock.advance(by: .seconds(300))
            let debugged = try await api.call(
                "GET", "/A1b3/inspected?debug=1&format=json", token: nil,
                headers: ["User-Agent: \(ServerClickTests.safari)"])
            #expect(debugged.status == 200)
            #expect(debugged.body.contains("inspected"))
            _ = try await api.call("GET", "/shortlink/v1/A1b3?id=inspected")
            _ = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/inspected/qr")
            let answer = try await got(api, "inspected")
            #expect(answer.body["ttl"] == .int(600))
            #expect(answer.body["expiry"] == Self.expiry(start, plus: 600))
            #expect(Self.resolvedClicks(api, "inspected") == 0)
        }
    }

    @Test("renew_ttl that is not true or false is 400 invalid_parameter on v2.0 and Bad request on v1")
    func invalidRenewValues() async throws {
        try await OneLinkAPITests().withAPIServer { api in
            for (index, value) in [#""no""#, "0", "1", #"["false"]"#, #"{"x":1}"#].enumerated() {
                let v2 = try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3",
                    body: #"{"shortlink_id":"bad\#(index)","data":{"pid":"sms","renew_ttl":\#(value)}}"#)
                try OneLinkAPITests.expectError(
                    v2, 400, "invalid_parameter",
                    "Parameter 'renew_ttl' has an invalid value: '\(value)'. Reason: value should be true or false."
                )
                let v1 = try await api.call(
                    "POST", "/shortlink/v1/A1b3?id=bad\(index)",
                    body: #"{"data":{"pid":"sms","renew_ttl":\#(value)}}"#)
                #expect(v1.status == 400, "\(value)")
                #expect(v1.body.contains("Parameter 'renew_ttl'"), "\(value): \(v1.body)")
                #expect(api.links[template: "A1b3", shortID: "bad\(index)"] == nil)
            }
        }
    }
}
