import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Mistake: a correct scene delegate that also forwards `connectionOptions.notificationResponse`, while the app delegate's notification center delegate forwards the same tap.
    final class FixturePushReadingSceneDelegate: NSObject, UIWindowSceneDelegate {
        private let links = FixtureSceneDelegate()

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            links.scene(scene, willConnectTo: session, options: connectionOptions)
            if let response = connectionOptions.notificationResponse {
                AppsFlyerLib.shared().handlePushNotification(response.notification.request.content.userInfo)
            }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            links.scene(scene, openURLContexts: URLContexts)
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            links.scene(scene, continue: userActivity)
        }
    }
#endif
