import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

/// The wiring check's URI-scheme paths open the link the OneLink service hands an app from an in-app
/// browser or for `af_force_deeplink=true`, through every URI-scheme entry point.
@Suite(.timeLimit(.minutes(5))) struct WiringCheckForcedDeepLinkTests {
    @Test("a URI-scheme path opens af_dp carrying the link's parameters")
    func linkShape() throws {
        let path = DeliveryPath(.uriScheme, .foreground, .scenes)
        guard case .uriScheme(let url, let source) = WiringCheck().link(for: path) else {
            Issue.record("not a URI-scheme link")
            return
        }
        #expect(source == "com.apple.mobilesafari")
        let parsed = try LinkParser().parse(url.absoluteString)
        #expect(parsed.kind == .uriScheme)
        #expect(parsed.parameters["af_deeplink"] == "true")
        #expect(parsed.parameters["af_dp"] == "wiringcheck://open")
        #expect(parsed.parameters["media_source"] == "wiring_check")
        #expect(parsed.parameters["deep_link_value"] == .string(WiringCheck.token(for: path)))
    }

    @Test("every URI-scheme entry point of the correct wirings hands the SDK the forced deep link once")
    @MainActor
    func everyEntryPoint() async {
        let report = await WiringCheck().run(WiringFixture.allCases.filter(\.isCorrect).map(\.wiring))
        let rows = report.rows.filter { $0.path.kind == .uriScheme }
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(row.verdict == .exactlyOnce, "\(row.wiring) \(row.path): \(row.received)")
        }
        let entryPoints = Set(rows.flatMap(\.entryPoints))
        for entryPoint: EntryPoint in [
            .didFinishLaunching, .openURL, .sceneWillConnect, .sceneOpenURLContexts, .onOpenURL,
        ] {
            #expect(entryPoints.contains(entryPoint), "\(entryPoint.rawValue) never called")
        }
    }
}
