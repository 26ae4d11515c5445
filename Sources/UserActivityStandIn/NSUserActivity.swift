public import Foundation

// Foundation on Linux has no NSUserActivity. This module holds a stand-in, and only that, so a file
// that handles user activities compiles on Linux without importing the SDK. Package.swift declares
// it only on hosts without Darwin; on Apple platforms Foundation's class is the only one. The SDK
// module's `NSUserActivity` is a type alias of this class, so files that see both see one type.
// See Docs/sdk-versions.md.

#if !canImport(Darwin)
    /// A stand-in for Foundation's `NSUserActivity`, which Foundation on Linux does not have.
    ///
    /// It holds what app code and the SDK read from a universal-link activity:
    /// the type, the web page URL and the user info.
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
