import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

/// The URLSession transport against real loopback sockets: a closed port and a scripted raw responder.
@Suite(.timeLimit(.minutes(5))) struct HTTPLoopbackTests {
    static let json = "Content-Type: application/json\r\nConnection: close\r\n"

    func send(
        _ reply: String?, method: HTTPRequest.Method = .get, limit: Int = 1 << 20,
        timeout: Duration = .seconds(10)
    ) async throws -> (Result<HTTPResponse, any Error>, String?) {
        let responder = try HTTPScriptedResponder(replies: [reply])
        let url = try #require(URL(string: "http://127.0.0.1:\(responder.port)/probe"))
        let request = HTTPRequest(method: method, url: url, timeout: timeout, maximumResponseBytes: limit)
        let result: Result<HTTPResponse, any Error>
        do {
            result = .success(try await URLSessionHTTPTransport().send(request))
        } catch {
            result = .failure(error)
        }
        var requests = responder.requests.makeAsyncIterator()
        return (result, await requests.next())
    }

    func error(of result: Result<HTTPResponse, any Error>) -> AttributionError? {
        guard case .failure(let error) = result else {
            Issue.record("expected an error, got \(result)")
            return nil
        }
        return error as? AttributionError
    }

    @Test func aRefusedConnectionIsConnectionFailed() async throws {
        try await HTTPScriptedResponder.withRefusingPort { port in
            let resolver = try HTTPShortLinkResolver(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            await #expect(
                throws: AttributionError.connectionFailed(
                    "could not connect to http://127.0.0.1:\(port)/wrap")
            ) {
                try await resolver.redirectTarget(of: "http://127.0.0.1:\(port)/wrap", headers: [:])
            }
        }
    }

    @Test func aResolutionTravelsAsOneGETWithItsHeadersAndReadsTheObject() async throws {
        let body = #"{"deep_link_value": "peaches", "fruit_amount": 6, "af_cost_value": 6.0}"#
        let responder = try HTTPScriptedResponder(replies: [
            "HTTP/1.1 200 OK\r\n\(Self.json)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        ])
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "http://127.0.0.1:\(responder.port)")!,
            headerProvider: { ["X-Provider": "p"] })
        let request = ShortLinkRequest(
            host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
            link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a", headers: ["X-Fixture": "loopback"],
            timeout: .seconds(30))
        #expect(
            try await resolver.resolve(request)
                == ["deep_link_value": "peaches", "fruit_amount": 6, "af_cost_value": .double(6)])
        var requests = responder.requests.makeAsyncIterator()
        let head = try #require(await requests.next())
        #expect(head.hasPrefix("GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\n"))
        #expect(head.contains("\r\nX-Fixture: loopback\r\n"))
        #expect(head.contains("\r\nX-Provider: p\r\n"))
        #expect(head.contains("\r\nAccept: application/json\r\n"))
    }

    @Test func theDeferredLookupPostsItsJSONBody() async throws {
        let body = #"{"found": true, "click_event": {"deep_link_value": "peaches"}}"#
        let responder = try HTTPScriptedResponder(replies: [
            "HTTP/1.1 200 OK\r\n\(Self.json)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        ])
        let source = try HTTPDeferredDeepLinkSource(
            baseURL: URL(string: "http://localhost:\(responder.port)")!)
        let request = InstallAttributionRequest(
            appID: "1234567890", devKey: "key", deviceID: "d1", installTime: Date(timeIntervalSince1970: 0))
        #expect(
            try await source.deferredDeepLink(for: request)
                == DeferredDeepLinkResponse(found: true, clickEvent: ["deep_link_value": "peaches"]))
        var requests = responder.requests.makeAsyncIterator()
        let sent = try #require(await requests.next())
        #expect(sent.hasPrefix("POST /v1.0/ios/1234567890?devkey=key HTTP/1.1\r\n"))
        #expect(sent.contains("\r\nContent-Type: application/json\r\n"))
        #expect(
            sent.hasSuffix(
                #"\#r\#n\#r\#n{"device":{"ip":"203.0.113.7","language":"en-US","model":"iPhone","os_version":"17.4"},"#
                    + #""device_id":"d1","install_time":"1970-01-01 00:00:00.000"}"#))
    }

    @Test func aRedirectIsReturnedNotFollowed() async throws {
        let (result, head) = try await send(
            "HTTP/1.1 302 Found\r\nLocation: /next\r\nContent-Length: 0\r\n\r\n")
        let response = try result.get()
        #expect(response.statusCode == 302)
        #expect(response.header("location") == "/next")
        #expect(head?.hasPrefix("GET /probe HTTP/1.1\r\n") == true)
    }

    @Test func aSelfRedirectLoopIsOneHopPerCall() async throws {
        let reply = "HTTP/1.1 302 Found\r\nLocation: /loop\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let responder = try HTTPScriptedResponder(replies: [reply, reply])
        let loop = "http://127.0.0.1:\(responder.port)/loop"
        let resolver = try HTTPShortLinkResolver(baseURL: URL(string: "http://127.0.0.1:\(responder.port)")!)
        let first = try await resolver.redirectTarget(of: loop, headers: [:])
        let second = try await resolver.redirectTarget(of: first ?? "", headers: [:])
        #expect([first, second] == [loop, loop])
        let heads = await responder.requests.reduce(into: [String]()) { $0.append($1) }
        #expect(
            heads.map { $0.components(separatedBy: "\r\n")[0] } == [
                "GET /loop HTTP/1.1", "GET /loop HTTP/1.1",
            ])
    }

    @Test func aBodyCutShortOfItsContentLengthIsTruncated() async throws {
        let (result, _) = try await send("HTTP/1.1 200 OK\r\n\(Self.json)Content-Length: 100\r\n\r\n{\"a\":")
        #expect(error(of: result) == .truncatedResponse(expected: 100, received: 5))
    }

    @Test func aChunkedBodyCutShortIsTruncatedWithoutAnExpectedLength() async throws {
        let (result, _) = try await send(
            "HTTP/1.1 200 OK\r\n\(Self.json)Transfer-Encoding: chunked\r\n\r\n20\r\n{\"a\":")
        #expect(error(of: result) == .truncatedResponse(expected: nil, received: 5))
    }

    @Test func anAnnouncedBodyOverTheLimitIsRefused() async throws {
        let body = String(repeating: "a", count: 64)
        let (result, _) = try await send(
            "HTTP/1.1 200 OK\r\n\(Self.json)Content-Length: 64\r\n\r\n\(body)", limit: 16)
        #expect(error(of: result) == .responseTooLarge(limit: 16))
    }

    @Test func aStreamedBodyOverTheLimitIsCutOff() async throws {
        let body = String(repeating: "a", count: 64)
        let (result, _) = try await send("HTTP/1.1 200 OK\r\n\(Self.json)\r\n\(body)", limit: 16)
        #expect(error(of: result) == .responseTooLarge(limit: 16))
    }

    @Test func aConnectionClosedBeforeAnyResponseFails() async throws {
        let (result, head) = try await send("")
        let error = error(of: result)
        // Linux reports a bad server response, Apple platforms a lost connection.
        switch error {
        case .invalidResponse?, .connectionFailed?: break
        default:
            Issue.record("expected invalidResponse or connectionFailed, got \(String(describing: error))")
        }
        #expect(head?.hasPrefix("GET /probe HTTP/1.1\r\n") == true)
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheRequestTimeout() async throws {
        let (result, _) = try await send(nil, timeout: .milliseconds(50))
        #expect(error(of: result) == .timedOut(milliseconds: 50))
    }

    @Test func cancellingTheTaskEndsTheExchangeWithCancellationError() async throws {
        let responder = try HTTPScriptedResponder(replies: [nil])
        let url = try #require(URL(string: "http://127.0.0.1:\(responder.port)/hold"))
        let transport = URLSessionHTTPTransport()
        let task = Task { try await transport.send(HTTPRequest(url: url)) }
        var requests = responder.requests.makeAsyncIterator()
        let head = await requests.next()
        task.cancel()
        let result = await task.result
        #expect(head?.hasPrefix("GET /hold HTTP/1.1\r\n") == true)
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
