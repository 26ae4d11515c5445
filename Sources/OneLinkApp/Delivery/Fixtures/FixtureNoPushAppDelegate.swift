import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// The app delegate of a scene app that leaves push taps to its scene delegate: it does nothing at launch.
    final class FixtureNoPushAppDelegate: NSObject, UIApplicationDelegate {
        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            true
        }
    }
#endif
