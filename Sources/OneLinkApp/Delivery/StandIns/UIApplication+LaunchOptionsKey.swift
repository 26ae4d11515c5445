import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    extension UIApplication {
        /// A stand-in for `UIApplication.LaunchOptionsKey`: the keys of the `didFinishLaunchingWithOptions` dictionary.
        ///
        /// Only the keys a link, URL or push launch carries are defined; raw
        /// values are UIKit's strings, taken from ``OneLinkApp/LaunchOptionsKey``
        /// so each is spelled once. The ``userActivityDictionary`` value is a
        /// dictionary holding the activity type under
        /// ``userActivityTypeKeyInDictionary`` and the `NSUserActivity` under
        /// ``userActivityKeyInDictionary``, as on iOS.
        public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
            /// UIKit's name of the key.
            public var rawValue: String

            /// Creates a key from UIKit's name.
            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// The URL the app was launched to open (URI scheme).
            public static let url = LaunchOptionsKey(rawValue: OneLinkApp.LaunchOptionsKey.url.rawValue)
            /// The bundle ID of the app that opened the URL.
            public static let sourceApplication = LaunchOptionsKey(
                rawValue: OneLinkApp.LaunchOptionsKey.sourceApplication.rawValue)
            /// The payload of the remote notification the user tapped.
            public static let remoteNotification = LaunchOptionsKey(
                rawValue: OneLinkApp.LaunchOptionsKey.remoteNotification.rawValue)
            /// A dictionary describing the user activity (such as a universal link) the app was launched to continue.
            public static let userActivityDictionary = LaunchOptionsKey(
                rawValue: OneLinkApp.LaunchOptionsKey.userActivityDictionary.rawValue)
            /// The type of the user activity the app was launched to continue.
            public static let userActivityType = LaunchOptionsKey(
                rawValue: OneLinkApp.LaunchOptionsKey.userActivityType.rawValue)

            /// The key of the activity type inside the ``userActivityDictionary`` value.
            public static let userActivityTypeKeyInDictionary = userActivityType.rawValue
            /// The key of the `NSUserActivity` inside the ``userActivityDictionary`` value.
            public static let userActivityKeyInDictionary = "UIApplicationLaunchOptionsUserActivityKey"
        }
    }
#endif
