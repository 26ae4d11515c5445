import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("ScenarioRunner", .timeLimit(.minutes(5)))
struct ScenarioRunnerTests {
    @Test("a scenario built in Swift runs without any JSON")
    func builtInCode() async throws {
        var backend = Scenario.BackendSettings()
        backend.install = .nonOrganic(["media_source": "Email"])
        let scenario = Scenario(
            name: "in code", backend: backend,
            steps: [
                ScenarioStep(
                    .start,
                    expect: [
                        ScenarioExpectation(
                            "onConversionDataSuccess",
                            fields: ["payload": ["media_source": "Email", "is_first_launch": true]],
                            match: .subset)
                    ]),
                ScenarioStep(.advance(milliseconds: 1000)),
                ScenarioStep(.start, note: "within minTimeBetweenSessions"),
            ])
        let result = try await ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureReport)")
        #expect(result.steps.map(\.observations.count) == [1, 0, 0])
        #expect(result.steps[2].note == "within minTimeBetweenSessions")
    }

    @Test(
        "a team's delegate gets both attribution payloads as Foundation dictionaries, in the run's profile",
        arguments: [ValueProfile.ios, .documented])
    func teamDelegateGetsPayloads(profile: ValueProfile) async throws {
        let scenario = try Scenario(
            contentsOf: Fixtures.scenarios.appendingPathComponent("rule-04-legacy-open-attribution.json"))
        let team = PayloadLog()
        let result = try await ScenarioRunner().run(scenario, profile: profile, delegate: team)
        #expect(result.passed, "\(result.failureReport)")
        let open = try #require(team.payloads.first { $0.callback == "onAppOpenAttribution" }?.payload)
        #expect(open["deep_link_value"] as? String == "bananas")
        #expect(open["fruit_amount"] as? Int == 26)
        let conversion = try #require(
            team.payloads.first { $0.callback == "onConversionDataSuccess" }?.payload)
        #expect(conversion["af_status"] as? String == "Organic")
        // An installed device's session: the iOS SDK hands a Boolean, the documented samples print 0/1.
        if profile == .ios {
            #expect(conversion["is_first_launch"] as? Bool == false)
        } else {
            #expect(conversion["is_first_launch"] as? Int == 0)
        }
    }

    @Test("relaunch while a resolution is stalled lets the timeout pass first, on the clock")
    func relaunchWhileStalled() async throws {
        let scenario = try decode(
            """
            {"name": "stalled relaunch", "backend": {"behaviour": {"shortLinks": "stall"}},
             "steps": [{"do": "universalLink", "url": "https://app.onelink.me/H5hv/abc"},
                       {"do": "relaunch"},
                       {"do": "start"}]}
            """)
        let result = try await ScenarioRunner().run(scenario)
        #expect(result.steps[0].observations.isEmpty)
        #expect(
            result.steps[1].observations == [
                ScenarioObservation(
                    "onAppOpenAttributionFailure",
                    fields: [
                        "kind": "TIMEOUT", "error": "TIMEOUT: no answer within 3000 ms",
                        "domain": "com.appsflyer.sdk.network", "code": 0, "description": "Request failed",
                    ])
            ])
        #expect(
            result.steps[2].observations.first?.fields["payload"]?["install_time"]
                == "2020-08-12 15:08:03.000")
    }

    @Test(
        "durations accept a sign, a fraction and the units ms, s, m, h, d; whole and fractional alike up to the limit",
        arguments: [
            ("250ms", 250), ("1.5s", 1500), ("+2m", 120_000), ("2h", 7_200_000), ("1d", 86_400_000),
            ("0s", 0), ("007s", 7000), ("1.0s", 1000), ("0.5s", 500), ("11574d", 999_993_600_000),
            ("999999999999999ms", 999_999_999_999_999), ("999999999999999.4ms", 999_999_999_999_999),
        ] as [(String, Int64)])
    func durations(text: String, milliseconds: Int64) throws {
        let scenario = try decode(#"{"name": "d", "steps": [{"do": "advance", "by": "\#(text)"}]}"#)
        #expect(scenario.steps.map(\.action) == [.advance(milliseconds: milliseconds)])
    }

    @Test(
        "a deferred click's time is relative to the scenario start",
        arguments: [("-15m", true), ("-16m", false)])
    func clickTimes(at: String, found: Bool) async throws {
        let scenario = try decode(
            """
            {"name": "t", "sdk": {"mode": "udl"},
             "backend": {"deferredClicks": [{"at": "\(at)", "parameters": {"deep_link_value": "x"}}]},
             "steps": [{"do": "start"}]}
            """)
        let result = try await ScenarioRunner().run(scenario)
        #expect(result.observations.first?.fields["status"] == (found ? "FOUND" : "NOT_FOUND"))
    }

    @Test("a failed step's report names the step, the output and each difference")
    func failureReport() async throws {
        let scenario = try decode(
            """
            {"name": "r", "steps": [{"do": "start", "expect": [
              {"output": "onConversionDataSuccess", "match": "subset", "payload": {"is_first_launch": 1}}]}]}
            """)
        let result = try await ScenarioRunner().run(scenario)
        #expect(!result.passed)
        #expect(
            result.failureReport == """
                step 0 (start):
                  output 1 (onConversionDataSuccess):
                    ~ payload.is_first_launch: expected integer 1, found boolean true

                """)
        let documented = try await ScenarioRunner().run(scenario, profile: .documented)
        #expect(documented.passed, "expectations go through the run's profile")
    }
}

/// A team's legacy delegate that keeps each attribution payload it is handed.
private final class PayloadLog: NSObject, AppsFlyerLibDelegate, @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`.
    private let lock = NSLock()
    private var recorded: [(callback: String, payload: [AnyHashable: Any])] = []

    var payloads: [(callback: String, payload: [AnyHashable: Any])] { lock.withLock { recorded } }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        lock.withLock { recorded.append(("onConversionDataSuccess", conversionInfo)) }
    }

    func onConversionDataFail(_ error: any Error) {}

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        lock.withLock { recorded.append(("onAppOpenAttribution", attributionData)) }
    }
}
