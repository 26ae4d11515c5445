public import Foundation
public import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UISceneDelegate`, with the three methods that receive links.
    ///
    /// Every method defaults to doing nothing, as UIKit's are optional.
    @MainActor
    public protocol UISceneDelegate: NSObjectProtocol {
        /// Called when the scene is created: on a cold launch, the only place a link that launched the app is handed over.
        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions)

        /// Asks the scene to open URLs (URI scheme) while the app is running.
        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)

        /// Asks the scene to continue a user activity, such as a universal link, while the app is running.
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    }

    extension UISceneDelegate {
        /// Default: nothing is read from the connection options.
        public func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {}

        /// Default: the URLs are ignored.
        public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}

        /// Default: the activity is ignored.
        public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    }

    /// A stand-in for UIKit's `UIWindowSceneDelegate`: the scene delegate of a window scene, as app templates declare it.
    @MainActor
    public protocol UIWindowSceneDelegate: UISceneDelegate {}
#endif
