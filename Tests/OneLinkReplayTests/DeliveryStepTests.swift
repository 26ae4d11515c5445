import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("deliverLink and checkWiring steps", .timeLimit(.minutes(5)))
struct DeliveryStepTests {
    static func step(_ json: String) -> String {
        #"{"name": "x", "steps": ["# + json + "]}"
    }

    @Test("a deliverLink step decodes the wiring, state and kind of link")
    func decodesDeliverLink() throws {
        let universal = try decode(
            Self.step(
                #"{"do": "deliverLink", "wiring": "scenes", "state": "background", "url": "https://a.onelink.me/x"}"#
            ))
        #expect(
            universal.steps[0].action
                == .delivery(
                    .deliverLink(
                        wiring: "scenes", state: .background, link: .universalLink("https://a.onelink.me/x")))
        )
        #expect(universal.steps[0].kind == "deliverLink")
        let scheme = try decode(
            Self.step(
                #"{"do": "deliverLink", "wiring": "appDelegate", "state": "not_running", "url": "shop://x", "sourceApplication": "com.example.mail"}"#
            ))
        #expect(
            scheme.steps[0].action
                == .delivery(
                    .deliverLink(
                        wiring: "appDelegate", state: .notRunning,
                        link: .uriScheme("shop://x", sourceApplication: "com.example.mail"))))
        let push = try decode(
            Self.step(
                #"{"do": "deliverLink", "wiring": "swiftUI", "state": "foreground", "push": {"af": {"pid": "p"}}}"#
            ))
        #expect(
            push.steps[0].action
                == .delivery(
                    .deliverLink(wiring: "swiftUI", state: .foreground, link: .pushTap(["af": ["pid": "p"]])))
        )
        let check = try decode(Self.step(#"{"do": "checkWiring", "wiring": ["scenes", "swiftUI"]}"#))
        #expect(check.steps[0].action == .delivery(.checkWiring(["scenes", "swiftUI"])))
        #expect(check.steps[0].kind == "checkWiring")
        let single = try decode(Self.step(#"{"do": "checkWiring", "wiring": "scenes"}"#))
        #expect(single.steps[0].action == .delivery(.checkWiring(["scenes"])))
    }

    @Test("bad deliverLink and checkWiring steps are refused with their path")
    func refusesBadSteps() {
        #expect(
            decodingError(Self.step(#"{"do": "checkWiring", "wiring": "nope"}"#))?
                .hasPrefix(#"test.json: $.steps[0].wiring: expected one of "appDelegate", "scenes""#) == true)
        #expect(
            decodingError(
                Self.step(#"{"do": "deliverLink", "wiring": "scenes", "state": "asleep", "url": "x://y"}"#))
                == #"test.json: $.steps[0].state: expected one of "not_running", "background", "foreground", found "asleep""#
        )
        #expect(
            decodingError(
                Self.step(
                    #"{"do": "deliverLink", "wiring": "scenes", "state": "background", "url": "x://y", "push": {}}"#
                ))
                == "test.json: $.steps[0]: expected exactly one of url, push")
        #expect(
            decodingError(
                Self.step(
                    #"{"do": "deliverLink", "wiring": "scenes", "state": "background", "url": "https://a.b/c", "sourceApplication": "s"}"#
                )) == "test.json: $.steps[0].sourceApplication: a universal link has no source application")
        #expect(
            decodingError(
                Self.step(
                    #"{"do": "deliverLink", "wiring": "scenes", "state": "background", "url": "nothing"}"#))
                == #"test.json: $.steps[0].url: "nothing" is not a URL with a scheme"#)
        #expect(
            decodingError(Self.step(#"{"do": "deliverLink", "state": "background", "url": "x://y"}"#)) != nil)
    }

    @Test("the schema's wiring names are the bundled fixtures")
    func schemaWiringNames() throws {
        let schema = try AttributionValue(json: Data(contentsOf: Fixtures.schema))
        let choices = schema["$defs"]?["step"]?["properties"]?["wiring"]?["oneOf"]?.arrayValue ?? []
        let names = choices.first?["enum"]?.arrayValue?.compactMap { $0.stringValue }
        #expect(names == DeliveryStep.wiringNames)
        #expect(DeliveryStep.wiringNames == WiringFixture.allCases.map(\.rawValue))
    }

    @Test(
        "the delivery scenarios pass in every profile",
        arguments: ["app-delivery-universal-links.json", "app-delivery-wiring-check.json"],
        [ValueProfile.ios, .android, .strings])
    func bundledDeliveryScenarios(name: String, profile: ValueProfile) async throws {
        let result = try await ScenarioRunner().run(
            contentsOf: Fixtures.scenarios.appendingPathComponent(name), profile: profile)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test("a deliverLink step reports the entry points and reaches the scenario's SDK")
    func deliverLinkOutputs() async throws {
        let scenario = try decode(
            #"""
            {"name": "x", "sdk": {"mode": "legacy"}, "steps": [
              {"do": "deliverLink", "wiring": "linksFromLaunchOptionsAndDelegate", "state": "not_running",
               "url": "https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=kiwis"}]}
            """#)
        let result = try await ScenarioRunner().run(scenario)
        let outputs = result.steps[0].observations
        #expect(outputs.map(\.output) == ["delivery", "onAppOpenAttribution", "onAppOpenAttribution"])
        #expect(outputs.first?.fields["received"] == 2)
        #expect(outputs.first?.fields["path"] == "universal_link / not_running / app_delegate")
        #expect(
            outputs.first?.fields["entryPoints"]
                == [
                    "application(_:didFinishLaunchingWithOptions:)",
                    "application(_:continue:restorationHandler:)",
                ])
    }
}
