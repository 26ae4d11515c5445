import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("Type-aware matching", .timeLimit(.minutes(5)))
struct MatchingTests {
    static func conversion(_ payload: AttributionPayload) -> ScenarioObservation {
        ScenarioObservation("onConversionDataSuccess", fields: ["payload": .object(payload.values)])
    }

    static func expect(
        _ payload: AttributionPayload, match: ScenarioExpectation.PayloadMatch = .exact,
        types: ScenarioExpectation.TypeMatching = .strict
    ) -> ScenarioExpectation {
        ScenarioExpectation(
            "onConversionDataSuccess", fields: ["payload": .object(payload.values)], match: match,
            types: types)
    }

    @Test("strict: 1, \"1\" and true are three different values")
    func strictTypes() {
        let observed = Self.conversion(["is_first_launch": 1])
        #expect(Self.expect(["is_first_launch": 1]).differences(from: observed).isEmpty)
        #expect(
            Self.expect(["is_first_launch": "1"]).differences(from: observed)
                == [#"~ payload.is_first_launch: expected string "1", found integer 1"#])
        #expect(
            Self.expect(["is_first_launch": true]).differences(from: observed)
                == ["~ payload.is_first_launch: expected boolean true, found integer 1"])
    }

    @Test("strict: 6 and 6.0 are different")
    func integerVersusDouble() {
        #expect(
            Self.expect(["af_cost_value": 6]).differences(from: Self.conversion(["af_cost_value": 6.0]))
                == ["~ payload.af_cost_value: expected integer 6, found number 6.0"])
        #expect(
            Self.expect(["af_cost_value": 6.0]).differences(from: Self.conversion(["af_cost_value": 6.0]))
                .isEmpty)
    }

    @Test("loose: numbers compare numerically, booleans as 1 and 0, strings by their meaning")
    func looseTypes() {
        let observed = Self.conversion(["a": 1, "b": 6.0, "c": "6", "d": true, "e": "x", "f": .null])
        let loose = Self.expect(
            ["a": true, "b": 6, "c": 6.0, "d": "1", "e": "x", "f": "null"], types: .loose)
        #expect(loose.differences(from: observed).isEmpty)
        #expect(
            Self.expect(["a": 2], types: .loose).differences(from: Self.conversion(["a": 1]))
                == ["~ payload.a: expected integer 2, found integer 1"])
        #expect(
            Self.expect(["a": "one"], types: .loose).differences(from: Self.conversion(["a": 1]))
                == [#"~ payload.a: expected string "one", found integer 1"#])
    }

    @Test("exact payloads report missing and extra keys; subset payloads ignore extra keys")
    func exactVersusSubset() {
        let observed = Self.conversion(["af_status": "Organic", "is_first_launch": 1])
        #expect(
            Self.expect(["af_status": "Organic", "af_message": "organic install"]).differences(from: observed)
                == [
                    #"- payload.af_message: expected string "organic install", missing"#,
                    "+ payload.is_first_launch: unexpected integer 1",
                ])
        #expect(Self.expect(["af_status": "Organic"], match: .subset).differences(from: observed).isEmpty)
        #expect(
            Self.expect(["af_status": "Non-organic"], match: .subset).differences(from: observed)
                == [#"~ payload.af_status: expected string "Non-organic", found string "Organic""#])
    }

    @Test(
        "other fields: named ones must match, objects only need their named members, unnamed ones are ignored"
    )
    func otherFields() {
        let observed = ScenarioObservation(
            "click",
            fields: [
                "decision": "interstitial", "status": 200, "recorded": true,
                "interstitial": ["browser": "instagram", "url": "https://open.example.net/H5hv"],
            ])
        #expect(
            ScenarioExpectation(
                "click", fields: ["decision": "interstitial", "interstitial": ["browser": "instagram"]]
            )
            .differences(from: observed).isEmpty)
        #expect(
            ScenarioExpectation("click", fields: ["status": 302, "location": "https://x"]).differences(
                from: observed)
                == [
                    #"- location: expected string "https://x", missing"#,
                    "~ status: expected integer 302, found integer 200",
                ])
        #expect(
            ScenarioExpectation("route").differences(from: observed)
                == [
                    #"~ output: expected route, found click {"decision":"interstitial","interstitial":{"browser":"instagram","url":"https://open.example.net/H5hv"},"recorded":true,"status":200}"#
                ])
    }

    @Test("a profile converts the expected payload of SDK callbacks before comparing")
    func profileConversion() {
        let expectation = Self.expect(["is_first_launch": 1, "orig_cost": "6.0", "fruit_amount": 26])
        let android = Self.conversion(["is_first_launch": true, "orig_cost": 6.0, "fruit_amount": 26])
        #expect(expectation.differences(from: android, profile: .android).isEmpty)
        #expect(expectation.differences(from: android).count == 2)
        let strings = Self.conversion(["is_first_launch": "1", "orig_cost": "6.0", "fruit_amount": "26"])
        #expect(expectation.differences(from: strings, profile: .strings).isEmpty)
        let lifecycle = ScenarioObservation("$AppEnd", fields: ["payload": ["$event_duration": 30.0]])
        #expect(
            ScenarioExpectation("$AppEnd", fields: ["payload": ["$event_duration": 30.0]])
                .differences(from: lifecycle, profile: .strings).isEmpty)
    }
}
