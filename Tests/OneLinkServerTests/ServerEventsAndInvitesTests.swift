import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import OneLinkSupport
import Testing

/// Collects one completion's outcome, from whichever queue called it.
final class OutcomeBox<Value>: @unchecked Sendable {
    // @unchecked: `Value` need not be Sendable; it is only reached through the Locked.
    private let stored = Locked<Value?>(nil)

    func set(_ value: Value) { stored.withLock { $0 = value } }

    var value: Value? { stored.value }
}

@Suite("Server: in-app events and invite short links", .timeLimit(.minutes(5)))
struct ServerEventsAndInvitesTests {
    /// A configuration with `events` and, when `creates`, a short-link creator into `resolver`.
    static func configuration(
        events: InMemoryEventRecorder, creates: Bool, resolver: InMemoryShortLinkResolver
    ) -> OneLinkServer.Configuration {
        .init(
            shortLinkResolver: resolver, eventRecorder: events,
            shortLinkCreator: creates ? InMemoryShortLinkCreator(resolver: resolver) : nil)
    }

    /// Runs `body` against a started loopback server, for the SDK's HTTP backends.
    func withServer(
        events: InMemoryEventRecorder = InMemoryEventRecorder(),
        _ body: (OneLinkServer, InMemoryShortLinkResolver) async throws -> Void
    ) async throws {
        let resolver = InMemoryShortLinkResolver()
        try await withStartedServer(Self.configuration(events: events, creates: true, resolver: resolver)) {
            try await body($0, resolver)
        }
    }

    /// Runs `body` against the same server in process, for the routes' answers.
    func withRoutes(
        events: InMemoryEventRecorder = InMemoryEventRecorder(), creates: Bool = true,
        _ body: (EmbeddedServer, InMemoryShortLinkResolver) async throws -> Void
    ) async throws {
        let resolver = InMemoryShortLinkResolver()
        try await body(
            EmbeddedServer(
                configuration: Self.configuration(events: events, creates: creates, resolver: resolver)),
            resolver)
    }

    static func post(_ path: String, _ body: String, on server: EmbeddedServer) async throws -> RouteAnswer {
        try await server.call(
            "POST", path, headers: ["authentication: DEV_KEY", "Content-Type: application/json"], body: body)
    }

