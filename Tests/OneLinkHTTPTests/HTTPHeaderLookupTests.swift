import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

/// The one header-lookup rule every module uses: ASCII case is ignored, and every field with the
/// name counts, combined in order with `, `.
@Suite(.timeLimit(.minutes(5))) struct HTTPHeaderLookupTests {
    @Test func namesMatchIgnoringASCIICaseOnly() {
        #expect(HTTPHeaderLookup.matches("Content-Length", "content-LENGTH"))
        #expect(!HTTPHeaderLookup.matches("Content-Length", "Content-Lengt"))
        // U+212A KELVIN SIGN folds to "k" under Unicode rules; a field name is ASCII, so it must not match.
        #expect(!HTTPHeaderLookup.matches("\u{212A}ey", "key"))
    }

    @Test func aDictionaryCombinesEverySpellingInNameOrder() {
        let headers = ["x-forwarded-for": "10.0.0.1", "X-Forwarded-For": "198.51.100.4", "Accept": "*/*"]
        #expect(HTTPHeaderLookup.value(of: "X-FORWARDED-FOR", in: headers) == "198.51.100.4, 10.0.0.1")
        #expect(HTTPHeaderLookup.value(of: "accept", in: headers) == "*/*")
        #expect(HTTPHeaderLookup.value(of: "Referer", in: headers) == nil)
    }

    @Test func requestsResponsesAndClicksShareTheRule() {
        let headers = ["user-agent": "b", "User-Agent": "a"]
        let request = HTTPRequest(url: URLFixture.example, headers: headers)
        let response = HTTPResponse(statusCode: 200, headers: headers)
        let click = ClickRequest(url: "https://a.onelink.me/H5hv", headers: headers)
        #expect(request.header("USER-AGENT") == "a, b")
        #expect(response.header("USER-AGENT") == "a, b")
        #expect(click.header("USER-AGENT") == "a, b")
    }

    @Test func anOverrideReplacesTheFieldInAnySpelling() {
        let merged = HTTPHeaderLookup.merging(
            ["Accept": "application/json", "X-A": "1"], ["accept": "text/plain"])
        #expect(merged == ["accept": "text/plain", "X-A": "1"])
    }
}

private enum URLFixture {
    static let example = URL(string: "https://api.example.com/")!
}
