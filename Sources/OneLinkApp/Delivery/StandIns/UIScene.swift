public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UIScene`: one instance of the app's user interface.
    ///
    /// The emulator makes one per emulated process and passes it to the
    /// ``UISceneDelegate`` methods; it carries no behaviour.
    @MainActor
    open class UIScene: NSObject {
        /// The session the scene belongs to.
        public let session: UISceneSession

        /// Creates a scene for a session.
        public init(session: UISceneSession) {
            self.session = session
            super.init()
        }
    }
#endif
