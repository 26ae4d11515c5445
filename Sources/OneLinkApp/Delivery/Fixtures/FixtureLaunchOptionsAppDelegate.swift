import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// An app delegate that reads links and push taps from the launch options, the running-app entry points, or both.
    ///
    /// Reading the launch options only works on a cold start: while the app
    /// runs, UIKit calls `open`, `continue` or the notification center
    /// delegate instead. Reading both forwards a cold start's link twice,
    /// because UIKit calls `open`/`continue` (and, for a push tap, the
    /// notification center delegate) after `didFinishLaunching` as well.
    final class FixtureLaunchOptionsAppDelegate: NSObject, UIApplicationDelegate,
        UNUserNotificationCenterDelegate
    {
        /// Where push taps are read from.
        enum PushSource {
            /// Only `launchOptions[.remoteNotification]`.
            case launchOptions
            /// Only the notification center delegate.
            case notificationCenter
            /// Both.
            case both
        }

        private let readsLaunchLinks: Bool
        private let forwardsRunningLinks: Bool
        private let pushSource: PushSource

        init(readsLaunchLinks: Bool, forwardsRunningLinks: Bool, pushSource: PushSource) {
            self.readsLaunchLinks = readsLaunchLinks
            self.forwardsRunningLinks = forwardsRunningLinks
            self.pushSource = pushSource
        }

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            if pushSource != .launchOptions { UNUserNotificationCenter.current().delegate = self }
            if pushSource != .notificationCenter,
                let push = launchOptions?[.remoteNotification] as? [AnyHashable: Any]
            {
                AppsFlyerLib.shared().handlePushNotification(push)
            }
            guard readsLaunchLinks else { return true }
            if let url = launchOptions?[.url] as? URL {
                AppsFlyerLib.shared().handleOpen(
                    url, sourceApplication: launchOptions?[.sourceApplication] as? String)
            }
            if let activities = launchOptions?[.userActivityDictionary] as? [String: Any],
                let activity = activities[UIApplication.LaunchOptionsKey.userActivityKeyInDictionary]
                    as? NSUserActivity
            {
                AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
            }
            return true
        }

        func application(
            _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
        ) -> Bool {
            guard forwardsRunningLinks else { return false }
            AppsFlyerLib.shared().handleOpen(url, sourceApplication: options[.sourceApplication] as? String)
            return true
        }

        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            guard forwardsRunningLinks else { return false }
            return AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
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
