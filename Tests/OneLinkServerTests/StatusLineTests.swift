import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// Every status line the server writes carries the standard reason phrase (`HTTP/1.1 401
/// Unauthorized`, never `Status 401`): the bytes the server would write, in process.
@Suite("Server: standard reason phrases on the status line", .timeLimit(.minutes(2)))
struct StatusLineTests {
    @Test("401, 403, 404, 405 and 409 have their registry phrases")
    func reasonPhrases() async throws {
        let links = InMemoryShortLinkResolver()
        let server = EmbeddedServer(
            configuration: .init(
                shortLinkResolver: links, oneLinkAPI: OneLinkAPISettings(links: links), devKeys: ["dev"]))
        func statusLine(_ head: String, body: String = "") async throws -> String {
            let request = head + "\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
            let response = try #require(await server.respond(toBytes: Array(request.utf8)))
            let wire = String(decoding: response.wire, as: UTF8.self)
            return wire.components(separatedBy: "\r\n").first ?? ""
        }
        #expect(
            try await statusLine("GET /api/v2.0/shortlinks-quota/1 HTTP/1.1") == "HTTP/1.1 401 Unauthorized")
        #expect(
            try await statusLine("GET /install_data/v4.0/id1?devkey=wrong&device_id=d HTTP/1.1")
                == "HTTP/1.1 403 Forbidden")
        #expect(try await statusLine("GET /nowhere HTTP/1.1") == "HTTP/1.1 404 Not Found")
        #expect(
            try await statusLine("DELETE /install_data/v5.0/1 HTTP/1.1") == "HTTP/1.1 405 Method Not Allowed")
        var conflict = ""
        for index in 0...40 {
            let id = String(format: "09ad6f30-a39c-4c6c-8862-%012d", index)
            conflict = try await statusLine(
                "POST /api/test-console/v1.0/app/id1/devices HTTP/1.1\r\nAuthorization: Bearer t",
                body: #"{"device_id":"\#(id)","device_id_type":"IDFA","device_name":"n"}"#)
        }
        #expect(conflict == "HTTP/1.1 409 Conflict")
        #expect(
            try await statusLine("GET / HTTP/1.1\r\nTransfer-Encoding: chunked")
                == "HTTP/1.1 501 Not Implemented")
    }
}
