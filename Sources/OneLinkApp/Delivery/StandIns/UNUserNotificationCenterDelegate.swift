public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNUserNotificationCenterDelegate`, with the method that receives push taps.
    @MainActor
    public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
        /// Called when the user taps a notification, whatever state the app was in, if the delegate was set in time.
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void)
    }

    extension UNUserNotificationCenterDelegate {
        /// Default: the tap is ignored and the completion handler called.
        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            completionHandler()
        }
    }
#endif
