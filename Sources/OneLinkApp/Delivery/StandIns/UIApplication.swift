public import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// A stand-in for UIKit's `UIApplication`, which only exists where UIKit does.
    ///
    /// It carries no behaviour: it is the first argument of the
    /// ``UIApplicationDelegate`` methods and the home of the launch-option and
    /// open-URL option keys, so that app-delegate code compiles on Linux and
    /// macOS. On iOS the real class is used.
    @MainActor
    open class UIApplication: NSObject {
        /// Creates an application object; the emulator makes one per emulated process.
        override public init() {
            super.init()
        }
    }
#endif
