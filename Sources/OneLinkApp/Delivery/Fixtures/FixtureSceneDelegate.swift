import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The scene delegate of every bundled scene wiring: correct, or with the one mistake its fixture names.
    ///
    /// The correct one forwards links from the connection options on a cold
    /// start, and from `openURLContexts` and `continue` while the app runs;
    /// push taps are the app delegate's.
    final class FixtureSceneDelegate: NSObject, UIWindowSceneDelegate, UNUserNotificationCenterDelegate {
        /// What the scene delegate gets wrong.
        enum Mistake {
            /// It reads nothing in `willConnectTo`, so the link that launched the app is lost.
            case readsNothingOnConnect
            /// It forwards each link and also hands it to the app delegate's old handler, which forwards it
            /// again: a common result of moving to scenes while keeping the old `application(_:open:options:)`
            /// and `application(_:continue:restorationHandler:)` code as the shared handler.
            case forwardsTwice
            /// It also forwards `connectionOptions.notificationResponse`, while the app delegate's
            /// notification center delegate forwards the same tap.
            case forwardsConnectionPushTap
            /// It becomes the notification center delegate in `willConnectTo`, after the app finished
            /// launching: Apple's `UNUserNotificationCenter.delegate` must be set "before your app finishes
            /// launching", so the tap that launched the app is missed; taps while it runs arrive.
            case centerDelegateInWillConnect
        }

        private let mistake: Mistake?
        /// The app delegate's handlers, which the mistakes call too; made on first use, as most scene launches never call them.
        private lazy var legacy = FixtureAppDelegate(links: .entryPoints, pushTaps: .entryPoints)
        private lazy var application = UIApplication()

        init(mistake: Mistake? = nil) {
            self.mistake = mistake
        }

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            if mistake == .centerDelegateInWillConnect {
                UNUserNotificationCenter.current().delegate = self
            }
            guard mistake != .readsNothingOnConnect else { return }
            for activity in connectionOptions.userActivities { self.scene(scene, continue: activity) }
            if !connectionOptions.urlContexts.isEmpty {
                self.scene(scene, openURLContexts: connectionOptions.urlContexts)
            }
            if mistake == .forwardsConnectionPushTap,
                let response = connectionOptions.notificationResponse
            {
                AppsFlyerLib.shared().handlePushNotification(response.notification.request.content.userInfo)
            }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts {
                AppsFlyerLib.shared().handleOpen(
                    context.url, sourceApplication: context.options.sourceApplication)
                if mistake == .forwardsTwice {
                    _ = legacy.application(application, open: context.url, options: [:])
                }
            }
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
            if mistake == .forwardsTwice {
                _ = legacy.application(application, continue: userActivity) { _ in }
            }
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            legacy.userNotificationCenter(
                center, didReceive: response, withCompletionHandler: completionHandler)
        }
    }
#endif
