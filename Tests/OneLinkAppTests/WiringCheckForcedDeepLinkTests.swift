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

    @Test(
        "every path has its own token, description and link, each naming the path's kind, state and structure"
    )
    func everyPathsOwnLink() throws {
        let paths = AppStructure.allCases.flatMap { DeliveryPath.all(for: $0) }
        #expect(paths.count == 27)
        #expect(Set(paths).count == 27)
        for path in paths {
            let names = [path.kind.rawValue, path.state.rawValue, path.structure.rawValue]
            #expect(WiringCheck.token(for: path) == names.joined(separator: "-"))
            #expect(path.description == names.joined(separator: " / "))
            let url: URL
            switch WiringCheck().link(for: path) {
            case .universalLink(let link): url = link
            case .uriScheme(let link, _): url = link
            case .pushTap(let payload):
                #expect(payload["af"]?["deep_link_value"] == .string(WiringCheck.token(for: path)))
                continue
            }
            let parsed = try LinkParser().parse(url.absoluteString)
            #expect(parsed.kind == (path.kind == .uriScheme ? .uriScheme : .oneLink(template: "H5hv")))
            #expect(parsed.parameters["deep_link_value"] == .string(WiringCheck.token(for: path)))
        }
    }

    @Test("links follow the check's settings, also when they change after it was made")
    func linksFollowSettings() throws {
        let path = DeliveryPath(.uriScheme, .background, .appDelegate)
        var check = WiringCheck(uriScheme: "shop", sourceApplication: nil)
        guard case .uriScheme(let url, let source) = check.link(for: path) else {
            Issue.record("not a URI-scheme link")
            return
        }
        #expect(url.scheme == "shop")
        #expect(source == nil)
        check.uriScheme = "wiringcheck"
        check.sourceApplication = "com.apple.mobilesafari"
        check.universalLinkBase = "https://shop.onelink.me/Ab12"
        #expect(check.link(for: path) == WiringCheck().link(for: path))
        let universal = DeliveryPath(.universalLink, .foreground, .swiftUI)
        guard case .universalLink(let link) = check.link(for: universal) else {
            Issue.record("not a universal link")
            return
        }
        #expect(link.host == "shop.onelink.me")
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
