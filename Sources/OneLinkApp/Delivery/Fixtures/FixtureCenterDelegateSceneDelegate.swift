import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Mistake: a correct scene delegate that becomes the notification center delegate in `willConnectTo`, after the app finished launching.
    ///
    /// Apple's `UNUserNotificationCenter.delegate` must be set "before your app
    /// finishes launching": the tap that launched the app is missed; taps
    /// while it runs arrive.
    final class FixtureCenterDelegateSceneDelegate: NSObject, UIWindowSceneDelegate,
        UNUserNotificationCenterDelegate
    {
        private let links = FixtureSceneDelegate()
        private let push = FixturePushOnlyAppDelegate()

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            UNUserNotificationCenter.current().delegate = self
            links.scene(scene, willConnectTo: session, options: connectionOptions)
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            links.scene(scene, openURLContexts: URLContexts)
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            links.scene(scene, continue: userActivity)
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            push.userNotificationCenter(
                center, didReceive: response, withCompletionHandler: completionHandler)
        }
    }
#endif
