import OneLinkEmulator

/// How the app receives system events: one axis of a delivery path.
public enum AppStructure: String, Sendable, Hashable, CaseIterable {
    /// Only a `UIApplicationDelegate`: no scene manifest.
    case appDelegate = "app_delegate"
    /// A `UIApplicationDelegate` and a `UISceneDelegate` (UIKit scene lifecycle).
    case scenes
    /// The SwiftUI app lifecycle: view modifiers, with an optional app delegate adaptor.
    case swiftUI = "swiftui"
}

extension AppStructure {
    /// The structure's position in ``allCases``.
    var ordinal: Int {
        switch self {
        case .appDelegate: return 0
        case .scenes: return 1
        case .swiftUI: return 2
        }
    }
}
