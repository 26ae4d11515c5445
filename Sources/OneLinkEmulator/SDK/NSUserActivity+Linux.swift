import Foundation

#if !canImport(Darwin)
    /// A stand-in for Foundation's `NSUserActivity`, which Foundation on Linux does not have.
    ///
    /// It holds only what the SDK reads from a universal-link activity, so that
    /// app code calling `AppsFlyerLib.shared().continue(userActivity, restorationHandler:)`
    /// compiles on every platform. On Apple platforms the real class is used.
    open class NSUserActivity: NSObject {
        /// The activity's type, such as ``NSUserActivityTypeBrowsingWeb``.
        public let activityType: String
        /// The web page the activity continues: the universal link.
        open var webpageURL: URL?
        /// Extra activity data; the SDK does not read it.
        open var userInfo: [AnyHashable: Any]?

        /// Creates an activity of the given type.
        public init(activityType: String) {
            self.activityType = activityType
        }
    }

    /// The activity type of a web page continued in the app: a universal link.
    public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
#endif
