import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The app delegate of every bundled wiring: where it reads links and push taps from is set per fixture.
    ///
    /// The correct app delegate of an app without scenes reads links from `open`
    /// and `continue`, push taps from the notification center delegate, and
    /// nothing from the launch options: on a cold start UIKit calls `open`,
    /// `continue` or the notification center delegate after
    /// `didFinishLaunching`, so reading the options too forwards the link twice,
    /// and reading only the options loses every link that arrives while the app runs.
    /// The app delegate of a scene or SwiftUI app reads push taps only, since no
    /// scene method receives them.
    final class FixtureAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
        /// Where the delegate reads links or push taps from.
        struct Sources: OptionSet {
            let rawValue: Int

            /// The launch options of `didFinishLaunchingWithOptions` (`.url`, `.userActivityDictionary`,
            /// `.remoteNotification`): a cold start only.
            static let launchOptions = Sources(rawValue: 1 << 0)
            /// The running app's entry points: `open` and `continue` for links; for push taps, the
            /// notification center delegate, which the delegate becomes in `didFinishLaunchingWithOptions`.
            static let entryPoints = Sources(rawValue: 1 << 1)
        }

        private let links: Sources
        private let pushTaps: Sources

        init(links: Sources, pushTaps: Sources) {
            self.links = links
            self.pushTaps = pushTaps
        }

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            if pushTaps.contains(.entryPoints) { UNUserNotificationCenter.current().delegate = self }
            if pushTaps.contains(.launchOptions),
                let push = launchOptions?[.remoteNotification] as? [AnyHashable: Any]
            {
                AppsFlyerLib.shared().handlePushNotification(push)
            }
            guard links.contains(.launchOptions) else { return true }
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
            guard links.contains(.entryPoints) else { return false }
            AppsFlyerLib.shared().handleOpen(url, sourceApplication: options[.sourceApplication] as? String)
            return true
        }

        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            guard links.contains(.entryPoints) else { return false }
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
