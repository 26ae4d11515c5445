public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNNotification`: a delivered notification.
    open class UNNotification: NSObject {
        /// The request that produced it.
        public let request: UNNotificationRequest
        /// When it was delivered.
        public let date: Date

        /// Creates a notification.
        public init(request: UNNotificationRequest, date: Date = Date(timeIntervalSince1970: 0)) {
            self.request = request
            self.date = date
            super.init()
        }
    }
#endif
