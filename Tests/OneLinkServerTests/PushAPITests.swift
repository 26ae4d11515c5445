import Foundation
import OneLinkEmulator
import OneLinkServer
import Testing

/// Push API postbacks (https://support.appsflyer.com/hc/en-us/articles/207034356): a message per
/// install and in-app event to each loopback receiver, by POST (JSON) or GET (query), with the token
/// header, bounded retries on the server's clock, and each delivery on the dashboard.
@Suite("Server: Push API postbacks", .timeLimit(.minutes(5)))
struct PushAPITests {
    static let device = "1600000000000-42"

    func withServer(
        receiver: PushReceiver, method: PushAPIEndpoint.Method = .post, token: String? = "push-secret",
        tokenName: String = "Authorization", clock: ManualClock = ManualClock(),
        _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        let conversion = InMemoryConversionDataSource()
        conversion[deviceID: Self.device] = .nonOrganic([
            "media_source": "Email", "campaign": "spring", "match_type": "probabilistic", "af_sub1": "s1",
            "click_time": "2026-11-20 09:58:00.000", "af_sub2": .null,
        ])
        var configuration = OneLinkServer.Configuration(
            conversionDataSource: conversion, clock: clock, dashboard: ServerDashboard(shortLinks: [:]))
        configuration.pushAPI = try PushAPISettings(
            endpoints: [try PushAPIEndpoint(url: receiver.url, method: method)], token: token,
            tokenName: tokenName)
        try await withPushServer(configuration, receiver: receiver, body)
    }

    static func install(_ deviceID: String = device, on server: EmbeddedServer) async throws -> RouteAnswer {
        let target =
            "/install_data/v5.0/id123456789?devkey=dev&device_id=\(deviceID)"
            + "&install_time=2026-11-20%2010%3A00%3A00.000&ip=203.0.113.7&model=iPhone&os_version=17.4&language=en-US"
        return try await server.call("GET", target)
    }

    /// An S2S in-app event `name` for `deviceID`, its `eventValue` `value` and `more` members after it.
    static func s2sEvent(
        _ deviceID: String = device, name: String = "af_purchase",
        value: String = #"{\"af_revenue\":\"9.99\"}"#,
        more: String = #","eventCurrency":"USD","customer_user_id":"user-7""#,
        on server: EmbeddedServer
    ) async throws -> RouteAnswer {
        let body = #"{"appsflyer_id":"\#(deviceID)","eventName":"\#(name)","eventValue":"\#(value)"\#(more)}"#
        return try await server.call(
            "POST", "/inappevent/id123456789", headers: ["authentication: key"], body: body)
    }

    @Test("POST: the install, then an S2S in-app event, as JSON with the documented fields and the token")
    func postMessages() async throws {
        let receiver = try PushReceiver()
        try await withServer(receiver: receiver) { server in
            #expect(try await Self.install(on: server).status == 200)
            let install = try await receiver.next()
            #expect(install.method == "POST")
            #expect(install.target == "/postbacks")
            #expect(install.header("Content-Type") == "application/json")
            #expect(install.header("Authorization") == "push-secret")
            let fields = try AttributionPayload(jsonString: install.body)
            #expect(fields["event_name"] == "install")
            #expect(fields["conversion_type"] == "install")
            #expect(fields["campaign_type"] == "ua")
            #expect(fields["media_source"] == "Email")
            #expect(fields["campaign"] == "spring")
            #expect(fields["af_sub1"] == "s1")
            #expect(fields["af_sub2"] == nil, "null keys are not sent")
            #expect(fields["attributed_touch_time"] == "2026-11-20 09:58:00.000")
            #expect(fields["install_time"] == "2026-11-20 10:00:00.000")
            #expect(fields["appsflyer_id"] == .string(Self.device))
            #expect(fields["app_id"] == "id123456789")
            #expect(fields["ip"] == "203.0.113.7")
            #expect(fields["idfa"] == nil, "blank keys are not sent")

            #expect(try await Self.s2sEvent(on: server).body == "OK")
            let event = try await receiver.next()
            let eventFields = try AttributionPayload(jsonString: event.body)
            #expect(eventFields["event_name"] == "af_purchase")
            #expect(eventFields["event_value"] == #"{"af_revenue":"9.99"}"#)
            #expect(eventFields["event_revenue"] == "9.99")
            #expect(eventFields["event_revenue_currency"] == "USD")
            #expect(eventFields["customer_user_id"] == "user-7")
            #expect(eventFields["campaign_type"] == "ua")
            #expect(eventFields["media_source"] == "Email")
            #expect(eventFields["event_source"] == "S2S")

            await server.pushDeliveriesSettled()
            let deliveries = server.pushDeliveries
            #expect(deliveries.map(\.messageType) == ["install", "install-in-app-event"])
            #expect(deliveries.map(\.outcome) == [.delivered(status: 200), .delivered(status: 200)])
            let page = try await server.call("GET", "/")
            #expect(page.body.contains("<section id=\"push-postbacks\">"))
            #expect(page.body.contains("install-in-app-event: af_purchase"))
            #expect(page.body.contains("delivered (200)"))
        }
    }

