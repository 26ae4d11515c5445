public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNNotificationContent`: what a notification carries.
    open class UNNotificationContent: NSObject {
        /// The push payload, as `AppsFlyerLib.handlePushNotification(_:)` takes it.
        public let userInfo: [AnyHashable: Any]

        /// Creates content.
        public init(userInfo: [AnyHashable: Any]) {
            self.userInfo = userInfo
            super.init()
        }
    }
#endif
