import OneLinkServer
import OneLinkSupport
import Testing

/// The pure parser: exact outcomes for complete, split, pipelined and refused input.
@Suite(.timeLimit(.minutes(5))) struct HTTPRequestParserTests {
    static let get =
        "GET /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: application/json\r\n\r\n"

    static let expectedGet = ServerRequest(
        method: "GET", target: "/shortlink-sdk/v2/H5hv?id=6d66214a", version: "HTTP/1.1",
        headers: [
            .init(name: "Host", value: "127.0.0.1:8080"), .init(name: "Accept", value: "application/json"),
        ])

    /// A request whose head (request line, headers and blank line) is exactly `size` bytes.
    static func request(headSize size: Int) -> String {
        let prefix = "GET / HTTP/1.1\r\nHost: a\r\nX-Pad: "
        let suffix = "\r\n\r\n"
        return prefix + String(repeating: "p", count: size - prefix.utf8.count - suffix.utf8.count) + suffix
    }

    func outcome(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser(limits: limits)
        return parser.parse(Array(text.utf8))
    }

    @Test("a complete GET in one chunk gives the method, target, version and headers in order")
    func completeGet() {
        #expect(outcome(Self.get) == .request(Self.expectedGet))
    }

    @Test("a GET fed one byte at a time needs more data until its last byte")
    func byteByByte() {
        var parser = HTTPRequestParser()
        let bytes = Array(Self.get.utf8)
        for byte in bytes.dropLast() {
            #expect(parser.parse([byte]) == .needMoreData)
        }
        #expect(parser.parse([bytes[bytes.count - 1]]) == .request(Self.expectedGet))
        #expect(parser.bufferedByteCount == 0)
    }

    @Test("a POST body split across chunks is returned whole, exactly Content-Length bytes")
    func splitBody() {
        var parser = HTTPRequestParser()
        let head = "POST /v1.0/ios/123?devkey=k HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n"
        #expect(parser.parse(Array((head + "{\"a\":").utf8)) == .needMoreData)
        #expect(parser.hasPartialRequest)
        guard case .request(let request) = parser.parse(Array("true}".utf8) + Array("GET".utf8)) else {
            Issue.record("expected a request")
            return
        }
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == "{\"a\":true}")
        #expect(parser.bufferedByteCount == 3)
    }

    @Test("isAwaitingContinue holds only between an Expect: 100-continue head and its complete body")
    func awaitingContinue() {
        var parser = HTTPRequestParser()
        let head = "POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n"
        #expect(parser.parse(Array(head.utf8)) == .needMoreData)
        #expect(parser.isAwaitingContinue)
        #expect(parser.parse(Array("{".utf8)) == .needMoreData)
        #expect(parser.isAwaitingContinue)
        guard case .request = parser.parse(Array("}".utf8)) else {
            Issue.record("expected the request")
            return
        }
        #expect(parser.isAwaitingContinue == false)
        var plain = HTTPRequestParser()
        #expect(
            plain.parse(Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n".utf8))
                == .needMoreData)
        #expect(plain.isAwaitingContinue == false)
    }

    @Test("two pipelined requests in one chunk come out one after the other")
    func pipelined() {
        var parser = HTTPRequestParser()
        let second = "GET /landing HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"
        #expect(parser.parse(Array((Self.get + second).utf8)) == .request(Self.expectedGet))
        guard case .request(let next) = parser.next() else {
            Issue.record("expected the second request")
            return
        }
        #expect(next.target == "/landing")
        #expect(next.keepsAlive == false)
        #expect(parser.next() == .needMoreData)
    }

    @Test("a garbage request line fails with 400 as soon as its line ends, before the head is complete")
    func malformedRequestLine() {
        let result = outcome("GARBAGE\r\n")
        #expect(result == .failure(.malformedRequestLine("expected METHOD SP target SP version")))
        if case .failure(let error) = result { #expect(error.statusCode == 400) }
        #expect(
            outcome("GET http://example.com/ HTTP/1.1\r\nHost: h\r\n\r\n")
                == .failure(.malformedRequestLine("the target is not an origin-form path")))
        #expect(
            outcome("GET /  HTTP/1.1\r\n")
                == .failure(.malformedRequestLine("expected METHOD SP target SP version")))
        #expect(
            outcome("GET / HTTX/1.1\r\n") == .failure(.malformedRequestLine("the version is not HTTP/x.y")))
        #expect(
            outcome("GET / HTTP/1.1\n") == .failure(.malformedRequestLine("line does not end with CRLF")))
    }

    @Test("a well-formed version other than 1.0 and 1.1 is 505")
    func unsupportedVersion() {
        let result = outcome("GET / HTTP/2.0\r\nHost: h\r\n\r\n")
        #expect(result == .failure(.unsupportedVersion("HTTP/2.0")))
        if case .failure(let error) = result { #expect(error.statusCode == 505) }
    }

    @Test("HTTP/1.1 without Host, or with two, is 400; HTTP/1.0 without Host is accepted")
    func host() {
        #expect(outcome("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n") == .failure(.invalidHost("missing")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .failure(.invalidHost("sent 2 times")))
        #expect(
            outcome("GET / HTTP/1.0\r\n\r\n")
                == .request(ServerRequest(method: "GET", target: "/", version: "HTTP/1.0", headers: [])))
    }

    @Test("a head of exactly 16 KiB is accepted; 16 KiB + 1 is 431, fed whole or in pieces")
    func headerLimit() {
        guard case .request = outcome(Self.request(headSize: 16 * 1024)) else {
            Issue.record("a 16 KiB head must be accepted")
            return
        }
        let tooLarge = outcome(Self.request(headSize: 16 * 1024 + 1))
        #expect(tooLarge == .failure(.headerTooLarge(limit: 16 * 1024)))
        if case .failure(let error) = tooLarge { #expect(error.statusCode == 431) }

        var parser = HTTPRequestParser()
        let unterminated = Array(Self.request(headSize: 20_000).utf8.prefix(16 * 1024 + 1))
        #expect(parser.parse(unterminated.prefix(16 * 1024)) == .needMoreData)
        #expect(parser.parse(unterminated.suffix(1)) == .failure(.headerTooLarge(limit: 16 * 1024)))
    }

    @Test("a Content-Length over the body cap is 413 as soon as the head is read")
    func bodyLimit() {
        let limits = HTTPRequestParser.Limits(maximumBodyBytes: 100)
        let result = outcome(
            "POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n", limits: limits)
        #expect(result == .failure(.bodyTooLarge(length: 101, limit: 100)))
        if case .failure(let error) = result { #expect(error.statusCode == 413) }
        guard
            case .request(let request) = outcome(
                "POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n"
                    + String(repeating: "a", count: 100),
                limits: limits)
        else {
            Issue.record("a body of exactly the cap must be accepted")
            return
        }
        #expect(request.body.count == 100)
    }

    @Test(
        "bodies need Content-Length: POST without one is 411, Transfer-Encoding is 501, bad lengths are 400")
    func contentLength() {
        let noLength = outcome("POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(noLength == .failure(.lengthRequired(method: "POST")))
        if case .failure(let error) = noLength { #expect(error.statusCode == 411) }
        let chunked = outcome("POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(chunked == .failure(.transferEncodingNotSupported("chunked")))
        if case .failure(let error) = chunked { #expect(error.statusCode == 501) }
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 12a\r\n\r\n")
                == .failure(.invalidContentLength("12a")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                == .failure(.invalidContentLength("1, 2")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n")
                == .failure(.invalidContentLength("-1")))
    }

    @Test("an empty Content-Length, or an empty element in its list, is 400 (found by fuzzing)")
    func emptyContentLength() {
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length:\r\n\r\n")
                == .failure(.invalidContentLength("")))
        #expect(
            outcome("POST /v1.0/ios/1 HTTP/1.1\r\nHost: h\r\nContent-Length: \r\n\r\n")
                == .failure(.invalidContentLength("")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5,,5\r\n\r\n")
                == .failure(.invalidContentLength("5, , 5")))
        guard
            case .request(let repeated) = outcome("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0, 0\r\n\r\n")
        else {
            Issue.record("a list of equal lengths is one length")
            return
        }
        #expect(repeated.body.isEmpty)
    }

    @Test("malformed header lines are 400: space before the colon, folding, no colon, control bytes, bare LF")
    func malformedHeaders() {
        #expect(
            outcome("GET / HTTP/1.1\r\nHost : h\r\n\r\n")
                == .failure(.malformedHeader("the field name \"Host \" is not a token")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n")
                == .failure(.malformedHeader("obsolete line folding or an empty line")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n")
                == .failure(.malformedHeader("a header line has no colon")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{01}b\r\n\r\n")
                == .failure(.malformedHeader("the value of X-A has a control character")))
        #expect(
            outcome("GET / HTTP/1.1\r\nHost: h\nX-A: b\r\n\r\n")
                == .failure(.malformedHeader("a line ends with a bare LF")))
    }

    @Test("a failure is final: later bytes do not revive the parser")
    func failureIsSticky() {
        var parser = HTTPRequestParser()
        #expect(
            parser.parse(Array("BAD\r\n".utf8))
                == .failure(.malformedRequestLine("expected METHOD SP target SP version")))
        #expect(
            parser.parse(Array(Self.get.utf8))
                == .failure(.malformedRequestLine("expected METHOD SP target SP version")))
    }

    @Test("leading blank lines are skipped and do not count as a partial request")
    func leadingBlankLines() {
        var parser = HTTPRequestParser()
        #expect(parser.parse(Array("\r\n\r\n".utf8)) == .needMoreData)
        #expect(parser.hasPartialRequest == false)
        #expect(parser.parse(Array(Self.get.utf8)) == .request(Self.expectedGet))
    }

    @Test("path segments and query items are percent-decoded without form decoding")
    func decoding() {
        let request = ServerRequest(
            method: "GET", target: "/shortlink-sdk/v2/Zx9q?id=promo%2B2024%20%C3%A9t%C3%A9&flag&a=b+c",
            version: "HTTP/1.1", headers: [])
        #expect(request.pathSegments == ["shortlink-sdk", "v2", "Zx9q"])
        #expect(request.queryItems?.map(\.name) == ["id", "flag", "a"])
        #expect(request.queryItems?.map(\.value) == ["promo+2024 été", "", "b+c"])
        let broken = ServerRequest(method: "GET", target: "/a?id=%zz", version: "HTTP/1.1", headers: [])
        #expect(broken.queryItems == nil)
    }

    @Test("repeated fields in any spelling are one entry of headerFields, joined in arrival order")
    func headerFields() {
        let request = ServerRequest(
            method: "GET", target: "/", version: "HTTP/1.1",
            headers: [
                .init(name: "X-Forwarded-For", value: "198.51.100.4"),
                .init(name: "Host", value: "a.example"),
                .init(name: "x-forwarded-for", value: "10.0.0.1"),
            ])
        #expect(request.headerFields == ["X-Forwarded-For": "198.51.100.4, 10.0.0.1", "Host": "a.example"])
        #expect(request.header("X-FORWARDED-FOR") == "198.51.100.4, 10.0.0.1")
    }

    @Test(
        "keep-alive: HTTP/1.1 unless Connection: close; HTTP/1.0 only with keep-alive; headers match any case"
    )
    func keepAlive() {
        let close = ServerRequest(
            method: "GET", target: "/", version: "HTTP/1.1",
            headers: [.init(name: "connection", value: "Close")])
        #expect(close.keepsAlive == false)
        #expect(close.header("CONNECTION") == "Close")
        #expect(ServerRequest(method: "GET", target: "/", version: "HTTP/1.1", headers: []).keepsAlive)
        #expect(
            ServerRequest(method: "GET", target: "/", version: "HTTP/1.0", headers: []).keepsAlive == false)
        let keep = ServerRequest(
            method: "GET", target: "/", version: "HTTP/1.0",
            headers: [.init(name: "Connection", value: "keep-alive")])
        #expect(keep.keepsAlive)
    }
}
