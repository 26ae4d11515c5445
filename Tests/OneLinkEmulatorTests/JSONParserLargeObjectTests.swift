import Foundation
import OneLinkEmulator
import Testing

/// Objects past the linear duplicate scan switch to a set; both must find duplicates and keep every member.
@Suite struct JSONParserLargeObjectTests {
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
}
