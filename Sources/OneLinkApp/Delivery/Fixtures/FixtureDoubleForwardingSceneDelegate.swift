import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Mistake: a scene delegate that forwards each link to the SDK and also to the app delegate's handler, which forwards it again.
    ///
    /// A common result of moving to scenes while keeping the old
    /// `application(_:continue:restorationHandler:)` and
    /// `application(_:open:options:)` code as the shared handler.
    final class FixtureDoubleForwardingSceneDelegate: NSObject, UIWindowSceneDelegate {
        private let legacy = FixtureAppDelegate()
        private let application = UIApplication()

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            for activity in connectionOptions.userActivities { self.scene(scene, continue: activity) }
            if !connectionOptions.urlContexts.isEmpty {
                self.scene(scene, openURLContexts: connectionOptions.urlContexts)
            }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts {
                AppsFlyerLib.shared().handleOpen(
                    context.url, sourceApplication: context.options.sourceApplication)
                _ = legacy.application(application, open: context.url, options: [:])
            }
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            AppsFlyerLib.shared().continue(userActivity, restorationHandler: nil)
            _ = legacy.application(application, continue: userActivity) { _ in }
        }
    }
#endif
