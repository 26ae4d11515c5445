public import Foundation
public import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UIApplicationDelegate`, with the three methods that receive links.
    ///
    /// Every method has a default (as UIKit's are optional):
    /// `didFinishLaunchingWithOptions` returns `true`, the others do nothing
    /// and return `false`. A method whose signature differs from these is not
    /// an implementation and is never called, exactly as on iOS.
    @MainActor
    public protocol UIApplicationDelegate: NSObjectProtocol {
        /// Called once per process launch, with the options describing why the app was launched.
        ///
        /// Returning `false` for a URL or user-activity launch stops UIKit
        /// from calling `application(_:open:options:)` or
        /// `application(_:continue:restorationHandler:)` for it.
        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool

        /// Asks the app to open a URL (URI scheme); not called for apps that use scenes.
        func application(
            _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
        ) -> Bool

        /// Asks the app to continue a user activity, such as a universal link; not called for apps that use scenes.
        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
        ) -> Bool
    }

    extension UIApplicationDelegate {
        /// Default: launching succeeds.
        public func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            true
        }

        /// Default: the URL is not handled.
        public func application(
            _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
        ) -> Bool {
            false
        }

        /// Default: the activity is not handled.
        public func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            false
        }
    }
#endif
