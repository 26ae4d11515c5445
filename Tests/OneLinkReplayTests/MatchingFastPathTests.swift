import OneLinkEmulator
import Testing

@testable import OneLinkReplay

/// The check that lets a matching expectation skip the detailed walk agrees with that walk on every pair.
@Suite("Matching fast path", .timeLimit(.minutes(5)))
struct MatchingFastPathTests {
    /// Scalars of every type, with the pairs loose typing equates, and containers around them.
    static let values: [AttributionValue] = {
        let scalars: [AttributionValue] = [
            .int(1), .string("1"), .double(1), .bool(true), .string("true"), .int(0), .null, .string("a"),
        ]
        var values = scalars
        values += [.array([]), .array([.int(1)]), .array([.string("1")]), .array([.int(1), .int(2)])]
        values += [
            .object([:]), .object(["a": .int(1)]), .object(["a": .string("1")]), .object(["b": .int(1)]),
            .object(["a": .int(1), "b": .int(2)]), .object(["a": .object(["c": .int(1)])]),
            .object(["a": .object(["c": .string("1"), "d": .null])]), .object(["a": .array([.bool(true)])]),
        ]
        return values
    }()

    @Test(
        "matches(_:_:) is true exactly when compare finds no difference",
        arguments: [true, false], [ScenarioExpectation.TypeMatching.strict, .loose])
    func agreesWithTheWalk(exact: Bool, types: ScenarioExpectation.TypeMatching) {
        let expectation = ScenarioExpectation("onConversionDataSuccess")
        var pairs = 0
        for want in Self.values {
            for got in Self.values {
                var found: [ScenarioDifference] = []
                expectation.compare(
                    want, got, path: "payload", exact: exact, types: types, output: 1, into: &found)
                let fast = ScenarioExpectation.matches(want, got, exact: exact, types: types)
                #expect(fast == found.isEmpty, "want \(want.jsonText()), got \(got.jsonText())")
                pairs += 1
            }
        }
        #expect(pairs == Self.values.count * Self.values.count)
    }

    @Test("a mismatch is still reported in key order after the fast check fails")
    func reportsInKeyOrder() {
        let expectation = ScenarioExpectation(
            "onConversionDataSuccess",
            fields: ["status": "FOUND", "payload": ["b": 2, "a": 1], "isDeferred": false], match: .exact)
        let observation = ScenarioObservation(
            "onConversionDataSuccess",
            fields: ["status": "NOT_FOUND", "payload": ["a": 1, "c": 3], "isDeferred": false])
        #expect(
            expectation.differences(from: observation) == [
                "- payload.b: expected integer 2, missing",
                "+ payload.c: unexpected integer 3",
                #"~ status: expected string "FOUND", found string "NOT_FOUND""#,
            ])
    }
}
