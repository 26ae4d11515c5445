public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNNotificationRequest`: a notification's identifier and content.
    open class UNNotificationRequest: NSObject {
        /// The request's identifier.
        public let identifier: String
        /// What the notification carries.
        public let content: UNNotificationContent

        /// Creates a request.
        public init(identifier: String, content: UNNotificationContent) {
            self.identifier = identifier
            self.content = content
            super.init()
        }
    }
#endif
