import Foundation
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// The account plan's answer on the S2S event API: under "Zero Package" every authenticated event is
/// `403 Forbidden` (https://dev.appsflyer.com/hc/reference/inapp-events-1), and nothing is recorded.
@Suite("Server: S2S events under the account's plan", .timeLimit(.minutes(5)))
struct S2SPlanTests {
    func withServer(
        plan: AppsFlyerPlan, events: InMemoryEventRecorder, _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        var configuration = OneLinkServer.Configuration(eventRecorder: events, s2sKeys: ["S2S_KEY"])
        configuration.accountPlan = plan
        try await S2SEventTests.withServer(configuration, body)
    }

    @Test("zero: a valid, an invalid and an unprefixed-app event are each 403 Forbidden in plain text")
    func zeroPlan() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(plan: .zero, events: events) { server in
            for (path, body) in [
                ("/inappevent/id123456789", S2SEventTests.purchase),
                ("/inappevent/id123456789", #"{"eventName":"af_login","eventValue":""}"#),
                ("/inappevent/id123456789", ""),
                ("/inappevent/123456789", S2SEventTests.purchase),
            ] {
                let response = try await S2SEventTests.post(path, body, on: server)
                #expect(response.status == 403, "\(path) \(body)")
                #expect(response.body == "Forbidden")
                #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            }
            #expect(events.events.isEmpty)
            // The key is checked first: without the account's key the plan is not known.
            let noKey = try await S2SEventTests.post(
                "/inappevent/id123456789", S2SEventTests.purchase, key: nil, on: server)
            #expect(noKey.status == 400 && noKey.body == "Failed to Authenticate")
            let wrongKey = try await S2SEventTests.post(
                "/inappevent/id123456789", S2SEventTests.purchase, key: "OTHER", on: server)
            #expect(wrongKey.status == 401 && wrongKey.body == "Unauthorized")
        }
    }

    @Test("growth and enterprise record the event; plan names read in any case")
    func paidPlans() async throws {
        for plan in [AppsFlyerPlan.growth, AppsFlyerPlan(rawValue: "Enterprise")] {
            let events = InMemoryEventRecorder()
            try await withServer(plan: plan, events: events) { server in
                let response = try await S2SEventTests.post(
                    "/inappevent/id123456789", S2SEventTests.purchase, on: server)
                #expect(response.status == 200 && response.body == "OK")
                #expect(events.events.count == 1)
            }
        }
        #expect(AppsFlyerPlan(rawValue: "ZERO") == .zero)
        #expect(!AppsFlyerPlan.zero.acceptsS2SEvents)
        #expect(OneLinkServer.Configuration().accountPlan == .growth)
        #expect(S2SEventError.forbidden.description == "403 Forbidden")
    }
}
