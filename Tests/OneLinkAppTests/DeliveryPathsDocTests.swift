import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

// The examples of Docs/delivery-paths.md, verbatim: DeliveryPathsDocTests checks that the doc's
// Swift blocks are this file's code, so every example compiles and the check example runs.

final class ShopAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        AppsFlyerLib.shared().handleOpen(url, sourceApplication: options[.sourceApplication] as? String)
        return true
    }

    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        AppsFlyerLib.shared().handlePushNotification(response.notification.request.content.userInfo)
        completionHandler()
    }
}

final class ShopSceneAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        AppsFlyerLib.shared().handlePushNotification(response.notification.request.content.userInfo)
        completionHandler()
    }
}

final class ShopSceneDelegate: NSObject, UIWindowSceneDelegate {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        for activity in connectionOptions.userActivities {
            AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
        }
        self.scene(scene, openURLContexts: connectionOptions.urlContexts)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts {
            AppsFlyerLib.shared().handleOpen(
                context.url, sourceApplication: context.options.sourceApplication)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
    }
}

@MainActor func shopRootView() -> SwiftUILinkHandlers {
    SwiftUILinkHandlers()
        .onOpenURL { url in AppsFlyerLib.shared().handleOpen(url, options: nil) }
}

@Test @MainActor func everyLinkReachesTheSDKExactlyOnce() async throws {
    try await WiringCheck().verify(
        .appDelegate("shop") { ShopAppDelegate() },
        .scenes(
            "shop with scenes", appDelegate: { ShopSceneAppDelegate() },
            sceneDelegate: { ShopSceneDelegate() }),
        .swiftUI("shop in SwiftUI", appDelegate: { ShopSceneAppDelegate() }) { shopRootView() })
}

@Suite("Docs/delivery-paths.md", .timeLimit(.minutes(5)))
struct DeliveryPathsDocTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of a text with surrounding whitespace removed, so indentation does not matter.
    static func trimmedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    @Test("every Swift block of the doc is code in this file, so it compiles")
    func examplesCompile() throws {
        let doc = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Docs/delivery-paths.md"), encoding: .utf8)
        let source = Self.trimmedLines(
            try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let blocks = doc.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        #expect(blocks.count == 4)
        for block in blocks {
            #expect(
                source.contains(Self.trimmedLines(block)), "not in DeliveryPathsDocTests.swift:\n\(block)")
        }
    }

    @Test("the doc names every fixture, entry point and stand-in")
    func namesMatchCode() throws {
        let doc = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Docs/delivery-paths.md"), encoding: .utf8)
        for fixture in WiringFixture.allCases { #expect(doc.contains("`\(fixture.rawValue)`"), "\(fixture)") }
        for entry in EntryPoint.allCases { #expect(doc.contains(entry.rawValue), "\(entry)") }
        for kind in DeliveryLinkKind.allCases { #expect(doc.contains("`\(kind.rawValue)`")) }
        for state in DeliveryAppState.allCases { #expect(doc.contains("`\(state.rawValue)`")) }
        for structure in AppStructure.allCases { #expect(doc.contains("`\(structure.rawValue)`")) }
    }

    @Test("the doc's example wirings fail nowhere, and its sample table is what the check prints")
    @MainActor
    func sampleTable() async throws {
        let doc = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Docs/delivery-paths.md"), encoding: .utf8)
        let report = await WiringCheck().run(WiringFixture.scenesReadNothingOnConnect.wiring)
        let lines = WiringCheckFailure(report: report).description.split(separator: "\n")
        for line in lines.prefix(6) { #expect(doc.contains(line + "\n"), "\(line)") }
    }
}
