import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

/// The call paths in `Docs/architecture.md` are recorded through the SDK's trace seam
/// (``CallTrace``), not walked by hand.
@Suite("Docs/architecture.md: the first-launch and warm-link call paths", .timeLimit(.minutes(1)))
struct CallPathTraceTests {
    static let marker =
        "<!-- call paths: computed by Tests/OneLinkEmulatorTests/SDK/CallPathTraceTests.swift -->"

    /// The first launch (`start()` to its callbacks) and then a warm universal link
    /// (`continue(_:restorationHandler:)` to `didResolveDeepLink`), in UDL mode with a short link,
    /// each as the hops the SDK recorded.
    static func tracedPaths() async -> (firstLaunch: [String], warmLink: [String]) {
        let trace = CallTrace()
        let fixture = CallTrace.$tracing.withValue(trace) {
            SDKFixture(links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], udl: true)
        }
        start(fixture.sdk)
        await fixture.sdk.waitUntilIdle()
        let firstLaunch = trace.recorded
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
        fixture.sdk.continue(activity, restorationHandler: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(
            fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess", "didResolveDeepLink"])
        #expect(fixture.delegate.deepLinks.last?.deeplinkValue == "apples")
        return (firstLaunch, Array(trace.recorded.dropFirst(firstLaunch.count)))
    }

    /// Calls `start()` as app code does, from synchronous code (an async caller gets the `async` overload).
    static func start(_ sdk: AppsFlyerLib) {
        sdk.start()
    }

    /// The block as `Docs/architecture.md` shows it: each path's hop count, the files it goes
    /// through, and its hops in order.
    static func block(firstLaunch: [String], warmLink: [String]) -> String {
        var lines: [String] = []
        for (title, hops) in [
            ("first launch, start() to the callbacks", firstLaunch),
            ("warm universal link, continue(_:restorationHandler:) to didResolveDeepLink", warmLink),
        ] {
            var files: [String] = []
            for hop in hops {
                let file = String(hop.prefix { $0 != ":" })
                if !files.contains(file) { files.append(file) }
            }
            lines.append(
                "\(title): \(hops.count) hops in \(files.count) files (\(files.joined(separator: ", ")))")
            lines += hops.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The fenced block after the marker in `Docs/architecture.md`.
    static func documentedBlock() throws -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent("Docs/architecture.md"), encoding: .utf8)
        guard let marker = text.range(of: marker) else { return nil }
        let rest = text[marker.upperBound...]
        guard let open = rest.range(of: "```\n"), let close = rest[open.upperBound...].range(of: "\n```")
        else { return nil }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test("Docs/architecture.md shows the hops the SDK records (the failure prints the block to paste)")
    func documentedPaths() async throws {
        let (firstLaunch, warmLink) = await Self.tracedPaths()
        #expect(firstLaunch.first == "AppsFlyerLib.swift: start")
        #expect(warmLink.first == "AppsFlyerLib.swift: continue")
        let block = Self.block(firstLaunch: firstLaunch, warmLink: warmLink)
        #expect(try Self.documentedBlock() == block, "\n\(Self.marker)\n```\n\(block)\n```")
    }

    @Test("an SDK made with no trace bound keeps none")
    func untracedSDK() async {
        let trace = CallTrace()
        let fixture = SDKFixture()
        await CallTrace.$tracing.withValue(trace) { await fixture.sdk.perform(.start) }
        #expect(trace.recorded.isEmpty)
    }
}
