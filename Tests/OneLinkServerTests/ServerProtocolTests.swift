import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import OneLinkTestThreads
import Testing

/// The server's HTTP handling over real loopback sockets: status codes for bad input, keep-alive,
/// concurrency, logging and shutdown.
@Suite(.timeLimit(.minutes(5))) struct ServerProtocolTests {
    static func errorBody(_ status: Int, _ reason: String) -> AttributionPayload {
        ["error_reason": .string(reason), "status_code": .int(status)]
    }

    static func payload(_ response: RawHTTPConnection.Response) throws -> AttributionPayload {
        try AttributionPayload(jsonString: response.body)
    }

    @Test("a malformed request line gets 400 with a JSON error body, then the connection closes")
    func malformedRequestLine() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let (response, closed) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("NOT A REQUEST LINE\r\n\r\n")
                return (try connection.readResponse(), try connection.readsEndOfStream())
            }
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Connection") == "close")
            #expect(
                try Self.payload(response)
                    == Self.errorBody(400, "malformed request line: expected METHOD SP target SP version"))
            #expect(closed)
        }
    }

    /// Sends `request` to a fixture server with `limits` on a connection of its own and expects
    /// `status` with the JSON error body that gives `reason`.
    static func expectRefusal(
        _ request: String, limits: ServerLimits = ServerLimits(), _ status: Int, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withFixtureServer(limits: limits) { running in
            let port = running.port
            let response = try await onThread { try RawHTTPConnection.exchange(request, port: port) }
            #expect(response.status == status, sourceLocation: sourceLocation)
            #expect(try payload(response) == errorBody(status, reason), sourceLocation: sourceLocation)
        }
    }

    @Test("a header section of 16 KiB + 1 byte gets 431")
    func headerTooLarge() async throws {
        try await Self.expectRefusal(
            HTTPRequestParserTests.request(headSize: 16 * 1024 + 1), 431,
            "request header section is larger than 16384 bytes")
    }

    @Test("a body over the configured cap gets 413 even while the client is still sending it")
    func bodyTooLarge() async throws {
        try await Self.expectRefusal(
            "POST /v1.0/ios/1234567890?devkey=k HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4096\r\n\r\n"
                + String(repeating: "a", count: 4096), limits: ServerLimits(maximumBodyBytes: 1024), 413,
            "request body of 4096 bytes is larger than 1024 bytes")
    }

    @Test("a client that stops mid-head gets 408 after the request timeout, then the connection closes")
    func slowClient() async throws {
        try await withFixtureServer(limits: ServerLimits(requestTimeout: .milliseconds(200))) { running in
            let port = running.port
            let started = ContinuousClock.now
            let (response, closed) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                return (try connection.readResponse(), try connection.readsEndOfStream())
            }
            #expect(response.status == 408)
            #expect(
                try Self.payload(response)
                    == Self.errorBody(408, "the request did not arrive within the time limit"))
            #expect(closed)
            #expect(ContinuousClock.now - started >= .milliseconds(200))
            #expect(running.log.entries.last?.requestLine == "-")
            #expect(running.log.entries.last?.status == 408)
        }
    }

    @Test("a connection that sends nothing gets 408; an idle keep-alive connection is closed without one")
    func silentConnections() async throws {
        try await withFixtureServer(limits: ServerLimits(requestTimeout: .milliseconds(200))) { running in
            let port = running.port
            let (silent, idleAnswer, idleClosed) = try await onThread {
                let silent = try RawHTTPConnection(port: port).readResponse()
                let idle = try RawHTTPConnection(port: port)
                try idle.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let answer = try idle.readResponse()
                return (silent, answer, try idle.readsEndOfStream())
            }
            #expect(silent.status == 408)
            #expect(idleAnswer.status == 200)
            #expect(idleClosed)
            #expect(running.log.entries.map(\.status).sorted() == [200, 408])
        }
    }

    @Test("a client that sends half its body gets 408 too")
    func slowBody() async throws {
        try await withFixtureServer(limits: ServerLimits(requestTimeout: .milliseconds(200))) { running in
            let port = running.port
            let response = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "POST /v1.0/ios/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{\"a\"")
                return try connection.readResponse()
            }
            #expect(response.status == 408)
        }
    }

    @Test("keep-alive: two requests on one connection are both answered; Connection: close ends it")
    func keepAlive() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let (first, second, closed) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let first = try connection.readResponse()
                try connection.send("GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                let second = try connection.readResponse()
                return (first, second, try connection.readsEndOfStream())
            }
            #expect(first.status == 200)
            #expect(first.header("Connection") == nil)
            #expect(try Self.payload(first) == running.fixture.basicLink.parameters)
            #expect(second.status == 200)
            #expect(second.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test("pipelined requests in one write are answered in order; HTTP/1.0 closes after its answer")
    func pipelining() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let (answers, closed) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "GET /shortlink-sdk/v2/H5hv?id=xyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        + "GET /landing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        + "GET /nowhere HTTP/1.0\r\n\r\n")
                let answers = try (0..<3).map { _ in try connection.readResponse() }
                return (answers, try connection.readsEndOfStream())
            }
            #expect(answers.map(\.status) == [404, 200, 404])
            #expect(answers[2].header("Connection") == "close")
            #expect(closed)
            #expect(
                running.log.entries.map(\.requestLine) == [
                    "GET /shortlink-sdk/v2/H5hv?id=xyz", "GET /landing", "GET /nowhere",
                ])
        }
    }

    @Test("Expect: 100-continue gets an interim 100 before the body, then the real answer")
    func expectContinue() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let body = #"{"device_id":"device-deferred","install_time":"2020-08-12 15:08:33.500"}"#
            let (interim, final) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "POST /v1.0/ios/1234567890?devkey=k HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
                let interim = try connection.readResponse()
                try connection.send(body)
                return (interim, try connection.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.status == 200)
            #expect(
                try Self.payload(final)
                    == [
                        "found": true,
                        "click_event": [
                            "deep_link_value": "peaches", "deep_link_sub1": "10", "deep_link_sub2": "spring",
                            "match_type": "probabilistic", "media_source": "", "campaign": "",
                            "campaign_id": "",
                            "af_sub1": "", "af_sub2": "", "af_sub3": "", "af_sub4": "", "af_sub5": "",
                            "click_http_referrer": "",
                        ],
                    ])
        }
    }

    @Test("a server released without stop() closes its listener")
    func releasedServer() async throws {
        // A request timeout longer than any slow run, so only the release closes the connection.
        var server: OneLinkServer? = try OneLinkServer(
            configuration: .init(limits: ServerLimits(requestTimeout: .seconds(600))))
        try await server?.start()
        let port = try #require(server?.port)
        let (connection, answered) = try await onThread {
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: 120)
            try connection.send("GET /x HTTP/1.1\r\nHost: h\r\n\r\n")
            return (connection, try connection.readResponse())
        }
        #expect(answered.status == 404)
        server = nil
        // The loop closes its listener before its connections, so once this kept-alive connection
        // ends, a new one is refused.
        #expect(try await onThread { try connection.readsEndOfStream() })
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
    }

    @Test("a server stopped before it started cannot start")
    func stopBeforeStart() async throws {
        let server = try OneLinkServer(configuration: .init())
        await server.stop()
        await #expect(throws: ServerError.alreadyStarted) { try await server.start() }
        #expect(server.port == 0)
    }

    @Test("256 simultaneous connections are all held open and all answered correctly")
    func manyConnections() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let count = 256
            let responses = try await onThread {
                let connections = try (0..<count).map { _ in
                    try RawHTTPConnection(port: port, timeoutSeconds: 20)
                }
                for (index, connection) in connections.enumerated() {
                    let id = index.isMultiple(of: 2) ? "6d66214a" : "missing-\(index)"
                    try connection.send(
                        "GET /shortlink-sdk/v2/H5hv?id=\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    )
                }
                let responses = try connections.map { try $0.readResponse() }
                // The end of stream comes after the server logged the answer.
                for connection in connections { _ = try connection.readsEndOfStream() }
                return responses
            }
            #expect(responses.count == count)
            for (index, response) in responses.enumerated() {
                if index.isMultiple(of: 2) {
                    #expect(response.status == 200)
                    #expect(try Self.payload(response) == running.fixture.basicLink.parameters)
                } else {
                    #expect(response.status == 404)
                    #expect(
                        try Self.payload(response)
                            == Self.errorBody(404, "short link H5hv/missing-\(index) not found"))
                }
            }
            #expect(Set(running.log.entries.map(\.client)).count == count)
        }
    }

    @Test("each request is logged on one line: client, request line, status, body bytes, duration")
    func logLine() async throws {
        try await withFixtureServer { running in
            let port = running.port
            let (response, closed) = try await onThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    "GET /shortlink-sdk/v2/H5hv?id=xyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                )
                return (try connection.readResponse(), try connection.readsEndOfStream())
            }
            #expect(closed)
            let entry = try #require(running.log.entries.last)
            #expect(entry.requestLine == "GET /shortlink-sdk/v2/H5hv?id=xyz")
            #expect(entry.status == 404)
            #expect(entry.bodyBytes == response.body.utf8.count)
            #expect(entry.client.hasPrefix("127.0.0.1:"))
            let expectedPrefix =
                "\(entry.client) \"GET /shortlink-sdk/v2/H5hv?id=xyz\" 404 \(entry.bodyBytes)B "
            #expect(entry.line.hasPrefix(expectedPrefix))
            #expect(entry.line.hasSuffix("ms"))
            let milliseconds = entry.line.dropFirst(expectedPrefix.count).dropLast(2)
            #expect(Double(milliseconds) != nil)
        }
    }

    @Test("a log entry formats its duration in milliseconds with one decimal")
    func logFormat() {
        let entry = RequestLogEntry(
            client: "127.0.0.1:53422", requestLine: "GET /shortlink-sdk/v2/H5hv?id=x", status: 200,
            bodyBytes: 123,
            duration: .microseconds(420))
        #expect(entry.line == #"127.0.0.1:53422 "GET /shortlink-sdk/v2/H5hv?id=x" 200 123B 0.4ms"#)
        let closed = RequestLogEntry(
            client: "[::1]:1", requestLine: "-", status: 0, bodyBytes: 0, duration: .seconds(2))
        #expect(closed.line == #"[::1]:1 "-" - 0B 2000.0ms"#)
    }

    @Test("stop closes open connections and the listener; a second stop returns at once")
    func stopClosesEverything() async throws {
        // A request timeout longer than any slow run, so the only reason the connection closes is stop().
        let running = try await FixtureServer.start(limits: ServerLimits(requestTimeout: .seconds(600)))
        let port = running.port
        // An answered keep-alive request: the server has accepted the connection and holds it open.
        let connection = try await onThread {
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: 120)
            try connection.send("GET /x HTTP/1.1\r\nHost: h\r\n\r\n")
            _ = try connection.readResponse()
            return connection
        }
        #expect(running.server.openConnectionCount == 1)
        await running.server.stop()
        #expect(running.server.openConnectionCount == 0)
        let closed = try await onThread { try connection.readsEndOfStream() }
        #expect(closed)
        await running.server.stop()
        await #expect(throws: RawHTTPConnection.Failure.self) {
            try await onThread { try RawHTTPConnection(port: port) }
        }
        await #expect(throws: ServerError.alreadyStarted) { try await running.server.start() }
    }

    @Test("a non-loopback or non-numeric host is refused before binding")
    func hostPolicy() {
        #expect(throws: ServerError.nonLoopbackHost("0.0.0.0")) {
            try OneLinkServer(configuration: .init(host: "0.0.0.0"))
        }
        #expect(throws: ServerError.invalidHost("localhost")) {
            try OneLinkServer(configuration: .init(host: "localhost"))
        }
        #expect(throws: Never.self) { try OneLinkServer(configuration: .init(host: "::1")) }
        #expect(throws: Never.self) { try OneLinkServer(configuration: .init(host: "127.0.0.2")) }
    }

    @Test(
        "an IPv6 loopback server answers on [::1], logs the client in brackets, and names it in its base URL")
    func ipv6() async throws {
        let log = InMemoryRequestLogSink()
        let server = try OneLinkServer(configuration: .init(host: "::1", logSink: log))
        try await server.start()
        #expect(server.baseURL.absoluteString == "http://[::1]:\(server.port)")
        let port = server.port
        let response = try await onThread {
            let connection = try RawHTTPConnection(port: port, ipv6: true)
            try connection.send("GET /shortlink-sdk/v2/H5hv?id=abc HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            return try connection.readResponse()
        }
        await server.stop()
        #expect(response.status == 404)
        #expect(try Self.payload(response) == Self.errorBody(404, "short link H5hv/abc not found"))
        #expect(log.entries.first?.client.hasPrefix("[::1]:") == true)
    }
}
