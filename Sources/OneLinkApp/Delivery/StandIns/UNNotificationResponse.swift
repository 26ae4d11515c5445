public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNNotificationResponse`: the user's tap on a notification.
    ///
    /// The push payload is `response.notification.request.content.userInfo`, as on iOS.
    open class UNNotificationResponse: NSObject {
        /// The identifier of the default action: the user tapped the notification itself.
        public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

        /// The notification that was tapped.
        public let notification: UNNotification
        /// Which action the user chose; ``defaultActionIdentifier`` for a plain tap.
        public let actionIdentifier: String

        /// Creates a response.
        public init(
            notification: UNNotification,
            actionIdentifier: String = UNNotificationResponse.defaultActionIdentifier
        ) {
            self.notification = notification
            self.actionIdentifier = actionIdentifier
            super.init()
        }
    }
#endif
