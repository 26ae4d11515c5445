public import Foundation
public import OneLinkEmulator

#if !canImport(UIKit)
    extension UIScene {
        /// A stand-in for `UIScene.ConnectionOptions`: why UIKit created the scene, passed to `scene(_:willConnectTo:options:)`.
        ///
        /// When a link launches an app that uses scenes, this is the only
        /// place the link is handed over: `scene(_:openURLContexts:)` and
        /// `scene(_:continue:)` are only called while the app is running.
        @MainActor
        public final class ConnectionOptions: NSObject {
            /// The URLs to open (URI-scheme launches); empty when there are none.
            public let urlContexts: Set<UIOpenURLContext>
            /// The user activities to continue (universal-link launches); empty when there are none.
            public let userActivities: Set<NSUserActivity>
            /// The notification the user tapped to launch the app, if any.
            public let notificationResponse: UNNotificationResponse?
            /// The bundle ID of the app that asked to open a URL, if any.
            public let sourceApplication: String?

            /// Creates connection options; UIKit does this, the emulator does it here.
            public init(
                urlContexts: Set<UIOpenURLContext> = [], userActivities: Set<NSUserActivity> = [],
                notificationResponse: UNNotificationResponse? = nil, sourceApplication: String? = nil
            ) {
                self.urlContexts = urlContexts
                self.userActivities = userActivities
                self.notificationResponse = notificationResponse
                self.sourceApplication = sourceApplication
                super.init()
            }
        }
    }
#endif
