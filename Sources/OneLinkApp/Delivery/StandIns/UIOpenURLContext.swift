public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UIOpenURLContext`: one URL handed to a scene, with its options.
    @MainActor
    open class UIOpenURLContext: NSObject {
        /// The URL to open.
        public let url: URL
        /// How to open it.
        public let options: UIScene.OpenURLOptions

        /// Creates a context.
        public init(url: URL, options: UIScene.OpenURLOptions = UIScene.OpenURLOptions()) {
            self.url = url
            self.options = options
            super.init()
        }
    }
#endif
