import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The correct scene delegate: links from the connection options on a cold start, from `openURLContexts` and `continue` after.
    final class FixtureSceneDelegate: NSObject, UIWindowSceneDelegate {
        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            for activity in connectionOptions.userActivities {
                AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
            }
            for context in connectionOptions.urlContexts {
                AppsFlyerLib.shared().handleOpen(
                    context.url, sourceApplication: context.options.sourceApplication)
            }
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
#endif
