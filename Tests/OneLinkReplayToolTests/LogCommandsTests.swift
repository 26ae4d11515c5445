import Foundation
import Testing

/// `onelink-replay device-log` and `import-log` as a user runs them: a scenario's device log, imported and replayed.
@Suite(.timeLimit(.minutes(5))) struct LogCommandsTests {
    func run(_ arguments: [String]) async throws -> ToolOutcome {
        await tool(arguments)
    }

    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("log-commands-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("device-log prints Xcode-shaped lines; import-log turns them into a scenario that run passes")
    func deviceLogImportRun() async throws {
        let logged = try await run([
            "device-log",
            Fixtures.scenarios.appendingPathComponent("rule-05-udl-deferred-and-direct.json").path,
        ])
        #expect(logged.status == 0, "\(logged.errors)")
        #expect(
            logged.output.hasPrefix("2020-08-12 15:08:00.000000+0000 OneLinkEmulator[1:1] [AppsFlyerSDK] "))
        #expect(logged.output.contains("[DDL] Calling didResolveDeepLink with: {"))
        let log = try temporaryFile("device.log", logged.output)
        let scenario = log + ".json"
        let imported = try await run(["import-log", log, "-o", scenario, "--name=from the device log"])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.isEmpty)
        #expect(imported.errors.contains("SDK lines read, 0 other lines skipped"))
        let replayed = try await run(["run", scenario])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.output.contains("PASS from the device log"))
    }

    @Test("import-log refuses an Android log, a missing file and no file, with exit status 2")
    func refusals() async throws {
        let android = try temporaryFile(
            "android.log",
            "12-30 15:47:39.927 14512-14902/com.example I/AppsFlyer_6.1.0: url: https://x/androidevent?\n")
        let refused = try await run(["import-log", android])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("this is an Android SDK log"))
        let missing = try await run(["import-log", "/nonexistent/device.log"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("/nonexistent/device.log"))
        let none = try await run(["import-log"])
        #expect(none.status == 2)
        #expect(none.errors.contains("expected a log file"))
        let help = try await run(["import-log", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("USAGE: onelink-replay import-log"))
    }

    @Test("import-log --output=FILE and -o FILE write the same scenario; device-log reads --profile=VALUE")
    func equalsForms() async throws {
        let logged = try await run([
            "device-log", "--profile=documented",
            Fixtures.scenarios.appendingPathComponent("rule-03-organic.json").path,
        ])
        #expect(logged.status == 0, "\(logged.errors)")
        let log = try temporaryFile("device.log", logged.output)
        let short = try await run(["import-log", log, "-o", log + ".short.json"])
        let long = try await run(["import-log", "--output=\(log).long.json", log])
        #expect(short.status == 0)
        #expect(long.status == 0)
        #expect(
            try String(contentsOfFile: log + ".short.json", encoding: .utf8)
                == String(contentsOfFile: log + ".long.json", encoding: .utf8))
        let twoLogs = try await run(["import-log", log, log])
        #expect(twoLogs.status == 2)
        #expect(twoLogs.errors.hasPrefix("onelink-replay import-log: unexpected argument "))
        let noValue = try await run(["import-log", log, "--output"])
        #expect(noValue.status == 2)
        #expect(noValue.errors.hasPrefix("onelink-replay import-log: --output needs a value\n\nUSAGE: "))
    }
}