    @Test(
        "logEvent over HTTPEventRecorder reaches the server's recorder with its identity; the completion gets the answer"
    )
    func eventOverHTTP() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server, _ in
            let sdk = AppsFlyerLib(
                logSink: RecordingDebugLogSink(), eventRecorder: try .http(baseURL: server.baseURL))
            sdk.appsFlyerDevKey = "DEV_KEY"
            sdk.appleAppID = "123456789"
            sdk.customerUserID = "user-42"
            sdk.currencyCode = "USD"
            sdk.callbackDelivery = .sdkQueue
            // A round trip, not a deadline, is under test: a loaded pool (ThreadSanitizer, 2 cores)
            // can stall every task for seconds.
            sdk.conversionDataTimeout = 60_000
            let box = OutcomeBox<String>()
            sdk.logEvent(name: AFEventPurchase, values: [AFEventParamRevenue: "9.99", "items": [1, 2]]) {
                response, error in
                box.set(error.map { "\($0)" } ?? (response?["status"] as? String ?? "?"))
            }
            await sdk.waitUntilIdle()
            #expect(box.value == "ok")
            let event = try #require(events.events.first)
            #expect(event.appID == "123456789")
            #expect(event.devKey == "DEV_KEY")
            #expect(event.deviceID == sdk.getAppsFlyerUID())
            #expect(event.name == "af_purchase")
            #expect(event.values == ["af_revenue": "9.99", "items": [1, 2]])
            #expect(event.customerUserID == "user-42")
            #expect(event.currencyCode == "USD")
        }
    }

    @Test("a failing server recorder reaches the completion as its HTTP status")
    func eventFailureOverHTTP() async throws {
        let events = InMemoryEventRecorder(behavior: .failing(.httpStatus(code: 503, reason: "maintenance")))
        try await withServer(events: events) { server, _ in
            let sdk = AppsFlyerLib(
                logSink: RecordingDebugLogSink(), eventRecorder: try .http(baseURL: server.baseURL))
            sdk.appsFlyerDevKey = "DEV_KEY"
            sdk.appleAppID = "123456789"
            await #expect(throws: AttributionError.httpStatus(code: 503, reason: "maintenance")) {
                try await sdk.logEvent(name: AFEventLogin, values: nil)
            }
        }
    }

    @Test(
        "the SDK's event call (the launch path, with an eventName) takes eventValue as a JSON string too, and refuses bad bodies and GET"
    )
    func eventEndpointShapes() async throws {
        let events = InMemoryEventRecorder()
        try await withRoutes(events: events) { server, _ in
            let ok = try await Self.post(
                "/api/v6/iosevent/123456789",
                #"{"appsflyer_id":"d1","eventName":"af_login","eventValue":"{\"af_registration_method\":\"mail\"}","eventTime":"2020-08-12 15:08:00.000"}"#,
                on: server)
            #expect(ok.status == 200)
            #expect(ok.body == #"{"status":"ok"}"#)
            #expect(events.events.first?.values == ["af_registration_method": "mail"])
            #expect(events.events.first?.time == AttributionTimestamp.date(from: "2020-08-12 15:08:00.000"))
            let missing = try await Self.post(
                "/api/v6/iosevent/123456789", #"{"appsflyer_id":"d1","eventName":""}"#, on: server)
            #expect(missing.status == 400)
            #expect(missing.body.contains("eventName"))
            let get = try await server.call("GET", "/api/v6/iosevent/123456789")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
        }
    }

    @Test("generateInviteUrl over HTTPShortLinkCreator gives a short link the server's resolver answers")
    func inviteRoundTripOverHTTP() async throws {
        try await withServer { server, _ in
            let inviter = AppsFlyerLib(
                logSink: RecordingDebugLogSink(),
                // 30 s, not the interactive 3 s: under ThreadSanitizer at a load of 10 a loopback
                // create took longer, and the SDK then answers the long link (a CI failure).
                shortLinkCreator: try HTTPShortLinkCreator(baseURL: server.baseURL, timeout: .seconds(30)))
            inviter.appInviteOneLinkID = "H5hv"
            inviter.callbackDelivery = .sdkQueue
            inviter.deepLinkTimeout = 60_000
            let box = OutcomeBox<URL?>()
            AppsFlyerLib.withShared(inviter) {
                AppsFlyerShareInviteHelper.generateInviteUrl(
                    linkGenerator: { generator in
                        generator.setReferrerUID("1600000000000-1234")
                        generator.setChannel("sms")
                        generator.addParameterValue("invite", forKey: "deep_link_value")
                        return generator
                    },
                    completionHandler: { box.set($0) })
            }
            await inviter.waitUntilIdle()
            let url = try #require(box.value ?? nil)
            #expect(url.host == "app.onelink.me")
            #expect(url.query == nil)
            #expect(url.path.hasPrefix("/H5hv/"))

            let friend = AppsFlyerLib(
                shortLinkResolver: try .http(baseURL: server.baseURL, redirectTimeout: .seconds(30)),
                logSink: RecordingDebugLogSink())
            friend.appsFlyerDevKey = "DEV_KEY"
            friend.appleAppID = "123456789"
            friend.callbackDelivery = .sdkQueue
            friend.conversionDataTimeout = 60_000
            friend.deepLinkTimeout = 60_000
            let delegate = CallbackRecorder()  // only needs to exist: the test reads what `perform` returns
            friend.deepLinkDelegate = delegate
            await friend.perform(.start)
            let events = await friend.perform(.universalLink(url.absoluteString))
            guard case .deepLink(let result)? = events.first else {
                Issue.record("expected didResolveDeepLink, got \(events)")
                return
            }
            #expect(result.status == .found)
            #expect(result.deepLink?.mediaSource == "af_app_invites")
            #expect(result.deepLink?.deeplinkValue == "invite")
            #expect(result.deepLink?.clickEvent["af_referrer_uid"] as? String == "1600000000000-1234")
            #expect(result.deepLink?.clickEvent["af_channel"] as? String == "sms")
        }
    }

    @Test("the link-creation endpoint answers plain text, 400 for bad data and 404 without a creator")
    func linkCreationShapes() async throws {
        try await withRoutes { server, resolver in
            let created = try await Self.post(
                "/shortlink/v1/H5hv",
                #"{"brand_domain":"go.example.com","data":{"pid":"af_app_invites","n":3}}"#,
                on: server)
            #expect(created.status == 200)
            #expect(created.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(created.body.hasPrefix("https://go.example.com/H5hv/"))
            let shortID = String(created.body.split(separator: "/").last ?? "")
            let stored = try await resolver.resolve(
                ShortLinkRequest(
                    host: "go.example.com", template: "H5hv", shortID: shortID, link: created.body))
            #expect(stored == ["pid": "af_app_invites", "n": "3"])
            let bad = try await Self.post(
                "/shortlink/v1/H5hv", #"{"data":{"x":{"nested":1}}}"#, on: server)
            #expect(bad.status == 400)
        }
        try await withRoutes(creates: false) { server, _ in
            let none = try await Self.post("/shortlink/v1/H5hv", #"{"data":{}}"#, on: server)
            #expect(none.status == 404)
        }
    }
}
