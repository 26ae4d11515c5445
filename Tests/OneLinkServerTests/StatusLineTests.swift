import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

/// Every status line the server writes carries the standard reason phrase (`HTTP/1.1 401
/// Unauthorized`, never `Status 401`), read off the wire.
@Suite("Server: standard reason phrases on the status line", .timeLimit(.minutes(2)))
struct StatusLineTests {
    @Test("401, 403, 404, 405 and 409 have their registry phrases")
    func reasonPhrases() async throws {
        let links = InMemoryShortLinkResolver()
        let configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, oneLinkAPI: OneLinkAPISettings(links: links), devKeys: ["dev"])
        try await withStartedServer(configuration) { server in
            let port = server.port
            func exchange(_ head: String, body: String = "") async throws -> RawHTTPConnection.Response {
                let request =
                    head + "\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
                return try await onThread { try RawHTTPConnection.exchange(request, port: port) }
            }
            let unauthorized = try await exchange("GET /api/v2.0/shortlinks-quota/1 HTTP/1.1")
            #expect(unauthorized.status == 401)
            #expect(unauthorized.reasonPhrase == "Unauthorized")
            let forbidden = try await exchange("GET /install_data/v4.0/id1?devkey=wrong&device_id=d HTTP/1.1")
            #expect(forbidden.status == 403)
            #expect(forbidden.reasonPhrase == "Forbidden")
            let notFound = try await exchange("GET /nowhere HTTP/1.1")
            #expect(notFound.reasonPhrase == "Not Found")
            let notAllowed = try await exchange("DELETE /install_data/v5.0/1 HTTP/1.1")
            #expect(notAllowed.reasonPhrase == "Method Not Allowed")
            var conflict: RawHTTPConnection.Response?
            for index in 0...40 {
                let id = String(format: "09ad6f30-a39c-4c6c-8862-%012d", index)
                conflict = try await exchange(
                    "POST /api/test-console/v1.0/app/id1/devices HTTP/1.1\r\nAuthorization: Bearer t",
                    body: #"{"device_id":"\#(id)","device_id_type":"IDFA","device_name":"n"}"#)
            }
            #expect(conflict?.status == 409)
            #expect(conflict?.reasonPhrase == "Conflict")
        }
    }
}
