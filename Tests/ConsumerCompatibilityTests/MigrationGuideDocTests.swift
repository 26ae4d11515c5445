import Foundation
import OneLinkEmulator
import Testing

/// Docs/migrating-to-sdk7.md: its SDK 6 examples are compiled here, and the SDK 6 app they form runs.
@MainActor
@Suite("Docs/migrating-to-sdk7.md, SDK 6 side", .timeLimit(.minutes(5)))
struct MigrationGuideDocTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The guide's Swift examples whose first line starts with `prefix`.
    static func examples(startingWith prefix: String) throws -> [String] {
        let guide = try String(
            contentsOf: root.appendingPathComponent("Docs/migrating-to-sdk7.md"), encoding: .utf8)
        return guide.components(separatedBy: "```swift\n").dropFirst()
            .map { String($0.components(separatedBy: "```").first ?? "") }
            .filter { $0.hasPrefix(prefix) }
    }

    @Test("Every SDK 6 example in the guide is compiled here, verbatim; every example is SDK 6 or SDK 7")
    func examplesAreCompiled() throws {
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/ConsumerCompatibilityTests/Migration6.swift"),
            encoding: .utf8)
        let sdk6 = try Self.examples(startingWith: "// SDK 6")
        #expect(sdk6.count >= 2)
        for block in sdk6 { #expect(compiled.contains(block), "not compiled:\n\(block)") }
        let all = try Self.examples(startingWith: "")
        let sdk7 = try Self.examples(startingWith: "// SDK 7")
        #expect(all.count == sdk6.count + sdk7.count, "an example is marked neither // SDK 6 nor // SDK 7")
    }

    @Test("SDK 6: the URI-scheme link reaches onAppOpenAttribution after start() in didBecomeActive")
    func sdk6App() async {
        let sdk = AppsFlyerLib(clock: ManualClock(), logSink: .recording())
        sdk.trackingAuthorizationStatus = .authorized
        let app = MigrationApp6()
        await AppsFlyerLib.withShared(sdk) {
            app.didFinishLaunching()
            app.didBecomeActive()
            sdk.handleOpen(URL(string: "afbasicapp://mainactivity?deep_link_value=pears"), options: nil)
            MigrationCalls6.configure()
            await sdk.waitUntilIdle()
        }
        #expect(app.fruits == ["pears"])
        #expect(sdk.sessionCount == 1)
        #expect(sdk.host == "example.com" && sdk.hostPrefix == "custom")
    }
}
