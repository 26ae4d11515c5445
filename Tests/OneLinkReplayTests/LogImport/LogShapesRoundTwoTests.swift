import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// The line shapes of issue 43: SDK 7.0.1's start lines, plugin prefixes, every way a found deep link is printed,
/// callbacks whose values the paste lost, late callbacks, and the diff of a callback whose values differ.
@Suite("import-log: every printed shape, every callback kept", .timeLimit(.minutes(5)))
struct LogShapesRoundTwoTests {
    static let tag = "[AppsFlyerSDK] [com.appsflyer.serial] "
    static let link = "https://example.onelink.me/AbCd?deep_link_value=peaches&deep_link_sub1=23"

    static func expectations(_ imported: LogImport) -> [[String: AttributionValue]] {
        LogImportTests.steps(imported).flatMap { $0["expect"]?.arrayValue?.compactMap(\.objectValue) ?? [] }
    }

    static func deepLink(_ imported: LogImport) -> [String: AttributionValue]? {
        expectations(imported).first { $0["output"] == "didResolveDeepLink" }
    }

    /// A direct deep link, printed in each shape the SDK and the plugins print one.
    static let foundShapes: [String] = [
        // The SDK's description JSON, with `click_event` (dev hub, UDL guide).
        #"[DDL] Calling didResolveDeepLink with: {"click_event":{"deep_link_value":"peaches","deep_link_sub1":"23","link":"\#(link)"},"deep_link_value":"peaches","af_sub1":null}"#,
        // The deep link's keys alone, without `click_event`.
        #"[DDL] Calling didResolveDeepLink with: {"deep_link_value":"peaches","deep_link_sub1":"23","link":"\#(link)","af_sub1":null}"#,
        // A dictionary printout.
        """
        [DDL] Calling didResolveDeepLink with: {
            "deep_link_sub1" = 23;
            "deep_link_value" = peaches;
            link = "\(link)";
        }
        """,
        // A result with its status and the deep link under `deepLink`.
        #"[DDL] Calling didResolveDeepLink with: {"status":"FOUND","deepLink":{"deep_link_value":"peaches","deep_link_sub1":"23","link":"\#(link)"}}"#,
        // The status word before the description.
        #"[DDL] Calling didResolveDeepLink with: FOUND {"deep_link_value":"peaches","deep_link_sub1":"23","link":"\#(link)"}"#,
    ]

