import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// What a wired ``EmulatedAppProcess``'s app code made and was called with, on the main actor as UIKit's objects are.
    @MainActor
    struct AppCode {
        /// The objects one launch made; released when the process ends.
        struct Launched {
            let application: UIApplication
            let appDelegate: (any UIApplicationDelegate)?
            let sceneDelegate: (any UISceneDelegate)?
            let scene: UIScene?
            let view: SwiftUILinkHandlers?
        }

        /// The notification center `UNUserNotificationCenter.current()` returns in the app's code; a new one per process.
        lazy var notificationCenter = UNUserNotificationCenter()
        /// The running process's objects, or `nil` while it is not running.
        var launched: Launched?
        /// Every entry point called so far, oldest first.
        var calls: [EntryPoint] = []

        nonisolated init() {}
    }
#endif
