public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UISceneSession`: the persistent record of a scene.
    @MainActor
    open class UISceneSession: NSObject {
        /// An identifier that stays the same for the session's lifetime.
        public let persistentIdentifier: String

        /// Creates a session.
        public init(persistentIdentifier: String = UUID.randomIdentifierString()) {
            self.persistentIdentifier = persistentIdentifier
            super.init()
        }
    }
#endif