    @Test("GET: the fields in the query, an organic install as organic, an X- token header")
    func getMessages() async throws {
        let receiver = try PushReceiver()
        try await withServer(receiver: receiver, method: .get, tokenName: "X-Push-Token") { server in
            _ = try await Self.install("organic-device", on: server)
            let install = try await receiver.next()
            #expect(install.method == "GET")
            #expect(install.header("X-Push-Token") == "push-secret")
            #expect(install.header("Authorization") == nil)
            let items = URLComponents(string: install.target)?.queryItems ?? []
            let fields = Dictionary(items.map { ($0.name, $0.value ?? "") }) { $1 }
            #expect(fields["event_name"] == "install")
            #expect(fields["campaign_type"] == "organic")
            #expect(fields["media_source"] == "organic")
            #expect(fields["install_time"] == "2026-11-20 10:00:00.000")
            #expect(fields["appsflyer_id"] == "organic-device")
            await server.pushDeliveriesSettled()
            #expect(server.pushDeliveries.first?.messageType == "organic-install")
        }
    }

    /// Runs `body` once the install's first delivery was answered with `status` and its retry waits on
    /// the server's clock.
    func afterFailedDelivery(
        _ status: Int, _ body: (EmbeddedServer, PushReceiver, ManualClock) async throws -> Void
    ) async throws {
        let receiver = try PushReceiver()
        let clock = ManualClock()
        try await withServer(receiver: receiver, clock: clock) { server in
            _ = try await Self.install(on: server)
            _ = try await receiver.next(status: status)
            await clock.waitForSleepers(count: 1)
            try await body(server, receiver, clock)
        }
    }

    @Test(
        "a failing receiver is retried after 5 s, then 10 s, on the server's clock; then the delivery fails")
    func retries() async throws {
        try await afterFailedDelivery(503) { server, receiver, clock in
            #expect(clock.nextDeadline == clock.now.addingTimeInterval(5))
            #expect(server.pushDeliveries.first?.attempts == 1)
            #expect(server.pushDeliveries.first?.outcome == .pending)
            await clock.advance(by: .seconds(5))
            _ = try await receiver.next(status: 500)
            await clock.waitForSleepers(count: 1)
            #expect(clock.nextDeadline == clock.now.addingTimeInterval(10))
            await clock.advance(by: .seconds(10))
            _ = try await receiver.next(status: 503)
            await server.pushDeliveriesSettled()
            #expect(server.pushDeliveries.first?.attempts == 3)
            #expect(server.pushDeliveries.first?.outcome == .failed(reason: "HTTP 503"))
        }
    }

    @Test("a retry that succeeds ends delivered")
    func retryThenDelivered() async throws {
        try await afterFailedDelivery(502) { server, receiver, clock in
            await clock.advance(by: .seconds(5))
            _ = try await receiver.next(status: 204)
            await server.pushDeliveriesSettled()
            #expect(server.pushDeliveries.first?.outcome == .delivered(status: 204))
            #expect(server.pushDeliveries.first?.attempts == 2)
        }
    }

    @Test("only loopback http URLs and documented token names are accepted")
    func validation() throws {
        #expect(throws: PushAPIError.notLoopback("example.com")) {
            try PushAPIEndpoint(url: "http://example.com/postbacks")
        }
        #expect(throws: PushAPIError.notLoopback("10.0.0.1")) { try PushAPIEndpoint(url: "http://10.0.0.1/") }
        #expect(throws: PushAPIError.invalidURL("https://127.0.0.1/x")) {
            try PushAPIEndpoint(url: "https://127.0.0.1/x")
        }
        #expect(throws: PushAPIError.urlTooLong(2049)) {
            try PushAPIEndpoint(url: "http://127.0.0.1/" + String(repeating: "a", count: 2049 - 17))
        }
        _ = try PushAPIEndpoint(url: "http://[::1]:8080/x", method: .get)
        _ = try PushAPIEndpoint(url: "http://localhost:8080/x")
        #expect(throws: PushAPIError.invalidTokenName("Token")) {
            try PushAPISettings(endpoints: [], tokenName: "Token")
        }
        #expect(throws: PushAPIError.invalidTokenName("X-" + String(repeating: "a", count: 29))) {
            try PushAPISettings(endpoints: [], tokenName: "X-" + String(repeating: "a", count: 29))
        }
        #expect(try PushAPISettings(endpoints: [], tokenName: "X-My_Token-1").tokenName == "X-My_Token-1")
    }
}
