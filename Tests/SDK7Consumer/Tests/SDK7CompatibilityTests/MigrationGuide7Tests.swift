import Foundation
import OneLinkEmulator
import Testing

/// Docs/migrating-to-sdk7.md: its SDK 7 examples are compiled here, and the SDK 7 app they form runs.
@MainActor
@Suite("Docs/migrating-to-sdk7.md, SDK 7 side", .timeLimit(.minutes(5)))
struct MigrationGuide7Tests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("Every SDK 7 example in the guide is compiled here, verbatim")
    func examplesAreCompiled() throws {
        let guide = try String(
            contentsOf: Self.root.appendingPathComponent("Docs/migrating-to-sdk7.md"), encoding: .utf8)
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Tests/SDK7Consumer/Tests/SDK7CompatibilityTests/Migration7.swift"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst()
            .map { String($0.components(separatedBy: "```").first ?? "") }
            .filter { $0.hasPrefix("// SDK 7") }
        #expect(blocks.count >= 3)
        for block in blocks { #expect(compiled.contains(block), "not compiled:\n\(block)") }
    }

    @Test("SDK 7: the cold-start link resolves before the listener starts the session")
    func sdk7App() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            clock: clock, logSink: .recording())
        let options = AppsFlyerLib.launchOptions(
            universalLink: URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")!)
        let app = MigrationApp7()
        await AppsFlyerLib.withShared(sdk) {
            app.didFinishLaunching(launchOptions: options)
            sdk.handleOpen(URL(string: "afbasicapp://mainactivity?deep_link_value=pears"), options: nil)
            MigrationCalls7.configure()
            await sdk.waitUntilIdle()
        }
        #expect(app.fruits == ["apples", "pears"])
        #expect(sdk.sessionCount == 1)
        #expect(sdk.host == "example.com" && sdk.hostPrefix == "custom")
    }

    @Test("SDK 7: with a consent gate, start() waits for both the listener and the consent flow")
    func consentGate() async {
        let sdk = AppsFlyerLib(clock: ManualClock(), logSink: .recording())
        let gate = ConsentGate7()
        await AppsFlyerLib.withShared(sdk) {
            AppsFlyerLib.shared().initialize(devKey: "sQ84wpdxRTR4RMCaE9YqS4", appId: "1512793879")
            gate.register()
            await sdk.waitUntilIdle()
            #expect(sdk.isSessionReady())
            #expect(sdk.sessionCount == 0, "no session before consent")
            gate.consentFlowFinished()
            await sdk.waitUntilIdle()
        }
        #expect(sdk.sessionCount == 1)
    }
}
