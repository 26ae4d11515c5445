public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UISceneSession`: the persistent record of a scene.
    @MainActor
    open class UISceneSession: NSObject {
        /// An identifier that stays the same for the session's lifetime.
        public var persistentIdentifier: String {
            if let identifier { return identifier }
            let drawn = UUID.randomIdentifierString()
            identifier = drawn
            return drawn
        }

        /// The identifier, or `nil` until the first read of a session made by the emulator.
        private var identifier: String?

        /// Creates a session.
        public init(persistentIdentifier: String = UUID.randomIdentifierString()) {
            identifier = persistentIdentifier
            super.init()
        }

        /// Creates a session whose random identifier is drawn when first read: most emulated launches never read it.
        init(drawingIdentifierOnFirstRead: Void) {
            super.init()
        }
    }
#endif
