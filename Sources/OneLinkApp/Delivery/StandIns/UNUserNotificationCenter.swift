public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UserNotifications' `UNUserNotificationCenter`: where the app registers the delegate that receives push taps.
    ///
    /// ``current()`` returns the center of the emulated process running the
    /// calling code (bound by ``withCurrent(_:operation:)``), else one
    /// process-wide center. The emulator reads ``delegate`` when it delivers a
    /// tap, so a delegate assigned after launch misses the launch's tap, as on iOS.
    @MainActor
    public final class UNUserNotificationCenter: NSObject {
        @TaskLocal static var taskCurrent: UNUserNotificationCenter?
        private static let processCurrent = UNUserNotificationCenter()

        /// The object that receives push taps; held weakly, as on iOS.
        public weak var delegate: (any UNUserNotificationCenterDelegate)?

        /// Creates a center with no delegate; the emulator makes one per emulated process.
        override public init() {
            super.init()
        }

        /// The notification center of the calling code's emulated process.
        public static func current() -> UNUserNotificationCenter {
            taskCurrent ?? processCurrent
        }

        /// Runs `operation` with ``current()`` returning `center`.
        public static func withCurrent<Result>(
            _ center: UNUserNotificationCenter, operation: () throws -> Result
        ) rethrows -> Result {
            try $taskCurrent.withValue(center, operation: operation)
        }
    }
#endif
