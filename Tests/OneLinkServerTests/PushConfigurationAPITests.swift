import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import OneLinkTestThreads
import Testing

/// The Push API configuration API (https://dev.appsflyer.com/hc/reference/get_app-app-id): the
/// endpoints it reads and replaces are the ones the running sender uses, and every refusal is the
/// reference's `{"code", "message", "request_id"}` with its status.
@Suite("Server: Push API configuration API", .timeLimit(.minutes(5)))
struct PushConfigurationAPITests {
    static let base = "/api/pushapi/v1.0"

    /// An in-process server with the Push API sending to `http://127.0.0.1:9/hook`, and the API token
    /// `TOKEN`; without the Push API when `pushAPI` is false.
    static func withServer(pushAPI: Bool = true, _ body: (EmbeddedServer) async throws -> Void) async throws {
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1234567890",
                oneLinkDomains: ["onelink-basic-app.onelink.me"],
                templates: ["H5hv"], interstitialDomain: "open.example.net", appIDs: ["id1234567890"]),
            shortLinks: links, store: InMemoryClickStore(), clock: ManualClock())
        var configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, clickHandler: handler, clock: ManualClock(),
            oneLinkAPI: OneLinkAPISettings(links: links, tokens: ["TOKEN"]))
        if pushAPI {
            configuration.pushAPI = try PushAPISettings(endpoints: [
                try PushAPIEndpoint(url: "http://127.0.0.1:9/hook")
            ])
        }
        let server = EmbeddedServer(configuration: configuration)
        try await body(server)
        server.stop()
    }

    static func call(
        _ server: EmbeddedServer, _ method: HTTPMethod, _ path: String, body: String = "",
        token: String? = "TOKEN"
    ) async -> EmbeddedResponse {
        var headers: [(HTTPFieldName, String)] = [(.contentType, "application/json")]
        if let token { headers.append((.authorization, "Bearer \(token)")) }
        return await server.respond(method, base + path, headers: headers, body: body)
    }

    /// An endpoint of a `PUT` body.
    static func endpoint(
        _ url: String, method: String = "POST", types: String = #"["install"]"#, extra: String = ""
    ) -> String {
        #"{"url":"\#(url)","method":"\#(method)","attributing_entity":"appsflyer","event_types":\#(types),"enabled":true\#(extra)}"#
    }

    @Test("GET answers the running endpoints; PUT replaces them and GET answers the new ones")
    func readAndReplace() async throws {
        try await Self.withServer { server in
            let first = await Self.call(server, .get, "/app/id1234567890")
            #expect(first.status == 200)
            let endpoint = try #require(first.json?["endpoints"]?.arrayValue?.first)
            #expect(endpoint["url"] == "http://127.0.0.1:9/hook")
            #expect(endpoint["method"] == "POST")
            #expect(endpoint["selected_fields"] == "all")
            #expect(endpoint["selected_inapps"] == "all")
            #expect(endpoint["enabled"] == true)
            #expect(endpoint["event_types"]?.arrayValue?.count == PushAPISettings.eventTypes.count)
            let body =
                #"{"endpoints":["# + Self.endpoint("http://127.0.0.1:8080/a", method: "GET")
                + ","
                + Self.endpoint(
                    "http://localhost:8081/b", types: #"["install-in-app-event"]"#,
                    extra:
                        #","selected_inapps":["af_purchase"],"selected_fields":["event_name","appsflyer_id"]"#
                )
                + "]}"
            let put = await Self.call(server, .put, "/app/id1234567890", body: body)
            #expect(put.status == 200, "\(put.text)")
            #expect(put.json?["request_id"]?.stringValue?.isEmpty == false)
            let endpoints = try #require(
                await Self.call(server, .get, "/app/id1234567890").json?["endpoints"]?.arrayValue)
            #expect(endpoints.map { $0["url"] } == ["http://127.0.0.1:8080/a", "http://localhost:8081/b"])
            #expect(endpoints.map { $0["method"] } == ["GET", "POST"])
            #expect(endpoints[1]["selected_inapps"] == ["af_purchase"])
            #expect(endpoints[1]["selected_fields"] == ["event_name", "appsflyer_id"])
            #expect(endpoints[1]["event_types"] == ["install-in-app-event"])
            #expect(
                await Self.call(server, .put, "/app/id1234567890", body: #"{"endpoints":[]}"#).status == 200)
            #expect(await Self.call(server, .get, "/app/id1234567890").json?["endpoints"] == [])
        }
    }

    @Test("every bad call gets the reference's code, message and status, and changes nothing")
    func refusals() async throws {
        try await Self.withServer { server in
            let app = "/app/id1234567890"
            let cases: [(HTTPMethod, String, String, String?, Int, String, String)] = [
                (
                    .get, app, "", nil, 401, "AuthenticationFailed",
                    "Authentication failed. The authentication token is not valid."
                ),
                (
                    .get, app, "", "WRONG", 401, "AuthenticationFailed",
                    "Authentication failed. The authentication token is not valid."
                ),
                (
                    .get, "/app/id999", "", "TOKEN", 403, "UnknownAppid",
                    "The app ID specified wasn't found. Check that the app ID is identical to that in AppsFlyer in your account."
                ),
                (
                    .put, app, "{not json", "TOKEN", 400, "JSONParsingError",
                    "An error occurred while parsing the JSON body. Check the body and try again.."
                ),
                (
                    .put, app, #"{"hooks":[]}"#, "TOKEN", 422, "SchemaError",
                    "Invalid JSON format or no JSON found. Verify the content and resubmit."
                ),
                (
                    .put, app, #"{"endpoints":["# + Self.endpoint("https://example.com/hook") + "]}", "TOKEN",
                    422,
                    "InvalidURL", "Invalid URL."
                ),
                (
                    .put, app, #"{"endpoints":["# + Self.endpoint("http://127.0.0.1/a", method: "PUT") + "]}",
                    "TOKEN",
                    422, "InvalidMethod", "Method must be POST or GET."
                ),
                (
                    .put, app,
                    #"{"endpoints":["# + Self.endpoint("http://127.0.0.1/a") + ","
                        + Self.endpoint("http://127.0.0.1/a") + "]}",
                    "TOKEN", 422, "RepeatingURL", "Repeating URL."
                ),
                (
                    .put, app,
                    #"{"endpoints":["#
                        + (1...7).map { Self.endpoint("http://127.0.0.1/\($0)") }.joined(separator: ",")
                        + "]}",
                    "TOKEN", 422, "TooManyEndpoints", "Too many endpoints."
                ),
                (
                    .put, app,
                    #"{"endpoints":["#
                        + Self.endpoint("http://127.0.0.1/a", extra: #","selected_fields":["bogus"]"#) + "]}",
                    "TOKEN", 422, "InvalidMessageFields", "Incorrect message-fields specified."
                ),
                (
                    .put, app,
                    #"{"endpoints":["#
                        + Self.endpoint(
                            "http://127.0.0.1/a", extra: #","selected_fields":["campaign","campaign"]"#)
                        + "]}",
                    "TOKEN", 422, "InvalidMessageFields",
                    "The selected_fields specified are not unique. Use unique selected_fields."
                ),
                (
                    .put, app,
                    #"{"endpoints":["#
                        + Self.endpoint("http://127.0.0.1/a", types: #"["install-in-app-event"]"#) + "]}",
                    "TOKEN", 422, "MissingEvents",
                    "Every endpoint must include selected_inapps when an in-app event-type is selected."
                ),
                (
                    .put, app,
                    #"{"endpoints":["#
                        + Self.endpoint("http://127.0.0.1/a", extra: #","selected_inapps":["af_login"]"#)
                        + "]}",
                    "TOKEN", 422, "MissingEventTypes",
                    "Every endpoint must include an in-app event-type when listing selected_inapps."
                ),
                (
                    .put, app,
                    #"{"endpoints":["# + Self.endpoint("http://127.0.0.1/a", types: #"["installs"]"#) + "]}",
                    "TOKEN", 422, "SchemaError",
                    "Invalid JSON format or no JSON found. Verify the content and resubmit."
                ),
                (
                    .put, "/tokens/app/id1234567890", #"{"token":"bad!token"}"#, "TOKEN", 422, "SchemaError",
                    "Invalid JSON format or no JSON found. Verify the content and resubmit."
                ),
                (
                    .put, "/tokens/app/id1234567890", #"{"token":"t","token_name":"Bearer"}"#, "TOKEN", 422,
                    "SchemaError", "Invalid JSON format or no JSON found. Verify the content and resubmit."
                ),
                (
                    .get, "/event-types/adjust", "", "TOKEN", 422, "SchemaError",
                    "Invalid path-params. Verify the content and resubmit."
                ),
                (
                    .get, "/fields/tvos", "", "TOKEN", 422, "SchemaError",
                    "Invalid path-params. Verify the content and resubmit."
                ),
            ]
            for (method, path, body, token, status, code, message) in cases {
                let response = await Self.call(server, method, path, body: body, token: token)
                #expect(response.status.code == status, "\(method) \(path) \(body)")
                #expect(response.json?["code"]?.stringValue == code, "\(path) \(body): \(response.text)")
                #expect(response.json?["message"]?.stringValue == message, "\(path) \(body)")
                #expect(response.json?["request_id"]?.stringValue?.isEmpty == false)
            }
            let warned = await Self.call(
                server, .put, app, body: #"{"endpoints":["# + Self.endpoint("http://192.0.2.1/hook") + "]}")
            #expect(warned.header(.oneLinkWarning)?.contains("not loopback") == true)
            let endpoints = await Self.call(server, .get, app).json?["endpoints"]?.arrayValue
            #expect(
                endpoints?.map { $0["url"] } == ["http://127.0.0.1:9/hook"], "a refused PUT changed nothing")
        }
    }

    @Test("a server without the Push API answers the documented 402 MissingAsset")
    func missingAsset() async throws {
        try await Self.withServer(pushAPI: false) { server in
            let response = await Self.call(server, .get, "/app/id1234567890")
            #expect(response.status == 402)
            #expect(response.json?["code"] == "MissingAsset")
            #expect(
                response.header(.oneLinkWarning) == "this server has no Push API; start serve with --push-url"
            )
        }
    }

    @Test("the token can be set and deleted; event types and fields are the reference's lists")
    func tokenAndLists() async throws {
        try await Self.withServer { server in
            let set = await Self.call(
                server, .put, "/tokens/app/id1234567890",
                body: #"{"token":"my token.1","token_name":"X-Hook-Key"}"#)
            #expect(set.status == 200)
            #expect(set.json?["message"] == "Your token has been set successfully")
            #expect(await Self.call(server, .delete, "/tokens/app/id1234567890").status == 200)
            let types = await Self.call(server, .get, "/event-types/appsflyer")
            #expect(
                types.json?["event_types"]?.arrayValue?.compactMap(\.stringValue)
                    == PushAPISettings.eventTypes)
            let skad = await Self.call(server, .get, "/event-types/skadnetwork")
            #expect(skad.json?["event_types"]?.arrayValue?.count == 5)
            let fields = await Self.call(server, .get, "/fields/ios")
            #expect(fields.json?["fields"]?.arrayValue?.count == PushAPISettings.messageFields.count)
        }
    }

    @Test(
        "a PUT reaches the sender: only the selected types, in-app events and fields go, with the token set")
    func sendsAsConfigured() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            let body =
                #"{"endpoints":["#
                + Self.endpoint(
                    running.receiver.url, types: #"["install-in-app-event","organic-install-in-app-event"]"#,
                    extra:
                        #","selected_inapps":["af_purchase"],"selected_fields":["event_name","appsflyer_id"]"#
                )
                + "]}"
            let headers = "Host: 127.0.0.1\r\nAuthorization: Bearer any\r\nContent-Type: application/json\r\n"
            let put = try await running.exchange(
                "PUT \(Self.base)/app/id123456789 HTTP/1.1\r\n\(headers)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
            #expect(put.status == 200)
            let token = #"{"token":"secret-1","token_name":"X-Hook-Key"}"#
            let tokenAnswer = try await running.exchange(
                "PUT \(Self.base)/tokens/app/id123456789 HTTP/1.1\r\n\(headers)Content-Length: \(token.utf8.count)\r\nConnection: close\r\n\r\n\(token)"
            )
            #expect(tokenAnswer.status == 200)
            _ = try await running.install("configured-device", advertisingID: PushAPISelectionTests.idfa)
            try await running.event("configured-device", at: running.clock.now)
            let received = try await running.receiver.next()
            #expect(
                try AttributionPayload(jsonString: received.body) == [
                    "event_name": "af_purchase", "appsflyer_id": "configured-device",
                ])
            #expect(received.header("X-Hook-Key") == "secret-1")
            #expect(
                running.server.pushDeliveries.map(\.messageType) == ["organic-install-in-app-event"],
                "the install message was not sent")
        }
    }
}
