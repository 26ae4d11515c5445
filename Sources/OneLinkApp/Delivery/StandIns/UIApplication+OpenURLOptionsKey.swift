import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    extension UIApplication {
        /// A stand-in for `UIApplication.OpenURLOptionsKey`: the keys of the `application(_:open:options:)` dictionary.
        ///
        /// Raw values are UIKit's strings; `AppsFlyerLib.handleOpen(_:options:)`
        /// reads the source application from a dictionary keyed by these keys
        /// or by their raw values.
        public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
            /// UIKit's name of the key.
            public var rawValue: String

            /// Creates a key from UIKit's name.
            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// The bundle ID of the app that asked to open the URL.
            public static let sourceApplication = OpenURLOptionsKey(
                rawValue: LaunchClassification.openURLSourceApplicationKey)
            /// The annotation a document interaction controller attached.
            public static let annotation = OpenURLOptionsKey(
                rawValue: LaunchClassification.openURLAnnotationKey)
            /// Whether a file URL must be opened in place.
            public static let openInPlace = OpenURLOptionsKey(
                rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
        }
    }
#endif
