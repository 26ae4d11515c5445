import Foundation
import OneLinkEmulator
import Testing

/// Pins the parser's fast paths (escape-free strings sliced from the input, integers read without
/// text, JSON paths rendered only on error) to the same values and errors as the general paths.
@Suite(.timeLimit(.minutes(5))) struct JSONParserFastPathTests {
    @Test("integers at the Int64 limits stay exact; one past them becomes a double")
    func integerLimits() throws {
        let value = try AttributionValue(
            jsonString:
                "[9223372036854775807, -9223372036854775808, 9223372036854775808, -9223372036854775809]")
        #expect(
            value == [
                .int(Int.max), .int(Int.min), .double(9_223_372_036_854_775_808),
                .double(-9_223_372_036_854_775_808),
            ])
    }

    @Test("integers of every length read exactly, with and without a sign")
    func integersOfEveryLength() throws {
        var expected: [AttributionValue] = []
        var texts: [String] = []
        var magnitude = 0
        for digit in 1...18 {
            magnitude = magnitude * 10 + digit % 10
            expected += [.int(magnitude), .int(-magnitude)]
            texts += ["\(magnitude)", "-\(magnitude)"]
        }
        let value = try AttributionValue(jsonString: "[" + texts.joined(separator: ",") + "]")
        #expect(value == .array(expected))
    }

    @Test("escape-free strings: ASCII, raw multi-byte UTF-8 and empty")
    func escapeFreeStrings() throws {
        let value = try AttributionValue(jsonString: #"{"ascii":"Email","utf8":"café 🍎 日本","empty":""}"#)
        #expect(value == ["ascii": "Email", "utf8": "café 🍎 日本", "empty": ""])
    }

    @Test("strings scanned a word at a time: the quote, an escape, raw UTF-8 or a bad byte at every offset")
    func everyOffsetOfAWord() throws {
        for length in 0..<20 {
            let plain = String(repeating: "x", count: length)
            for tail in ["", "yz", "0123456789"] {
                #expect(
                    try AttributionValue(jsonString: "[\"\(plain)\"," + "\"\(tail)\"]") == [
                        .string(plain), .string(tail),
                    ])
                #expect(
                    try AttributionValue(jsonString: "\"\(plain)\\n\(tail)\"") == .string(plain + "\n" + tail)
                )
                #expect(
                    try AttributionValue(jsonString: "\"\(plain)é\(tail)\"") == .string(plain + "é" + tail))
                #expect(
                    try AttributionValue(jsonString: "\"\(plain)~\u{7F}\(tail)\"")
                        == .string(plain + "~\u{7F}" + tail))
                for (byte, reason) in [
                    (UInt8(0x1F), "unescaped control character U+001F in a string"),
                    (0xFF, "string is not valid UTF-8"),
                ] {
                    let bytes = Array("\"\(plain)".utf8) + [byte] + Array("\(tail)\"".utf8)
                    #expect(
                        throws: PayloadError.invalidJSON(
                            reason: reason, offset: 1 + length, line: 1, column: 2 + length)
                    ) { try AttributionValue(json: bytes) }
                }
            }
        }
    }

    @Test("an escape after raw text keeps the text before it, ASCII or not")
    func escapeAfterRawText() throws {
        let value = try AttributionValue(jsonString: #"["abc\ndef", "é\t🍎", "\"x\"", "a\u00e9b\\"]"#)
        #expect(value == ["abc\ndef", "é\t🍎", "\"x\"", "aéb\\"])
    }

    @Test("invalid UTF-8 after an escape is reported at the bad byte")
    func invalidUTF8AfterAnEscape() {
        let bytes: [UInt8] = Array(#"["a\n"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "string is not valid UTF-8", offset: 5, line: 1, column: 6)
        ) { try AttributionValue(json: bytes) }
    }

    @Test("a control character after raw non-ASCII text is reported where it is")
    func controlCharacterAfterNonASCII() {
        let bytes: [UInt8] = Array(#"["é"#.utf8) + [0x01] + Array(#""]"#.utf8)
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unescaped control character U+0001 in a string", offset: 4, line: 1, column: 4)
        ) { try AttributionValue(json: bytes) }
    }

    @Test("paths name keys and indexes through arrays of objects, quoting keys that are not identifiers")
    func duplicateKeyPaths() {
        #expect(throws: PayloadError.duplicateKey(path: #"$.steps[2].expect[0]["a.b"]"#, key: "k")) {
            try AttributionValue(
                jsonString: #"{"steps":[{},{"x":1},{"expect":[{"a.b":{"k":1,"k":2}}]}]}"#)
        }
        #expect(throws: PayloadError.duplicateKey(path: "$[1]", key: "k")) {
            try AttributionValue(json: Array(#"[{"k":1},{"k":1,"k":2}]"#.utf8))
        }
    }

    @Test("after a failed value the path of a later error is not polluted by earlier siblings")
    func pathAfterSiblings() {
        let text = #"{"a":{"b":[1,2]},"c":[{"d":{}}],"e":[[0],[1,{"f":1,"f":1}]]}"#
        #expect(throws: PayloadError.duplicateKey(path: "$.e[1][1]", key: "f")) {
            try AttributionValue(jsonString: text)
        }
    }
}
