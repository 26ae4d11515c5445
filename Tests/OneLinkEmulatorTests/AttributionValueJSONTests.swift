import Foundation
import OneLinkEmulator
import Testing

/// Checks the strict JSON reader and writer behind ``AttributionValue``.
@Suite(.timeLimit(.minutes(5))) struct AttributionValueJSONTests {
    // MARK: Lossless round trips

    @Test func nullsAreKeptAsExplicitValues() throws {
        let value = try AttributionValue(jsonString: #"{"adgroup":null,"list":[null]}"#)
        #expect(value == ["adgroup": nil, "list": [nil]])
        #expect(value.jsonText() == #"{"adgroup":null,"list":[null]}"#)
    }

    @Test func integersAndDoublesStayDistinct() throws {
        let value = try AttributionValue(jsonString: "[6, 6.0, -0, 1e2, 2.5E-1, -7]")
        #expect(value == [.int(6), .double(6), .int(0), .double(100), .double(0.25), .int(-7)])
        #expect(value.jsonText() == "[6,6.0,0,100.0,0.25,-7]")
        #expect(AttributionValue.int(6) != AttributionValue.double(6))
        #expect(try AttributionValue(jsonString: value.jsonText()) == value)
    }

    @Test func booleansNeverBecomeNumbers() throws {
        let value = try AttributionValue(jsonString: "[true, false, 1, 0]")
        #expect(value == [.bool(true), .bool(false), .int(1), .int(0)])
        #expect(value.arrayValue?[0] != .int(1))
        #expect(value.arrayValue?[0].intValue == nil)
        #expect(value.arrayValue?[2].boolValue == nil)
        #expect(value.jsonText() == "[true,false,1,0]")
    }

    @Test func unicodeEscapesDecodeToScalars() throws {
        let value = try AttributionValue(jsonString: #"["\u00e9", "\u0041\u00DF", "caf\u00e9", "\u0000"]"#)
        #expect(value == ["é", "Aß", "café", "\u{0}"])
        #expect(value.jsonText() == "[\"é\",\"Aß\",\"café\",\"\\u0000\"]")
    }

    @Test func surrogatePairsDecodeToOneScalar() throws {
        let value = try AttributionValue(jsonString: #""\ud83c\udf4e""#)
        #expect(value == "🍎")
        #expect(value.stringValue?.unicodeScalars.count == 1)
        #expect(value.jsonText() == "\"🍎\"")
    }

    @Test func escapesAreWrittenSoTheyReadBack() throws {
        let original: AttributionValue = [
            "text": "quote \" backslash \\ slash / nl \n cr \r tab \t bell \u{7}"
        ]
        let text = original.jsonText()
        #expect(
            text == #"{"text":"quote \" backslash \\ slash / nl \n cr \r tab \t bell \u0007"}"#)
        #expect(try AttributionValue(jsonString: text) == original)
        #expect(try AttributionValue(jsonString: #""\/\b\f""#) == "/\u{8}\u{C}")
    }

    @Test func nestedValuesRoundTripExactly() throws {
        let original: AttributionValue = [
            "object": ["array": [1, 2.5, "three", true, nil, [], [:]], "empty": ""],
            "deep": [[[["x": [[1]]]]]],
        ]
        #expect(try AttributionValue(jsonString: original.jsonText()) == original)
        #expect(try AttributionValue(jsonString: original.jsonText(pretty: true)) == original)
        #expect(try AttributionValue(json: original.jsonData()) == original)
    }

    @Test func prettyTextIndentsWithTwoSpacesAndSortsKeys() {
        let value: AttributionValue = ["b": [:], "a": [1, 2], "c": []]
        #expect(
            value.jsonText(pretty: true) == """
                {
                  "a": [
                    1,
                    2
                  ],
                  "b": {},
                  "c": []
                }
                """)
        #expect(value.jsonText() == #"{"a":[1,2],"b":{},"c":[]}"#)
    }

    @Test func payloadTextRoundTripsThroughData() throws {
        let payload: AttributionPayload = ["af_cost_value": 6, "orig_cost": "6.0", "iscache": 1, "x": 6.0]
        #expect(payload.jsonText() == #"{"af_cost_value":6,"iscache":1,"orig_cost":"6.0","x":6.0}"#)
        #expect(try AttributionPayload(json: payload.jsonData()) == payload)
    }

    @Test func integersBeyondInt64BecomeDoubles() throws {
        #expect(try AttributionValue(jsonString: "9223372036854775807") == .int(Int.max))
        #expect(try AttributionValue(jsonString: "-9223372036854775808") == .int(Int.min))
        #expect(try AttributionValue(jsonString: "9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try AttributionValue(jsonString: "-99999999999999999999") == .double(-1e20))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        #expect(try AttributionValue(json: bytes) == ["a": 1])
    }

    @Test func surroundingWhitespaceIsAllowed() throws {
        #expect(try AttributionValue(jsonString: " \t\r\n{ \"a\" : [ 1 , 2 ] }\n ") == ["a": [1, 2]])
    }

    @Test func nestingOfExactly256LevelsIsAccepted() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var value = try AttributionValue(jsonString: text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(depth == 256)
    }

    // MARK: Errors with their exact position

    @Test func trailingCommaInAnObjectIsRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected '}', expected a string key", offset: 7, line: 1, column: 8)
        ) { try AttributionValue(jsonString: #"{"a":1,}"#) }
    }

    @Test func trailingCommaInAnArrayIsRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected ']', expected a value", offset: 7, line: 3, column: 1)
        ) { try AttributionValue(jsonString: "[\n  1,\n]") }
    }

    @Test func duplicateKeysAreRejectedWithTheirPath() {
        #expect(throws: PayloadError.duplicateKey(path: "$", key: "pid")) {
            try AttributionValue(jsonString: #"{"pid":"Email","pid":"Email"}"#)
        }
        #expect(throws: PayloadError.duplicateKey(path: #"$.a[1]["b c"]"#, key: "x")) {
            try AttributionValue(jsonString: #"{"a":[0,{"b c":{"x":1,"x":2}}]}"#)
        }
    }

    @Test func leadingZerosAreRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "leading zero in a number", offset: 7, line: 1, column: 8)
        ) { try AttributionValue(jsonString: #"{"a": 016}"#) }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "leading zero in a number", offset: 2, line: 1, column: 3)
        ) { try AttributionValue(jsonString: "-00") }
    }

    @Test func malformedNumbersAreRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "expected a digit after the decimal point", offset: 2, line: 1, column: 3)
        ) { try AttributionValue(jsonString: "1.") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "expected a digit in the number", offset: 1, line: 1, column: 2)
        ) { try AttributionValue(jsonString: "-") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected '+', expected a value", offset: 0, line: 1, column: 1)
        ) { try AttributionValue(jsonString: "+1") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "number 1e400 is out of range", offset: 0, line: 1, column: 1)
        ) { try AttributionValue(jsonString: "1e400") }
    }

    @Test func unterminatedStringsAreRejectedAtTheEnd() {
        #expect(
            throws: PayloadError.invalidJSON(reason: "unterminated string", offset: 11, line: 2, column: 10)
        ) { try AttributionValue(jsonString: "{\n  \"a\": \"b") }
    }

    @Test func invalidUTF8IsRejectedAtTheBadByte() {
        let bytes: [UInt8] = Array(#"{"a": "ok"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "string is not valid UTF-8", offset: 9, line: 1, column: 10)
        ) { try AttributionValue(json: bytes) }
        let truncated: [UInt8] = [0x22, 0xC3, 0x22]
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "string is not valid UTF-8", offset: 1, line: 1, column: 2)
        ) { try AttributionValue(json: truncated) }
        let outsideString: [UInt8] = [0x5B, 0xFE, 0x5D]
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected byte 0xFE, expected a value", offset: 1, line: 1, column: 2)
        ) { try AttributionValue(json: outsideString) }
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected 'x', expected ',' or ']'", offset: 5, line: 1, column: 5)
        ) { try AttributionValue(jsonString: #"["é"x]"#) }
    }

    @Test func unescapedControlCharactersAreRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unescaped control character U+0009 in a string", offset: 3, line: 1, column: 4)
        ) { try AttributionValue(jsonString: "[\"a\tb\"]") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unescaped control character U+000A in a string", offset: 2, line: 1, column: 3)
        ) { try AttributionValue(jsonString: "[\"\nb\"]") }
    }

    @Test func badEscapesAreRejected() {
        #expect(
            throws: PayloadError.invalidJSON(reason: "invalid escape \\'x'", offset: 2, line: 1, column: 3)
        ) { try AttributionValue(jsonString: #""\x""#) }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unpaired high surrogate \\uD83C", offset: 7, line: 1, column: 8)
        ) { try AttributionValue(jsonString: #""\ud83c""#) }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unpaired low surrogate \\uDF4E", offset: 7, line: 1, column: 8)
        ) { try AttributionValue(jsonString: #""\udf4e""#) }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "invalid hex digit 'g' in \\u escape", offset: 5, line: 1, column: 6)
        ) { try AttributionValue(jsonString: #""\u00g0""#) }
    }

    @Test func nestingDeeperThan256LevelsIsRejected() {
        let text = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let path = "$" + String(repeating: "[0]", count: 256)
        #expect(throws: PayloadError.nestingTooDeep(path: path, limit: 256)) {
            try AttributionValue(jsonString: text)
        }
        let objects = String(repeating: #"{"k":"#, count: 257) + "1" + String(repeating: "}", count: 257)
        #expect(
            throws: PayloadError.nestingTooDeep(path: "$" + String(repeating: ".k", count: 256), limit: 256)
        ) {
            try AttributionValue(jsonString: objects)
        }
    }

    @Test func trailingGarbageIsRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected 'x' after the top-level value", offset: 3, line: 1, column: 4)
        ) { try AttributionValue(jsonString: "{} x") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected '{' after the top-level value", offset: 2, line: 1, column: 3)
        ) { try AttributionValue(jsonString: "{}{}") }
    }

    @Test func positionsAfterAByteOrderMarkIgnoreTheMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{,}".utf8)
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected ',', expected a string key", offset: 4, line: 1, column: 2)
        ) { try AttributionValue(json: bytes) }
    }

    @Test func emptyAndTruncatedInputsAreRejected() {
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected end of input, expected a value", offset: 0, line: 1, column: 1)
        ) { try AttributionValue(jsonString: "") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected end of input inside an object", offset: 6, line: 1, column: 7)
        ) { try AttributionValue(jsonString: #"{"a":1"#) }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected 'T', expected a value", offset: 0, line: 1, column: 1)
        ) { try AttributionValue(jsonString: "True") }
        #expect(
            throws: PayloadError.invalidJSON(
                reason: "unexpected 'n', expected null", offset: 0, line: 1, column: 1)
        ) { try AttributionValue(jsonString: "nul") }
    }

    @Test func payloadsRequireAnObjectAtTheTopLevel() {
        #expect(throws: PayloadError.notAnObject(found: "array")) { try AttributionPayload(jsonString: "[]") }
        #expect(throws: PayloadError.notAnObject(found: "null")) {
            try AttributionPayload(jsonString: "null")
        }
    }

    @Test func errorDescriptionsNameThePosition() {
        let error = PayloadError.invalidJSON(
            reason: "leading zero in a number", offset: 7, line: 2, column: 3)
        #expect(error.description == "invalid JSON at line 2, column 3 (byte 7): leading zero in a number")
        #expect(
            PayloadError.duplicateKey(path: "$.a", key: "b").description
                == #"duplicate key "b" in the object at $.a"#)
    }
}
