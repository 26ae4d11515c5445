public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    extension UIScene {
        /// A stand-in for `UIScene.OpenURLOptions`: how a URL handed to a scene is to be opened.
        @MainActor
        public final class OpenURLOptions: NSObject {
            /// The bundle ID of the app that asked to open the URL, if any.
            public let sourceApplication: String?
            /// Whether a file URL must be opened in place.
            public let openInPlace: Bool

            /// Creates options.
            public init(sourceApplication: String? = nil, openInPlace: Bool = false) {
                self.sourceApplication = sourceApplication
                self.openInPlace = openInPlace
                super.init()
            }
        }
    }
#endif
