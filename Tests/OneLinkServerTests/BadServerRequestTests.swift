import Foundation
import OneLinkBadInputCorpus
import OneLinkEmulator
import OneLinkServer
import Testing

/// Sends every hostile request of `Payloads/bad-input/server-requests.json` to a real loopback server.
@Suite(.timeLimit(.minutes(5))) struct BadServerRequestTests {
    static let cases = BadInputCorpus.cases("server-requests.json")

    @Test("The server-request corpus loads with at least 20 cases")
    func corpusLoads() throws {
        _ = try BadInputCorpus.document("server-requests.json")
        #expect(Self.cases.count >= 20)
    }

    @Test("Hostile HTTP request: the exact status and error_reason", arguments: cases)
    func hostileRequest(_ entry: BadInputCorpus.Case) async throws {
        let server = try OneLinkServer(
            configuration: .init(
                shortLinkResolver: .inMemory(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]])))
        try await server.start()
        let response: LoopbackClient.Response
        do {
            response = try await LoopbackClient.exchange(
                Array(try entry.text("request").utf8), port: server.port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(response.status == entry["status"]?.intValue)
        let body = try AttributionPayload(jsonString: response.body)
        #expect(body["status_code"] == entry["status"])
        #expect(body["error_reason"] == entry["error_reason"], "\(response.body)")
    }
}

/// What the `http-request` fuzz target found in `HTTPRequestParser`, kept as a regression test.
@Suite(.timeLimit(.minutes(5))) struct HTTPRequestParserFindingsTests {
    @Test("An empty Content-Length, or an empty element of one, is refused with 400")
    func emptyContentLength() {
        var parser = HTTPRequestParser()
        let outcome = parser.parse(Array("GET /x HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n".utf8))
        #expect(outcome == .failure(.invalidContentLength("")))
        var postParser = HTTPRequestParser()
        let post = postParser.parse(Array("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: ,\r\n\r\n".utf8))
        #expect(post == .failure(.invalidContentLength(", ")))
        if case .failure(let error) = post { #expect(error.statusCode == 400) }
    }
}
