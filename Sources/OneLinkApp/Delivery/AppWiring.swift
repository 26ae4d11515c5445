import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// An app's entry-point implementations, for one ``AppStructure``: what the wiring check and ``EmulatedAppProcess`` call.
    ///
    /// Each piece is a factory, because every launch of an emulated process
    /// creates its delegates and views anew, as iOS does:
    ///
    /// ```swift
    /// let wiring = AppWiring.scenes(
    ///     "shop", appDelegate: { AppDelegate() }, sceneDelegate: { SceneDelegate() })
    /// ```
    public struct AppWiring: Sendable {
        /// A name for reports, such as the app's or fixture's name.
        public var name: String
        /// How the app is built.
        public let structure: AppStructure
        let makeAppDelegate: (@MainActor @Sendable () -> any UIApplicationDelegate)?
        let makeSceneDelegate: (@MainActor @Sendable () -> any UISceneDelegate)?
        let makeView: (@MainActor @Sendable () -> SwiftUILinkHandlers)?

        /// An app with only an app delegate (no scene manifest).
        public static func appDelegate(
            _ name: String = "app delegate",
            _ appDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
        ) -> AppWiring {
            AppWiring(
                name: name, structure: .appDelegate, makeAppDelegate: appDelegate, makeSceneDelegate: nil,
                makeView: nil)
        }

        /// A UIKit app with scenes: an app delegate and the scene delegate of its one window scene.
        public static func scenes(
            _ name: String = "scenes",
            appDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate,
            sceneDelegate: @escaping @MainActor @Sendable () -> any UISceneDelegate
        ) -> AppWiring {
            AppWiring(
                name: name, structure: .scenes, makeAppDelegate: appDelegate,
                makeSceneDelegate: sceneDelegate,
                makeView: nil)
        }

        /// A SwiftUI app: the handlers its views attach, and the `@UIApplicationDelegateAdaptor` delegate if it has one.
        public static func swiftUI(
            _ name: String = "SwiftUI",
            appDelegate: (@MainActor @Sendable () -> any UIApplicationDelegate)? = nil,
            view: @escaping @MainActor @Sendable () -> SwiftUILinkHandlers
        ) -> AppWiring {
            AppWiring(
                name: name, structure: .swiftUI, makeAppDelegate: appDelegate, makeSceneDelegate: nil,
                makeView: view)
        }
    }
#endif
