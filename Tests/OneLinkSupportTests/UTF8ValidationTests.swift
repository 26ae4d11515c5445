import OneLinkSupport
import Testing

/// The strict-decode fallback of `String(validatingUTF8Bytes:)` must accept and reject exactly what
/// `String(validating:as:)` does, so older Apple systems parse links and JSON the same way.
@Suite("UTF-8 validation fallback (platforms below macOS 15 / iOS 18)", .timeLimit(.minutes(5)))
struct UTF8ValidationTests {
    static let cases: [[UInt8]] = [
        [], Array("plain ascii".utf8), Array("café ☕ 🍑".utf8),
        [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x8D],
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xFF], [0xFE, 0xFF], [0x80], [0x61, 0x80, 0x62],
        [0xEF, 0xBF, 0xBD], [0xEF, 0xBB, 0xBF, 0x61], [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    @Test(arguments: cases)
    func fallbackAgreesWithTheStandardLibrary(bytes: [UInt8]) {
        let fallback = String.strictlyDecodedUTF8(bytes)
        #expect(fallback == String(validatingUTF8Bytes: bytes))
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            #expect(fallback == String(validating: bytes, as: UTF8.self))
        }
    }

    @Test func fallbackAgreesOnEveryTwoByteSequence() {
        var disagreements = 0
        for first in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                let bytes = [first, second, 0x80, 0xBF]
                if String.strictlyDecodedUTF8(bytes) != String(validatingUTF8Bytes: bytes) {
                    disagreements += 1
                }
                if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                    if String.strictlyDecodedUTF8(bytes) != String(validating: bytes, as: UTF8.self) {
                        disagreements += 1
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }
}
