import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The app delegate of a scene or SwiftUI app: it only registers for push taps, which no scene method receives.
    final class FixturePushOnlyAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate
    {
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
#endif
