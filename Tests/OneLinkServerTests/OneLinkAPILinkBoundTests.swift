import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkSupport
import Testing

@testable import OneLinkServer

/// The OneLink API keeps at most `maximumLinks` links (issue 52): a create at the bound drops the
/// expired ones first and is otherwise refused with the reference's creation failure; nothing
/// answered 200 is lost before its TTL.
@Suite("Server: the OneLink API's link bound", .timeLimit(.minutes(1)))
struct OneLinkAPILinkBoundTests {
    static let token = "TOKEN"

    static func server(maximumLinks: Int, clock: ManualClock) -> (EmbeddedServer, InMemoryShortLinkResolver) {
        let links = InMemoryShortLinkResolver()
        let configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, clock: clock,
            oneLinkAPI: OneLinkAPISettings(links: links, tokens: [token], maximumLinks: maximumLinks),
            shortLinkStore: links)
        return (EmbeddedServer(configuration: configuration), links)
    }

    static func create(_ server: EmbeddedServer, id: String, ttl: String = "1h") async -> EmbeddedResponse {
        await server.respond(
            .post, "/api/v2.0/shortlinks/A1b3", headers: [(.authorization, token)],
            body: #"{"shortlink_id":"\#(id)","ttl":"\#(ttl)","data":{"pid":"sms"}}"#)
    }

    @Test("at the bound a create is 400 internal_error, and every link created before still resolves")
    func refusesAtTheBound() async throws {
        let clock = ManualClock()
        let (server, links) = Self.server(maximumLinks: 3, clock: clock)
        for id in ["a", "b", "c"] { #expect(await Self.create(server, id: id).status == .ok) }
        let refused = await Self.create(server, id: "d")
        #expect(refused.status == .badRequest)
        #expect(refused.json?["error_type"] == .string("internal_error"))
        #expect(refused.json?["message"] == .string("Failed to create shortlink."))
        #expect(refused.header(.oneLinkEmulatorReason)?.contains("at most 3 links") == true)
        for id in ["a", "b", "c"] { #expect(links[template: "A1b3", shortID: id] != nil, "\(id)") }
        #expect(links[template: "A1b3", shortID: "d"] == nil)
        // A delete makes room.
        let deleted = await server.respond(
            .delete, "/api/v2.0/shortlinks/A1b3/a", headers: [(.authorization, Self.token)])
        #expect(deleted.status == .ok)
        #expect(await Self.create(server, id: "d").status == .ok)
    }

    @Test("a create at the bound drops the links whose TTL has run out, and only those")
    func dropsExpiredLinksFirst() async throws {
        let clock = ManualClock()
        let (server, links) = Self.server(maximumLinks: 2, clock: clock)
        #expect(await Self.create(server, id: "short", ttl: "10m").status == .ok)
        #expect(await Self.create(server, id: "long", ttl: "2h").status == .ok)
        await clock.advance(by: .seconds(11 * 60))
        #expect(await Self.create(server, id: "new").status == .ok)
        #expect(links[template: "A1b3", shortID: "short"] == nil)
        #expect(links[template: "A1b3", shortID: "long"] != nil)
        #expect(links[template: "A1b3", shortID: "new"] != nil)
        // Nothing else has expired: the next one is refused.
        #expect(await Self.create(server, id: "more").status == .badRequest)
    }

    @Test("v2.0 checks URL-valued data parameters as AppsFlyer does; a web URL passes")
    func urlParameters() async throws {
        let (server, _) = Self.server(maximumLinks: 10, clock: ManualClock())
        for (name, value, accepted) in [
            ("af_r", "badURL", false), ("af_r", "https://example.com/page?x=1", true),
            ("af_ios_url", "ftp://example.com", false), ("af_android_url", "http://example.com", true),
            ("af_web_dp", "https://", false), ("af_dp", "myapp://path", true),
        ] {
            let response = await server.respond(
                .post, "/api/v2.0/shortlinks/A1b3", headers: [(.authorization, Self.token)],
                body: #"{"data":{"pid":"sms","\#(name)":"\#(value)"}}"#)
            #expect((response.status == .ok) == accepted, "\(name)=\(value)")
            if !accepted {
                #expect(
                    response.json?["message"]
                        == .string(
                            "Parameter '\(name)' has an invalid value: '\(value)'. Reason: value should be a valid URL."
                        ))
            }
        }
    }
}
