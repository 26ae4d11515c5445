import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkSupport
import Testing

/// An app delegate as modern apps write it: `@MainActor`, and the SDK's delegates itself.
///
/// It sets itself as both SDK delegates in `didFinishLaunching`, so the wiring check's SDK calls
/// app code. Called off the main actor, its `@preconcurrency` witnesses would trap.
@MainActor
final class MainActorLinkAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate,
    @preconcurrency AppsFlyerLibDelegate, @preconcurrency AppsFlyerDeepLinkDelegate
{
    static let received = Locked<[String]>([])

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        AppsFlyerLib.shared().delegate = self
        AppsFlyerLib.shared().deepLinkDelegate = self
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

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        Self.received.withLock { $0.append("onConversionDataSuccess") }
    }

    func onConversionDataFail(_ error: any Error) {
        Self.received.withLock { $0.append("onConversionDataFail") }
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        Self.received.withLock { $0.append("didResolveDeepLink \(result.deepLink?.deeplinkValue ?? "-")") }
    }
}

@Suite("The wiring check with a @MainActor app delegate", .timeLimit(.minutes(5)))
@MainActor
struct MainActorWiringTests {
    @Test("Every path reaches a @MainActor delegate that the app set itself, on the main actor, with no trap")
    func mainActorDelegate() async throws {
        let wiring = AppWiring.appDelegate("main-actor app delegate") { MainActorLinkAppDelegate() }
        let report = await WiringCheck().run(wiring)
        #expect(report.passed, "\(report)")
        let received = MainActorLinkAppDelegate.received.value
        let links = received.filter { $0.hasPrefix("didResolveDeepLink") && !$0.hasSuffix(" -") }
        #expect(links.count == report.rows.count)
    }
}
