import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("Scenario decoding errors", .timeLimit(.minutes(5)))
struct ScenarioDecodingTests {
    static let step3URLNumber = """
        {"name": "x", "steps": [{"do": "start"}, {"do": "start"}, {"do": "advance", "by": "1s"},
          {"do": "universalLink", "url": 42}]}
        """

    @Test("a wrong type names the file, the JSON path, what was expected and what was found")
    func wrongType() {
        #expect(
            decodingError(Self.step3URLNumber) == "test.json: $.steps[3].url: expected a string, found number"
        )
        #expect(
            decodingError(#"{"name": "x", "steps": {}}"#)
                == "test.json: $.steps: expected an array, found object")
        #expect(
            decodingError(#"{"name": "x", "sdk": {"deepLinkTimeout": "3000"}, "steps": []}"#)
                == "test.json: $.sdk.deepLinkTimeout: expected an integer, found string")
        #expect(
            decodingError(#"{"name": "x", "sdk": {"deepLinkTimeout": 2.5}, "steps": []}"#)
                == "test.json: $.sdk.deepLinkTimeout: expected an integer, found number")
        #expect(
            decodingError(
                #"{"name": "x", "steps": [{"do": "start", "expect": [{"output": "onConversionDataSuccess", "payload": [1]}]}]}"#
            )
                == "test.json: $.steps[0].expect[0].payload: expected an object, found array")
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "clipboardLink", "firstLaunch": 1}]}"#)
                == "test.json: $.steps[0].firstLaunch: expected a boolean, found number")
        #expect(decodingError("[]") == "test.json: $: expected an object, found array")
    }

    @Test("an unknown key lists the fields that are allowed there")
    func unknownKey() {
        #expect(
            decodingError(
                #"{"name": "x", "steps": [{"do": "universalLink", "url": "https://a.onelink.me/x", "ur": 1}]}"#
            )
                == "test.json: $.steps[0].ur: unknown field (expected do, expect, note, url)")
        #expect(
            decodingError(#"{"name": "x", "stpes": []}"#)
                == "test.json: $.stpes: unknown field (expected $schema, name, description, profile, sdk, backend, "
                + "device, app, steps, notes, schedule, outcome)")
        #expect(
            decodingError(#"{"name": "x", "backend": {"behaviour": {"resolver": "stall"}}, "steps": []}"#)
                == "test.json: $.backend.behaviour.resolver: unknown field (expected shortLinks, conversion, deferred, launch)"
        )
        #expect(
            decodingError(
                #"{"name": "x", "backend": {"shortLinks": {"H5hv/a": {}}, "redirects": {"a b": 1}}, "steps": []}"#
            )
                == #"test.json: $.backend.redirects["a b"]: expected a string, found number"#)
    }

    @Test("a missing required field is named")
    func missingField() {
        #expect(decodingError(#"{"steps": []}"#) == #"test.json: $: missing required field "name""#)
        #expect(decodingError(#"{"name": "x"}"#) == #"test.json: $: missing required field "steps""#)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "handleOpen"}]}"#)
                == #"test.json: $.steps[0]: missing required field "url""#)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"url": "x"}]}"#)
                == #"test.json: $.steps[0]: missing required field "do""#)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "start", "expect": [{"payload": {}}]}]}"#)
                == #"test.json: $.steps[0].expect[0]: missing required field "output""#)
    }

    @Test("a bad duration says what a duration looks like")
    func badDuration() {
        let suffix = #" (expected a number and a unit ms, s, m, h or d, such as "-3m")"#
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "advance", "by": "3 s"}]}"#)
                == #"test.json: $.steps[0].by: invalid duration "3 s""# + suffix)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "advance", "by": "5w"}]}"#)
                == #"test.json: $.steps[0].by: invalid duration "5w""# + suffix)
        #expect(
            decodingError(
                #"{"name": "x", "backend": {"deferredClicks": [{"at": "-.5m", "parameters": {}}]}, "steps": []}"#
            )
                == #"test.json: $.backend.deferredClicks[0].at: invalid duration "-.5m""# + suffix)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "advance", "by": 3}]}"#)
                == "test.json: $.steps[0].by: expected a string, found number")
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "advance", "by": "-1s"}]}"#)
                == "test.json: $.steps[0].by: the clock only moves forward")
    }

    @Test(
        "a duration of 1e15 ms or more is refused, whole or fractional",
        arguments: [
            "1000000000000000ms", "999999999999999.5ms", "11575000d", "1000000000000s",
            "99999999999999999999s",
        ])
    func durationLimit(text: String) {
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "advance", "by": "\#(text)"}]}"#)
                == #"test.json: $.steps[0].by: invalid duration "\#(text)""#
                + #" (expected a number and a unit ms, s, m, h or d, such as "-3m")"#)
    }

    @Test("a bad step kind lists every step kind")
    func badStepKind() {
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "start"}, {"do": "jump"}]}"#)
                == #"test.json: $.steps[1].do: unknown step "jump" (expected one of: "#
                + ScenarioStep.kindNames.joined(separator: ", ") + ")")
    }

    @Test("values with the right type but a wrong meaning are refused with the reason")
    func invalidValues() {
        #expect(
            decodingError(#"{"name": "x", "profile": "windows", "steps": []}"#)
                == #"test.json: $.profile: expected one of "ios", "documented", "android", "strings", found "windows""#
        )
        #expect(
            decodingError(
                #"{"name": "x", "steps": [{"do": "start", "expect": [{"output": "onConversion"}]}]}"#)?
                .hasPrefix(
                    #"test.json: $.steps[0].expect[0].output: unknown output "onConversion" (expected one of: "#
                )
                == true)
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "route", "action": "a://b"}]}"#)
                == #"test.json: $.steps[0].do: step "route" needs "app.routing""#)
        #expect(
            decodingError(#"{"name": "x", "app": {"routing": {"scheme": "a"}}, "steps": [{"do": "route"}]}"#)
                == "test.json: $.steps[0]: expected exactly one of action, callback, push, url")
        #expect(
            decodingError(#"{"name": "x", "steps": [{"do": "lifecycle", "signal": "didWake"}]}"#)
                == #"test.json: $.steps[0].signal: unknown lifecycle signal "didWake""#)
        #expect(
            decodingError(#"{"name": "x", "backend": {"shortLinks": {"H5hv": {}}}, "steps": []}"#)
                == #"test.json: $.backend.shortLinks.H5hv: expected a key of the form "template/shortID""#)
        #expect(
            decodingError(#"{"name": "x", "device": {"sessions": 2}, "steps": []}"#)
                == #"test.json: $.device.sessions: only allowed with "state": "installed""#)
        #expect(
            decodingError(
                #"{"name": "x", "backend": {"install": "organic", "server": {"appStoreURL": "https://apps.apple.com/app/id1", "oneLinkDomains": ["a.onelink.me"], "templates": ["H5hv"], "interstitialDomain": "open.example.net"}}, "steps": []}"#
            )
                == #"test.json: $.backend.install: cannot be combined with "server": installs are matched against recorded clicks"#
        )
        #expect(
            decodingError(
                #"{"name": "x", "backend": {"install": {"failure": {"kind": "BROKEN"}}}, "steps": []}"#)
                == #"test.json: $.backend.install.failure.kind: expected one of "TIMEOUT", "NETWORK", "HTTP_STATUS_CODE", "UNEXPECTED", "DEVELOPER_ERROR", found "BROKEN""#
        )
    }

    @Test("invalid JSON reports the line and column; a duplicate key its path")
    func invalidJSON() {
        #expect(decodingError("{\"name\": \"x\",\n  \"steps\": [}") != nil)
        #expect(
            decodingError("{\"name\": \"x\",\n  \"steps\": [}")?.hasPrefix(
                "test.json: $: invalid JSON at line 2") == true)
        #expect(
            decodingError(#"{"name": "x", "name": "y", "steps": []}"#)
                == #"test.json: $: duplicate key "name" in the object at $"#)
    }

    @Test("a valid scenario decodes into typed steps and settings")
    func decodesValues() throws {
        let scenario = try decode(
            """
            {"name": "n", "profile": "android",
             "sdk": {"mode": "udl", "deepLinkTimeout": 500, "customDomains": ["go.example.com"], "pushPaths": [["a", "b"]]},
             "backend": {"deferredClicks": [{"at": "-3m", "parameters": {"deep_link_value": "x"}}],
                         "behaviour": {"shortLinks": {"delay": "1.5s"}, "conversion": "stall",
                                       "deferred": {"fail": {"kind": "HTTP_STATUS_CODE", "status": 503}}}},
             "device": {"state": "installed", "installedAgo": "2d", "firstLaunchUsed": false},
             "steps": [{"do": "advance", "by": "250ms"}, {"do": "handleOpen", "url": "a://b", "sourceApplication": "s",
                        "expect": [{"output": "onAppOpenAttribution", "match": "subset", "types": "loose", "payload": {"k": 1}}]}]}
            """)
        #expect(scenario.pinnedProfile == .android)
        #expect(scenario.sdk.mode == .udl)
        #expect(scenario.sdk.deepLinkTimeout == 500)
        #expect(scenario.sdk.customDomains == ["go.example.com"])
        #expect(scenario.sdk.pushPaths == [["a", "b"]])
        #expect(
            scenario.backend.deferredClicks == [
                .init(offsetMilliseconds: -180_000, parameters: ["deep_link_value": "x"])
            ])
        #expect(scenario.backend.shortLinkBehavior == .delayed(.milliseconds(1500)))
        #expect(scenario.backend.conversionBehavior == .stalled)
        #expect(scenario.backend.deferredBehavior == .failing(.httpStatus(code: 503, reason: nil)))
        #expect(scenario.device.installed?.installedAgoMilliseconds == 172_800_000)
        #expect(scenario.device.installed?.firstLaunchUsed == false)
        #expect(
            scenario.steps.map(\.action) == [
                .advance(milliseconds: 250), .handleOpen(url: "a://b", sourceApplication: "s"),
            ])
        #expect(
            scenario.steps[1].expectations == [
                ScenarioExpectation(
                    "onAppOpenAttribution", fields: ["payload": ["k": 1]], match: .subset, types: .loose)
            ])
    }
}
