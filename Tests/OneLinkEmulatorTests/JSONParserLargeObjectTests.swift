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
