import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The correct app delegate of an app without scenes: links from `open` and `continue`, push taps from the notification center delegate.
    ///
    /// It reads nothing from the launch options: on a cold start UIKit calls
    /// `open` or `continue` after `didFinishLaunching`, so reading the options
    /// too would forward the link twice.
    final class FixtureAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
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
            let source = options[.sourceApplication] as? String
            AppsFlyerLib.shared().handleOpen(url, sourceApplication: source)
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
#endif
