import Foundation
import OneLinkSupport
import Testing

/// The server's percent-decoder must accept and reject exactly what Foundation's
/// `removingPercentEncoding` does, which it replaced on every request's path and query.
@Suite("Percent-decoding agrees with Foundation", .timeLimit(.minutes(1)))
struct PercentDecodingTests {
    static let cases = [
        "", "plain", "a%20b", "%2F%2f", "caf%C3%A9", "%E2%98%95%F0%9F%8D%91", "a+b", "100%", "%",
        "%4", "%G1", "%zz", "x%C3", "%C3%28", "%FF", "%ED%A0%80", "%00", "%25", "%2525", "ü%20ok",
        "trailing%2", "%%41",
    ]

    @Test(arguments: cases)
    func agreesWithFoundation(_ text: String) {
        #expect(PercentEncoding.decode(text) == text.removingPercentEncoding, "\(text)")
        #expect(PercentEncoding.decode(text[...]) == text.removingPercentEncoding, "\(text) as a substring")
    }

    @Test func encodedTextDecodesBack() {
        for text in ["a b/c?d=e&f", "café ☕", "100%", "+~._-"] {
            #expect(PercentEncoding.decode(PercentEncoding.encode(text)) == text)
        }
    }
}
