import Foundation
import OneLinkEmulator
import Testing

/// Objects past the linear duplicate scan switch to a set; both must find duplicates and keep every member.
@Suite(.timeLimit(.minutes(5))) struct JSONParserLargeObjectTests {
    static func object(keys: [String]) -> String {
        "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
    }

    @Test("objects of 1 to 40 members keep every key with its value")
    func everyMemberKept() throws {
        for count in 1...40 {
            let keys = (0..<count).map { "key\($0)" }
            let value = try AttributionValue(jsonString: Self.object(keys: keys))
            let expected = Dictionary(
                uniqueKeysWithValues: keys.enumerated().map { ($1, AttributionValue.int($0)) })
            #expect(value == .object(expected))
        }
    }

    @Test("a duplicate is found at every position, before and after the switch to a set")
    func duplicatesAtEveryPosition() {
        for count in [2, 15, 16, 17, 40] {
            for repeated in 0..<(count - 1) {
                var keys = (0..<(count - 1)).map { "key\($0)" }
                keys.append("key\(repeated)")
                #expect(throws: PayloadError.duplicateKey(path: "$.list[0]", key: "key\(repeated)")) {
                    try AttributionValue(jsonString: #"{"list":["# + Self.object(keys: keys) + "]}")
                }
            }
        }
    }

    @Test(
        "a nested object's members count neither as its parent's keys nor towards its parent's switch to a set"
    )
    func nestedMembersStayApart() throws {
        let inner = Self.object(keys: (0..<20).map { "inner\($0)" })
        // The parent passes the linear limit after the nested object; the inner keys must not join its set.
        var parent = (0..<15).map { "\"outer\($0)\":\($0)" }
        parent.insert("\"nested\":" + inner, at: 3)
        parent.append("\"inner0\":true")
        let value = try AttributionValue(jsonString: "{" + parent.joined(separator: ",") + "}")
        guard case .object(let members) = value, case .object(let nested)? = members["nested"] else {
            Issue.record("expected an object with a nested object, got \(value)")
            return
        }
        #expect(members.count == 17)
        #expect(members["inner0"] == .bool(true))
        #expect(nested.count == 20)
        parent.append("\"outer3\":0")
        #expect(throws: PayloadError.duplicateKey(path: "$", key: "outer3")) {
            try AttributionValue(jsonString: "{" + parent.joined(separator: ",") + "}")
        }
    }

    @Test(
        "a duplicate key is reported before any later problem, as if each key were checked when read",
        arguments: [2, 20])
    func duplicateBeforeLaterProblems(count: Int) {
        let keys = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let duplicated = "{" + keys + ",\"k0\":1"
        // What follows the duplicate: a syntax error in the same object, in a nested value, or a
        // nested object with a duplicate of its own, or too deep a nesting; the duplicate comes first.
        for tail in [
            "}", ",}", " \"x\" }", ":", ",\"a\":{\"b\":[1,}}", ",\"a\":{\"b\":1,\"b\":2}}",
            ",\"k1\":1}", ",\"a\":\"\\q\"}", ",\"a\":" + String(repeating: "[", count: 300),
        ] {
            #expect(throws: PayloadError.duplicateKey(path: "$.o", key: "k0"), "tail \(tail)") {
                try AttributionValue(jsonString: #"{"o":"# + duplicated + tail + "}")
            }
        }
        // A duplicate in an enclosing object comes before a problem inside a later member's value.
        #expect(throws: PayloadError.duplicateKey(path: "$", key: "o")) {
            try AttributionValue(jsonString: #"{"o":1,"o":2,"p":{"q":1,"q":2}}"#)
        }
        // A problem before the duplicate key is reported instead.
        #expect(throws: PayloadError.duplicateKey(path: "$.o.a", key: "b")) {
            try AttributionValue(jsonString: #"{"o":{"a":{"b":1,"b":2},"a":1}}"#)
        }
        do {
            _ = try AttributionValue(jsonString: #"{"o":{"a":[1,],"a":1}}"#)
            Issue.record("expected the syntax error")
        } catch {
            guard case .invalidJSON = error else {
                Issue.record("expected the syntax error, got \(error)")
                return
            }
        }
    }

    @Test("arrays nested in arrays keep their elements in order")
    func nestedArrays() throws {
        let value = try AttributionValue(jsonString: #"[[1,[2,3],4],[],[[5]],6]"#)
        #expect(
            value
                == .array([
                    .array([.int(1), .array([.int(2), .int(3)]), .int(4)]), .array([]),
                    .array([.array([.int(5)])]), .int(6),
                ]))
    }
}
