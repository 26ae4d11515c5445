import OneLinkSupport
import Testing

/// The package's one HTTP model: methods, case-insensitive field names and standard reason phrases.
@Suite("HTTP model: method, field names, status", .timeLimit(.minutes(1)))
struct HTTPModelTests {
    @Test("every status the server sends has the registry's reason phrase")
    func standardReasonPhrases() {
        let expected: [Int: String] = [
            200: "OK", 302: "Found", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
            411: "Length Required", 413: "Content Too Large", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
        ]
        for (code, phrase) in expected {
            #expect(HTTPStatus(code: code).reasonPhrase == phrase, "\(code)")
        }
        #expect(HTTPStatus.unauthorized.description == "401 Unauthorized")
    }

    @Test("a code the registry does not list has an empty reason, never a made-up one")
    func unregisteredCode() {
        #expect(HTTPStatus(code: 599).reasonPhrase == "")
        #expect(HTTPStatus(code: 599).description == "599")
        #expect(HTTPStatus(code: 418).reasonPhrase == "")
    }

    @Test("field names compare and hash without regard to ASCII case, and keep their spelling")
    func caseInsensitiveFieldNames() {
        let sent = HTTPFieldName("content-TYPE")
        #expect(sent == .contentType)
        #expect(sent.rawName == "content-TYPE")
        #expect(Set<HTTPFieldName>([sent, "Content-Type", "CONTENT-TYPE"]).count == 1)
        #expect(HTTPFieldName("Content-Typ") != .contentType)
        #expect(HTTPFieldName("ÄUTHORIZATION") != HTTPFieldName("äuthorization"))
    }

    @Test("methods compare case-sensitively, as tokens")
    func methods() {
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "get") != .get)
        #expect(!HTTPMethod.known.contains("get"))
        #expect(HTTPMethod.post.requiresContentLength && !HTTPMethod.get.requiresContentLength)
    }
}
