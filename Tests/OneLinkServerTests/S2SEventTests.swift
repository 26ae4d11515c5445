import Foundation
import OneLinkEmulator
import OneLinkServer
import Testing

/// The server-to-server event API as api3 answers it
/// (https://dev.appsflyer.com/hc/reference/s2s-events-api3-overview): plain-text answers, the S2S
/// key, the 1 KB cap, and the silent `OK` for an iOS app ID without `id`.
@Suite("Server: S2S events API", .timeLimit(.minutes(5)))
struct S2SEventTests {
    func withServer(
        keys: Set<String> = ["S2S_KEY"], events: InMemoryEventRecorder = InMemoryEventRecorder(),
        _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        try await Self.withServer(.init(eventRecorder: events, s2sKeys: keys), body)
    }

    /// Runs `body` with an in-process server for `configuration`.
    static func withServer(
        _ configuration: OneLinkServer.Configuration, _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        try await body(EmbeddedServer(configuration: configuration))
    }

    static func post(
        _ path: String, _ body: String, key: String? = "S2S_KEY", on server: EmbeddedServer
    ) async throws -> RouteAnswer {
        var headers = ["Content-Type: application/json"]
        if let key { headers.append("authentication: \(key)") }
        return try await server.call("POST", path, headers: headers, body: body)
    }

    static let purchase =
        #"{"appsflyer_id":"1600000000000-1234567","eventName":"af_purchase","eventValue":"{\"af_revenue\":\"6\",\"af_content_id\":\"15854\"}","eventCurrency":"USD","eventTime":"2026-11-20 12:17:01.123","customer_user_id":"user-42","idfa":"00000000-0000-0000-0000-000000000000","os":"17.4","bundleIdentifier":"com.example.app"}"#

    @Test("a valid event is plain-text OK and recorded with its stringified eventValue, time and identity")
    func accepted() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            let response = try await Self.post("/inappevent/id123456789", Self.purchase, on: server)
            #expect(response.status == 200)
            #expect(response.body == "OK")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            let event = try #require(events.events.first)
            #expect(event.appID == "id123456789")
            #expect(event.devKey == "S2S_KEY")
            #expect(event.deviceID == "1600000000000-1234567")
            #expect(event.name == "af_purchase")
            #expect(event.values == ["af_revenue": "6", "af_content_id": "15854"])
            #expect(event.currencyCode == "USD")
            #expect(event.customerUserID == "user-42")
            #expect(event.time == AttributionTimestamp.date(from: "2026-11-20 12:17:01.123"))
            let empty = try await Self.post(
                "/inappevent/com.example.app",
                #"{"appsflyer_id":"a","eventName":"af_login","eventValue":""}"#,
                on: server)
            #expect(empty.status == 200 && empty.body == "OK")
            #expect(events.events.last?.values == [:])
        }
    }

    @Test("the documented plain-text errors, and nothing is recorded")
    func errors() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            let cases: [(String, String?, Int, String)] = [
                (Self.purchase, nil, 400, "Failed to Authenticate"),
                (Self.purchase, "dev-key-not-s2s", 401, "Unauthorized"),
                ("", "S2S_KEY", 400, "Payload is missing or failed to parse"),
                (
                    "[{\"eventName\":\"a\"},{\"eventName\":\"b\"}]", "S2S_KEY", 400,
                    "Payload is missing or failed to parse"
                ),
                (
                    #"{"eventName":"af_login","eventValue":""}"#, "S2S_KEY", 400,
                    "appsflyer_id is a mandatory field"
                ),
                (#"{"appsflyer_id":"a","eventValue":""}"#, "S2S_KEY", 400, "Bad request"),
                (#"{"appsflyer_id":"a","eventName":"af_login"}"#, "S2S_KEY", 400, "Bad request"),
                (
                    #"{"appsflyer_id":"a","eventName":"x","eventValue":"","eventTime":"yesterday"}"#,
                    "S2S_KEY", 400, "Bad request"
                ),
                (
                    #"{"appsflyer_id":"a","eventName":"x","eventValue":"{af_revenue:6"}"#, "S2S_KEY", 500,
                    "Internal Server Error"
                ),
                // An object sent as-is, as the PyPI client `appsflyer` 0.1.0 sends a dict: not stringified.
                (
                    #"{"appsflyer_id":"a","eventName":"x","eventValue":{"af_revenue":"6"}}"#, "S2S_KEY", 500,
                    "Internal Server Error"
                ),
            ]
            for (body, key, status, text) in cases {
                let response = try await Self.post("/inappevent/id123456789", body, key: key, on: server)
                #expect(response.status == status, "\(body)")
                #expect(response.body == text, "\(body)")
            }
            #expect(events.events.isEmpty)
        }
    }

    @Test("the payload is at most 1 KB: 1,024 bytes are recorded, 1,025 are a Bad request")
    func sizeCap() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            func body(_ size: Int) -> String {
                let frame = #"{"appsflyer_id":"a","eventName":"e","eventValue":"","pad":""}"#
                return frame.replacingOccurrences(
                    of: #""pad":"""#,
                    with: #""pad":"\#(String(repeating: "x", count: size - frame.utf8.count))""#)
            }
            #expect(body(1024).utf8.count == 1024)
            let fits = try await Self.post("/inappevent/id1", body(1024), on: server)
            #expect(fits.status == 200)
            let over = try await Self.post("/inappevent/id1", body(1025), on: server)
            #expect(over.status == 400 && over.body == "Bad request")
            #expect(events.events.count == 1)
        }
    }

    @Test("an iOS app ID without its id prefix is answered OK with a warning header, and not recorded")
    func missingIDPrefix() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            let response = try await Self.post("/inappevent/123456789", Self.purchase, on: server)
            #expect(response.status == 200 && response.body == "OK")
            #expect(response.header("X-OneLink-Warning")?.contains("no id prefix") == true)
            #expect(events.events.isEmpty)
        }
    }

    @Test("without configured keys any non-empty key is accepted; a missing one is still refused")
    func anyKey() async throws {
        try await withServer(keys: []) { server in
            let any = try await Self.post("/inappevent/id1", Self.purchase, key: "whatever", on: server)
            #expect(any.body == "OK")
            let missing = try await Self.post("/inappevent/id1", Self.purchase, key: nil, on: server)
            #expect(missing.status == 400)
        }
    }
}
