import Foundation
import OneLinkClicks
import OneLinkServer
import OneLinkTestThreads
import Testing

/// Issue 18: connections wait instead of being dropped, messages are bounded and precise, and the
/// request log and the server's in-memory state stay bounded.
@Suite(.timeLimit(.minutes(5))) struct ServerHardeningTests {
    static let close = "Connection: close\r\n"

    func outcome(_ text: String) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser()
        return parser.parse(Array(text.utf8))
    }

    // MARK: Connection limit

    @Test("a client over maximumConnections waits in the backlog and is answered once a connection closes")
    func overflowWaits() async throws {
        let limits = ServerLimits(maximumConnections: 2, evictionAge: .seconds(3600))
        try await withFixtureServer(limits: limits) { running in
            let port = running.port
            let (third, second, open) = try await onThread {
                let first = try RawHTTPConnection(port: port)
                let second = try RawHTTPConnection(port: port)
                let third = try RawHTTPConnection(port: port)
                try third.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.close)\r\n")
                try first.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.close)\r\n")
                _ = try first.readResponse()
                _ = try first.readsEndOfStream()
                let answer = try third.readResponse().status
                try second.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.close)\r\n")
                return (answer, try second.readResponse().status, running.server.openConnectionCount)
            }
            #expect(third == 200)
            #expect(second == 200)
            #expect(open <= 2)
        }
    }

    @Test("at the limit, slow and silent clients are evicted with 408 so a waiting client is served")
    func slowClientsEvicted() async throws {
        let limits = ServerLimits(maximumConnections: 3, evictionAge: .zero)
        try await withFixtureServer(limits: limits) { running in
            let port = running.port
            let health = try await onThread {
                let slow = try (0..<3).map { _ in try RawHTTPConnection(port: port) }
                for connection in slow.prefix(2) { try connection.send("GET /landing HTTP/1.1\r\nHo") }
                let health = try RawHTTPConnection.exchange(
                    "GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.close)\r\n", port: port)
                withExtendedLifetime(slow) {}
                return health.status
            }
            #expect(health == 200)
            // The eviction's 408 is written before the waiting client is accepted.
            #expect(running.log.entries.contains { $0.status == 408 })
        }
    }

    // MARK: Bounded messages

    @Test("a fragment in the target is a malformed request line")
    func fragment() {
        #expect(
            outcome("GET /shortlink-sdk/v2/H5hv?id=6d66214a#top HTTP/1.1\r\nHost: a\r\n\r\n")
                == .failure(
                    .malformedRequestLine("the target holds a fragment (#), which a client must not send")))
    }

    @Test("an empty Host and a Host with a space are refused")
    func badHost() {
        #expect(outcome("GET / HTTP/1.1\r\nHost:\r\n\r\n") == .failure(.invalidHost("empty")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
                == .failure(.invalidHost(#""a b" is not a host name or address with an optional port"#)))
        #expect(outcome("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n") != .needMoreData)
        if case .failure = outcome("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n") {
            Issue.record("[::1]:8080 refused")
        }
    }

    @Test("a bare CR fails at once, in the request line and in a header")
    func bareCR() {
        #expect(
            outcome("GET / HTTP/1.1\rX")
                == .failure(.malformedRequestLine("a CR is not followed by LF (a bare CR at byte 14)")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: a\rb")
                == .failure(.malformedHeader("a CR is not followed by LF (a bare CR at byte 23)")))
        #expect(outcome("GET / HTTP/1.1\r") == .needMoreData)
    }

    @Test("a bare CR is answered 400 without waiting for the request timeout")
    func bareCROverTheWire() async throws {
        try await withFixtureServer(limits: ServerLimits(requestTimeout: .seconds(600))) { running in
            let port = running.port
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: port, timeoutSeconds: 5)
                try connection.send("GET / HTTP/1.1\rX")
                return try connection.readResponse()
            }
            #expect(response.status == 400)
        }
    }

    @Test("the log line escapes a quote and a backslash inside the request line")
    func logEscaping() {
        let entry = RequestLogEntry(
            client: "127.0.0.1:1", requestLine: #"GET /a"b\c"#, status: 404, bodyBytes: 3, duration: .zero)
        #expect(entry.line == #"127.0.0.1:1 "GET /a\"b\\c" 404 3B 0.0ms"#)
    }

    // MARK: Bounded memory

    @Test("the in-memory log sink keeps only its newest entries")
    func boundedLogSink() {
        let sink = InMemoryRequestLogSink(limit: 3)
        for index in 0..<10 {
            sink.record(
                RequestLogEntry(
                    client: "c", requestLine: "GET /\(index)", status: 200, bodyBytes: 0, duration: .zero))
        }
        #expect(sink.entries.map(\.requestLine) == ["GET /7", "GET /8", "GET /9"])
        #expect(sink.droppedCount == 7)
    }
}
