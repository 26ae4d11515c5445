import Foundation
import OneLinkEmulator
import OneLinkReplay
import Testing

/// Logs in the shapes real devices print (Docs/log-import.md lists where each was seen), imported line by line.
@Suite("import-log: reading real log shapes", .timeLimit(.minutes(5)))
struct LogImportTests {
    static let xcode =
        "2022-11-15 12:59:54.684544+0300 App[14722:3376118] [AppsFlyerSDK] [com.appsflyer.serial] "

    static func imported(_ log: String) async throws(LogImportError) -> LogImport {
        try await SDKLogImporter(name: "test").importLog(log)
    }

    static func steps(_ imported: LogImport) -> [[String: AttributionValue]] {
        imported.scenario["steps"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    static func replay(_ imported: LogImport) async throws -> ScenarioResult {
        try await ScenarioRunner().run(Scenario(document: imported.scenario, file: "imported.json"))
    }

    @Test(
        "Xcode's prefix, the SDK's tag and a queue label come off; app lines in between are skipped and counted"
    )
    func xcodePrefixes() async throws {
        let log = """
            \(Self.xcode)AppsFlyer SDK version 6.8.0 started build (83)
            2022-11-15 12:59:54.684600+0300 App[14722:3376118] my app: configuring analytics
            \(Self.xcode)* AppsFlyer is set to debug mode. This should only be used in development environment! *
            \(Self.xcode)[DDL] Delegate: App.AppsFlyerService
            \(Self.xcode)<~+~   SEND Start:   https://launches.appsflyer.com/api/v6.8/iosevent?app_id=1512793879&buildnumber=6.8.0
            {"counter":"1","event":"Launched","timepassedsincelastlaunch":"-1.000000"}
            \(Self.xcode)[DDL] Start DDL
            \(Self.xcode)[DDL] Calling didResolveDeepLink with: {"status":"NOT_FOUND"}
            some other library: hello
            """
        let imported = try await Self.imported(log)
        #expect(imported.sdkVersion == "6.8.0")
        #expect(imported.skippedLines == 2)
        #expect(imported.recognisedLines == 7)
        #expect(imported.scenario["sdk"]?["mode"] == "udl")
        #expect(imported.scenario["sdk"]?["appID"] == "1512793879")
        let steps = Self.steps(imported)
        #expect(steps.map { $0["do"] } == ["start"])
        #expect(steps[0]["expect"]?.arrayValue?.first?["status"] == "NOT_FOUND")
        // The paste stops before the conversion data: the replay's diff shows the one callback the log lacks.
        let result = try await Self.replay(imported)
        #expect(result.steps[0].mismatches.map(\.kind) == [.unexpected])
        #expect(result.steps[0].mismatches.first?.found?["output"] == "onConversionDataSuccess")
        #expect(imported.notes.contains { $0.contains("the replay makes 1 callback the log does not show") })
    }

    @Test("Console's export (tab-separated, time only) gives the gaps between lines as advance steps")
    func consolePrefixAndTimes() async throws {
        let log = [
            "default\t16:45:02.428229-0600\tBlue Bottle Prod\t[DEBUG] AppsFlyer: * AppsFlyer is set to debug mode. This should only be used in development environment! *",
            "default\t16:45:02.584399-0600\tBlue Bottle Prod\t[DEBUG] AppsFlyer: Start",
            "default\t16:45:04.084399-0600\tBlue Bottle Prod\tNSUserActivity `webpageURL`: https://example.onelink.me/AbCd?deep_link_value=peaches",
        ].joined(separator: "\n")
        let imported = try await Self.imported(log)
        let steps = Self.steps(imported)
        #expect(steps.map { $0["do"] } == ["start", "advance", "universalLink"])
        #expect(steps[1]["by"] == "1500ms")
        #expect(steps[2]["url"] == "https://example.onelink.me/AbCd?deep_link_value=peaches")
    }

    @Test(
        "A conversion-data dictionary on the lines after its header is read, with is_first_launch a boolean")
    func dictionaryPrintout() async throws {
        let log = """
            \(Self.xcode)<~+~   SEND Start:   https://launches.appsflyer.com/api/v6.8/iosevent?app_id=123456789&buildnumber=6.8.0
            {"counter":"1"}
            \(Self.xcode)[GCD-A02] -[KBSampleApp.AppDelegate onConversionDataSuccess:]:
            {
                "af_status" = "Non-organic";
                "campaign" = "spring sale";
                "install_time" = "2022-11-15 09:59:54.684";
                "is_first_launch" = 1;
                iscache = 1;
                "media_source" = conversionTest1;
                "match_type" = "id_matching";
            }
            """
        let imported = try await Self.imported(log)
        let install = imported.scenario["backend"]?["install"]?["nonOrganic"]
        #expect(install?["media_source"] == "conversionTest1")
        #expect(install?["campaign"] == "spring sale")
        #expect(install?["is_first_launch"] == nil)
        #expect(install?["install_time"] == "2022-11-15 09:59:54.684")
        let expected = Self.steps(imported).first?["expect"]?.arrayValue?.first
        #expect(expected?["payload"]?["is_first_launch"] == .bool(true))
        let result = try await Self.replay(imported)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test(
        "JSON broken across lines by the paste is joined again; JSON cut off keeps its callback, with a note")
    func wrappedAndCutJSON() async throws {
        let wrapped = """
            \(Self.xcode)[DDL] Calling didResolveDeepLink with: {"click_event":{"deep_link_value":"pea
            ches","link":"https://example.onelink.me/AbCd?deep_link_value=peaches","is_deferred":false},"is_deferred":false}
            """
        let imported = try await Self.imported(wrapped)
        let expected = Self.steps(imported).last?["expect"]?.arrayValue?.first
        #expect(expected?["payload"]?["deep_link_value"] == "peaches")
        #expect(imported.notes.contains { $0.contains("no link line before it") })

        let cut = """
            \(Self.xcode)Start
            \(Self.xcode)[DDL] Calling didResolveDeepLink with: {"click_event":{"deep_link_value":"pea
            """
        let partial = try await Self.imported(cut)
        #expect(
            partial.notes.contains { $0.hasPrefix("line 2: `didResolveDeepLink` was called, but its result") }
        )
        // The callback stays: an expectation of didResolveDeepLink with no status, which any result meets.
        let kept = Self.steps(partial).flatMap { $0["expect"]?.arrayValue ?? [] }
        #expect(kept.contains { $0["output"] == "didResolveDeepLink" && $0["status"] == nil })
    }

    @Test(
        "Several launches in one paste: a second version line after a session is a relaunch, counter 1 a reinstall"
    )
    func severalLaunches() async throws {
        func launch(_ counter: Int) -> String {
            """
            \(Self.xcode)AppsFlyer SDK version 6.9.0 started build (90)
            \(Self.xcode)<~+~   SEND Start:   https://launches.appsflyer.com/api/v6.9/iosevent?app_id=1&buildnumber=6.9.0
            {"counter":"\(counter)"}
            """
        }
        let relaunched = try await Self.imported(launch(1) + "\n" + launch(2))
        #expect(Self.steps(relaunched).map { $0["do"] } == ["start", "relaunch", "start"])
        let reinstalled = try await Self.imported(launch(1) + "\n" + launch(1))
        #expect(Self.steps(reinstalled).map { $0["do"] } == ["start", "reinstall", "start"])
        let later = try await Self.imported(launch(7))
        #expect(later.scenario["device"]?["state"] == "installed")
        #expect(later.notes.contains { $0.contains("launch number 7") })
    }

    @Test("A redacted app ID is kept out of the scenario, with a note")
    func redactedValues() async throws {
        let log = """
            \(Self.xcode)<~+~   SEND Start:   https://launches.appsflyer.com/api/v6.9/iosevent?app_id=xxxx&buildnumber=6.9.0
            """
        let imported = try await Self.imported(log)
        #expect(imported.scenario["sdk"]?["appID"] == nil)
        #expect(imported.notes.contains { $0.contains("app ID xxxx is redacted") })
    }

    @Test("A request error printed on its own replays as the session's conversion data failing")
    func standaloneError() async throws {
        let log =
            #"Error Domain=com.appsflyer.sdk.network Code=50 "Status code failure: 403" UserInfo={NSLocalizedDescription=Status code failure: 403}"#
        let imported = try await Self.imported(log)
        let result = try await Self.replay(imported)
        #expect(result.passed, "\(result.failureReport)")
        #expect(result.observations.first?.output == "onConversionDataFail")
        #expect(result.observations.first?.fields["kind"] == "HTTP_STATUS_CODE")
    }

    @Test("An Android log, a log with nothing usable and one too large are refused with a clear error")
    func refusals() async throws {
        let android = """
            2023-07-24 19:07:52.099  8089-8916  AppsFlyer_6.12.1                   D  AppsFlyer: first launch detected
            2023-07-24 19:07:52.389  8089-8901  AppsFlyer_6.12.1                   D  HTTP: [162777571] response code:200 OK
            """
        do {
            _ = try await Self.imported(android)
            Issue.record("an Android log was imported")
        } catch {
            guard case .androidLog(let line, let excerpt) = error else {
                Issue.record("expected androidLog, got \(error)")
                return
            }
            #expect(line == 1)
            #expect(excerpt.contains("AppsFlyer_6.12.1"))
            #expect(error.description.contains("this is an Android SDK log"))
        }
        await #expect(
            throws: LogImportError.nothingUsable(
                lines: 2,
                seen: "seen: 2 lines of the app's or other libraries', the first line 1: `my app started`")
        ) {
            try await Self.imported("my app started\nmy app: hello")
        }
        await #expect(throws: LogImportError.nothingUsable(lines: 1, seen: "seen: 1 blank line")) {
            try await Self.imported("")
        }
        let huge = String(repeating: "x", count: SDKLogImporter.maximumBytes + 1)
        await #expect(
            throws: LogImportError.tooLarge(
                bytes: SDKLogImporter.maximumBytes + 1, limit: SDKLogImporter.maximumBytes)
        ) {
            try await Self.imported(huge)
        }
    }

    @Test(
        "A log whose lines give no scenario that decodes is refused with the reason, never written (fuzz finds)",
        arguments: ["invalid-scenario-conversion-data-before-start", "invalid-scenario-ci-find"])
    func noValidScenario(input: String) async throws {
        let file = Fixtures.packageRoot.appendingPathComponent("Fuzz/regressions/log-import/\(input)")
        let log = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        for attempt in 0..<2 {
            do {
                let imported =
                    attempt == 0
                    ? try await SDKLogImporter(name: "fuzz").importLog(log)
                    : try SDKLogImporter(name: "fuzz").draft(log)
                _ = try Scenario(document: imported.scenario, file: "fuzz.json")
            } catch let error as LogImportError {
                guard case .noValidScenario(let reason) = error else {
                    Issue.record("expected noValidScenario, got \(error)")
                    continue
                }
                #expect(!reason.isEmpty && reason.count <= 200)
                #expect(error.description.count <= 400)
                #expect(error.description.contains("no scenario that replays"))
            }
        }
    }

    @Test("A dictionary printout reads back what the emulator's log writes: scalars as strings, nesting kept")
    func dictionaryRoundTrip() throws {
        let value: AttributionValue = [
            "af_status": "Non-organic", "campaign": "spring sale", "quote": "say \"hi\"", "empty": "",
            "nested": ["type": "unhashed", "value": "00000000-0000-0000-0000-000000000001"],
            "list": ["a", "b c"],
            "flag": true, "count": 3, "none": .null,
        ]
        let printed = PlistDescription.render(value)
        #expect(printed.contains("    \"af_status\" = \"Non-organic\";"))
        #expect(printed.contains("    nested =     {"))
        let read = try #require(PlistDescription.parse(Substring(printed)))
        #expect(read["campaign"] == "spring sale")
        #expect(read["quote"] == "say \"hi\"")
        #expect(read["empty"] == "")
        #expect(read["nested"]?["type"] == "unhashed")
        #expect(read["list"] == ["a", "b c"])
        #expect(read["flag"] == "1")
        #expect(read["count"] == "3")
        #expect(read["none"] == .null)
        #expect(PlistDescription.parse("{ a = 1; ") == nil)
        #expect(PlistDescription.parse(Substring(String(repeating: "{a=", count: 100))) == nil)
    }
}
