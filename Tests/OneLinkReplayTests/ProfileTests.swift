import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// A team's handler, written the way the AppsFlyer sample app reads values.
final class TeamHandler: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var firstLaunchFlags: [Any] = []
    private var subTwos: [String?] = []

    var flags: [Any] {
        lock.lock()
        defer { lock.unlock() }
        return firstLaunchFlags
    }

    var deepLinkSubTwos: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return subTwos
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        lock.lock()
        firstLaunchFlags.append(conversionInfo["is_first_launch"] ?? "absent")
        lock.unlock()
    }

    func onConversionDataFail(_ error: any Error) {}

    func didResolveDeepLink(_ result: DeepLinkResult) {
        // The sample app force-casts; a conditional cast shows what the force cast would meet.
        let value = result.deepLink?.clickEvent["deep_link_sub2"] as? String
        lock.lock()
        subTwos.append(value)
        lock.unlock()
    }
}

@Suite("Value profiles", .timeLimit(.minutes(5)))
struct ProfileTests {
    static let sample: AttributionPayload = [
        "is_first_launch": 1, "orig_cost": "6.0", "fruit_amount": 26, "is_retargeting": true,
        "af_sub3": .null,
    ]

    @Test("ios keeps the emulator's values")
    func ios() {
        #expect(ValueProfile.ios.apply(Self.sample) == Self.sample)
    }

    @Test("android makes is_first_launch a boolean and orig_cost a number")
    func android() {
        #expect(
            ValueProfile.android.apply(Self.sample) == [
                "is_first_launch": true, "orig_cost": 6.0, "fruit_amount": 26, "is_retargeting": true,
                "af_sub3": .null,
            ])
    }

    @Test("strings makes every value a string")
    func strings() {
        #expect(
            ValueProfile.strings.apply(Self.sample) == [
                "is_first_launch": "1", "orig_cost": "6.0", "fruit_amount": "26", "is_retargeting": "true",
                "af_sub3": "null",
            ])
    }

    static let scenario = """
        {"name": "team handler", "sdk": {"mode": "udl"},
         "backend": {"install": "organic"},
         "steps": [{"do": "start", "expect": [{"output": "didResolveDeepLink", "status": "NOT_FOUND"},
                     {"output": "onConversionDataSuccess", "match": "subset", "payload": {"is_first_launch": true}}]},
                   {"do": "universalLink", "url": "https://a.onelink.me/H5hv?deep_link_value=x&deep_link_sub2=7",
                    "expect": [{"output": "didResolveDeepLink", "match": "subset", "payload": {"deep_link_sub2": "7"}}]}]}
        """

    @Test("the team's own delegates receive every callback, with values in the profile's types")
    func teamDelegates() async throws {
        let scenario = try decode(Self.scenario)
        let ios = TeamHandler()
        let iosResult = try await ScenarioRunner().run(
            scenario, profile: .ios, delegate: ios, deepLinkDelegate: ios)
        #expect(iosResult.passed, "\(iosResult.failureReport)")
        #expect(ios.flags.count == 1)
        #expect((ios.flags.first as? Bool) == true)
        #expect(
            ios.deepLinkSubTwos == [nil, "7"],
            "deep_link_sub2 is a string on iOS: the sample's `as! String` works")

        let documented = TeamHandler()
        let documentedResult = try await ScenarioRunner().run(
            scenario, profile: .documented, delegate: documented, deepLinkDelegate: documented)
        #expect(documentedResult.passed, "\(documentedResult.failureReport)")
        #expect((documented.flags.first as? Int) == 1)
        #expect(
            documented.deepLinkSubTwos == [nil, nil],
            "deep_link_sub2 is a number as the docs print it: `as! String` would crash")

        let strings = TeamHandler()
        let stringsResult = try await ScenarioRunner().run(
            scenario, profile: .strings, delegate: strings, deepLinkDelegate: strings)
        #expect(stringsResult.passed, "\(stringsResult.failureReport)")
        #expect((strings.flags.first as? String) == "true")
        #expect(strings.deepLinkSubTwos == [nil, "7"])

        let android = TeamHandler()
        let androidResult = try await ScenarioRunner().run(
            scenario, profile: .android, delegate: android, deepLinkDelegate: android)
        #expect(androidResult.passed)
        #expect((android.flags.first as? Bool) == true)
        #expect(androidResult.observations[1].fields["payload"]?["is_first_launch"] == true)
    }

    @Test("a scenario that pins a profile keeps it whatever profile the run asks for")
    func pinned() async throws {
        let scenario = try decode(
            """
            {"name": "pinned", "profile": "android", "steps": [{"do": "start",
              "expect": [{"output": "onConversionDataSuccess", "match": "subset", "payload": {"is_first_launch": true}}]}]}
            """)
        let result = try await ScenarioRunner().run(scenario, profile: .strings)
        #expect(result.profile == .android)
        #expect(result.passed, "\(result.failureReport)")
    }
}