    @Test(
        "An SDK line naming a callback in a shape no rule reads is named in a note, and read as nothing else")
    func unknownCallbackShapeIsNamed() async throws {
        let log = """
            \(Self.tag)Start
            \(Self.tag)[GCD-X99] handing onConversionDataSuccess to the bridge
            """
        let imported = try await LogImportTests.imported(log)
        #expect(
            imported.notes.contains { $0.hasPrefix("line 2:") && $0.contains("onConversionData in a shape") })
        #expect(Self.expectations(imported).isEmpty)
    }

    @Test("A found deep link in every printed shape imports as FOUND with its values", arguments: foundShapes)
    func foundInEveryShape(line: String) async throws {
        for prefix in [
            Self.tag, "flutter: [DEBUG] AppsFlyer: ", "⚡️  [log] - [AppsFlyerSDK] [com.appsflyer.serial] ",
        ] {
            let log = "\(prefix)[DDL] Delegate: App.AppDelegate\n\(prefix)" + line
            let imported = try await LogImportTests.imported(log)
            let result = try #require(Self.deepLink(imported), "\(prefix)\(line)")
            #expect(result["status"] == "FOUND", "\(prefix)\(line)")
            #expect(result["payload"]?["deep_link_value"]?.textValue == "peaches", "\(prefix)\(line)")
            #expect(result["payload"]?["deep_link_sub1"]?.textValue == "23", "\(prefix)\(line)")
            #expect(result["payload"]?["af_sub1"] == nil, "a null key is no value: \(line)")
            #expect(imported.scenario["sdk"]?["mode"] == "udl")
        }
    }

    @Test(
        "A result printed as an object, or with no status and no values, is kept as a callback and named in a note"
    )
    func unreadableResultIsKept() async throws {
        for body in ["<AppsFlyerDeepLinkResult: 0x600003a1c000>", "{}"] {
            let imported = try await LogImportTests.imported(
                "\(Self.tag)[DDL] Calling didResolveDeepLink with: \(body)")
            let result = try #require(Self.deepLink(imported))
            #expect(result["status"] == nil, "no status is guessed: \(body)")
            #expect(
                imported.notes.contains {
                    $0.hasPrefix("line 1: `didResolveDeepLink` was called, but its result")
                })
        }
    }

    @Test(
        "SDK 7.0.1's lines of one start are one start step; the [HTTP] launch request gives the app ID and version"
    )
    func sdk7StartLines() async throws {
        let log = """
            \(Self.tag)[START] Initial start of the application
            \(Self.tag)[START] isFirstLaunch: true, timestamp: 1767225600000
            \(Self.tag)[HTTP] Operation start: `https://launches.appsflyer.com/api/v7.0/iosevent?app_id=1234567890&buildnumber=7.0.1`
            \(Self.tag)[HTTP] Operation start: `Config-1`
            """
        let imported = try await LogImportTests.imported(log)
        #expect(LogImportTests.steps(imported).map { $0["do"] } == ["start"])
        #expect(imported.sdkVersion == "7.0.1")
        #expect(imported.scenario["sdk"]?["version"] == 7)
        #expect(imported.scenario["sdk"]?["appID"] == "1234567890")
        #expect(imported.scenario["device"] == nil)
    }

    @Test(
        "A warm start as the log's first start (isFirstLaunch No, Time from last start, a background return) starts installed"
    )
    func warmStarts() async throws {
        for lines in [
            ["[START] isFirstLaunch: No, timestamp: 1767225612000"],
            ["[START] Time from last start(session): 12.000"],
            ["Calling `start` since background transition"],
            ["[START] isFirstLaunch: false, timestamp: 1", "[START] Time from last start(session): 9.5"],
        ] {
            let imported = try await LogImportTests.imported(
                lines.map { Self.tag + $0 }.joined(separator: "\n"))
            #expect(LogImportTests.steps(imported).map { $0["do"] } == ["start"], "\(lines)")
            #expect(imported.scenario["device"]?["state"] == "installed", "\(lines)")
            #expect(imported.notes.contains { $0.contains("the device starts installed") }, "\(lines)")
        }
    }

    @Test(
        "The SKAN request's session counter before any session makes the device an installed one with that count"
    )
    func sessionCounter() async throws {
        let log = """
            \(Self.tag)[SKAd] S2S URL: https://xxxxxx-skadsdkless.appsflyersdk.com/api/v2.0/conversion-value?trigger=bg&session_counter=19&sdk_version=6.14.3
            [AppsFlyerSDK] [com.apple.main-thread] NSUserActivity `webpageURL`: https://example.onelink.me/AbCd/promo
            """
        let imported = try await LogImportTests.imported(log)
        #expect(imported.scenario["device"]?["state"] == "installed")
        #expect(imported.scenario["device"]?["sessions"] == 19)
        #expect(imported.sdkVersion == "6.14.3")
    }

    @Test(
        "A start inside minTimeBetweenSessions: Skip launch and its code 10 completion are one skipped start")
    func skippedStart() async throws {
        let log = """
            \(Self.tag)[START] isFirstLaunch: true, timestamp: 1
            \(Self.tag)[START] Initial start of the application
            \(Self.tag)[START] isFirstLaunch: false, timestamp: 2
            \(Self.tag)[WARNING] Skip launch
            failed: Error Domain=com.appsflyer.sdk.event Code=10 "Event timeout. Check minTimeBetweenSessions param" UserInfo={}
            """
        let imported = try await LogImportTests.imported(log)
        #expect(LogImportTests.steps(imported).map { $0["do"] } == ["start", "start"])
        let result = try await LogImportTests.replay(imported)
        // The second start is skipped in the replay too: its step makes no session and no callback.
        #expect(result.steps[1].observations.allSatisfy { !SDKLogImporter.callbackNames.contains($0.output) })
    }

    @Test(
        "7.0.1's start completion `com.appsflyer.sdk.network` 40 with a status replays as the launch failing")
    func code40StatusFailure() async throws {
        let log = """
            \(Self.tag)[START] Initial start of the application
            start failed: Error Domain=com.appsflyer.sdk.network Code=40 "Status code failure: 403" UserInfo={NSLocalizedDescription=Status code failure: 403}
            """
        let imported = try await LogImportTests.imported(log)
        let failure = try #require(
            Self.expectations(imported).first { $0["output"] == "onConversionDataFail" })
        #expect(failure["kind"] == "HTTP_STATUS_CODE")
        #expect(try await LogImportTests.replay(imported).passed)
    }

    @Test(
        "The troubleshooting pages' lines: a server status, a missing dev key, an app ID that is not a number"
    )
    func troubleshootingLines() async throws {
        let status = try await LogImportTests.imported(
            """
            AppsFlyer: -[AppsFlyerHTTPClient sendRequestEventToServer:isRequestFromCache:appID:isDebug:
                    completionHandler:]_block_invoke sent information to server, status = 404
            """)
        #expect(Self.expectations(status).first?["output"] == "onConversionDataFail")
        #expect(try await LogImportTests.replay(status).passed)

        let devKey = try await LogImportTests.imported("AppsFlyer dev key missing or empty. Aborting")
        #expect(devKey.scenario["sdk"]?["devKey"] == "")
        #expect(LogImportTests.steps(devKey).map { $0["do"] } == ["start"])

        let appID = try await LogImportTests.imported(
            """
            [ERROR] AppsFlyer: -[AppsFlyerTracker validateAppID] AppsFlyer Error: appleAppID should be a number!
            \(Self.tag)Start
            """)
        #expect(appID.notes.contains { $0.contains("appleAppID should be a number") })
    }

    @Test("[Shortlink] Response Info is read as the short link's answer, never as its stored parameters")
    func shortLinkResponseInfo() async throws {
        let log = """
            \(Self.tag)[DDL] Delegate: App.AppDelegate
            [AppsFlyerSDK] [com.apple.main-thread] NSUserActivity `webpageURL`: https://example.onelink.me/AbCd/promo
            \(Self.tag)[Shortlink] Response Info: {
                statusCode = 404;
            }
            """
        let imported = try await LogImportTests.imported(log)
        #expect(imported.scenario["backend"]?["shortLinks"] == nil)
        let behaviour = imported.scenario["backend"]?["behaviour"]?["shortLinks"]
        #expect(behaviour?["fail"]?["status"] == 404)
    }

    @Test(
        "Callbacks 520 and 580 ms after start set the deferred and conversion backends' delays, and the replay passes"
    )
    func lateCallbacksSetDelays() async throws {
        let log = """
            2024-05-01 10:00:00.000000+0000 App[1:2] \(Self.tag)AppsFlyer SDK version 6.14.3 started build (177)
            2024-05-01 10:00:00.001000+0000 App[1:2] \(Self.tag)[DDL] Delegate: App.AppDelegate
            2024-05-01 10:00:00.002000+0000 App[1:2] \(Self.tag)[DDL] Start DDL
            2024-05-01 10:00:00.003000+0000 App[1:2] \(Self.tag)<~+~   SEND Start:   https://launches.appsflyer.com/api/v6.14/iosevent?app_id=1000000001&buildnumber=6.14.3
            {"counter":"1","event":"Launched"}
            2024-05-01 10:00:00.523000+0000 App[1:2] \(Self.tag)[DDL] Calling didResolveDeepLink with: {"status":"NOT_FOUND"}
            2024-05-01 10:00:00.583000+0000 App[1:2] \(Self.tag)[GCD-A02] -[App.AppDelegate onConversionDataSuccess:]:
            {
                "af_message" = "organic install";
                "af_status" = Organic;
                "install_time" = "2024-05-01 10:00:00.003";
                "is_first_launch" = 1;
            }
            """
        let imported = try await LogImportTests.imported(log)
        let behaviour = try #require(imported.scenario["backend"]?["behaviour"])
        #expect(behaviour["deferred"]?["delay"] == "520ms")
        // The SDK asks for the conversion data once the deferred lookup answered: 60 ms after it.
        #expect(behaviour["conversion"]?["delay"] == "60ms")
        let result = try await LogImportTests.replay(imported)
        #expect(result.passed, "\(result.failureReport)")
        #expect(result.steps.last?.observations.count == 2)
    }

    @Test(
        "A callback whose values differ is compared where the replay made it, and its diff leads with the keys"
    )
    func differingCallbackDiffsByKey() async throws {
        let log = """
            \(Self.tag)Start
            \(Self.tag)[GCD-A02] -[App.AppDelegate onConversionDataSuccess:]:
            {
                "af_status" = "Non-organic";
                "media_source" = Email;
                "is_first_launch" = 1;
            }
            """
        var imported = try await LogImportTests.imported(log)
        // The log's data is the backend's answer; make the backend answer otherwise, as a regression would.
        var document = try #require(imported.scenario.objectValue)
        document["backend"] = ["install": "organic"]
        imported.scenario = .object(document)
        let result = try await LogImportTests.replay(imported)
        let step = try #require(result.steps.first { !$0.passed })
        #expect(step.index == 0)
        let first = try #require(step.mismatches.first)
        #expect(!first.path.isEmpty, "\(result.failureReport)")
        #expect(step.mismatches.contains { $0.path == "payload.af_status" && $0.kind == .changed })
        #expect(!step.mismatches.contains { $0.path.isEmpty })
    }

    @Test(
        "In a step, outputs pair by name before position, key differences come first, and order still counts")
    func stepDiffPairsByName() async throws {
        let scenario = try Scenario(
            document: [
                "name": "order", "sdk": ["mode": "udl"], "backend": ["install": "organic"],
                "steps": [
                    [
                        "do": "start",
                        "expect": [
                            ["output": "onAppOpenAttribution"],
                            ["output": "didResolveDeepLink", "status": "NOT_FOUND"],
                            [
                                "output": "onConversionDataSuccess", "match": "subset",
                                "payload": ["af_status": "Non-organic"],
                            ],
                        ],
                    ]
                ],
            ], file: "order.json")
        let result = try await ScenarioRunner().run(scenario)
        let kinds = result.steps[0].mismatches.map { "\($0.kind.rawValue) \($0.path)" }
        #expect(kinds == ["changed payload.af_status", "missing "], "\(result.failureReport)")

        // The outputs' order still counts: the same callbacks expected the other way round are a difference.
        let observed = result.steps[0].observations.map(\.output)
        #expect(observed == ["didResolveDeepLink", "onConversionDataSuccess"])
        let swapped = try Scenario(
            document: [
                "name": "swapped", "sdk": ["mode": "udl"], "backend": ["install": "organic"],
                "steps": [
                    [
                        "do": "start",
                        "expect": [["output": "onConversionDataSuccess"], ["output": "didResolveDeepLink"]],
                    ]
                ],
            ], file: "swapped.json")
        let swappedResult = try await ScenarioRunner().run(swapped)
        #expect(!swappedResult.passed)
        #expect(swappedResult.steps[0].mismatches.map(\.kind) == [.wrongOutput])
    }
}
