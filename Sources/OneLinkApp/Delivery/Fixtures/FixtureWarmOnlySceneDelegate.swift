import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Mistake: a scene delegate that reads nothing in `willConnectTo`, so the link that launched the app is lost.
    final class FixtureWarmOnlySceneDelegate: NSObject, UIWindowSceneDelegate {
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
