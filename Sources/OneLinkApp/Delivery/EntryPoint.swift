import OneLinkEmulator

/// An app entry point iOS calls to hand over a link, named by its Swift signature.
public enum EntryPoint: String, Sendable, Hashable, CaseIterable {
    /// `application(_:didFinishLaunchingWithOptions:)`.
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    /// `application(_:open:options:)`.
    case openURL = "application(_:open:options:)"
    /// `application(_:continue:restorationHandler:)`.
    case continueUserActivity = "application(_:continue:restorationHandler:)"
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
    case notificationResponse = "userNotificationCenter(_:didReceive:withCompletionHandler:)"
    /// `scene(_:willConnectTo:options:)`.
    case sceneWillConnect = "scene(_:willConnectTo:options:)"
    /// `scene(_:openURLContexts:)`.
    case sceneOpenURLContexts = "scene(_:openURLContexts:)"
    /// `scene(_:continue:)`.
    case sceneContinue = "scene(_:continue:)"
    /// SwiftUI `onOpenURL(perform:)`.
    case onOpenURL = "onOpenURL(perform:)"
    /// SwiftUI `onContinueUserActivity(_:perform:)`.
    case onContinueUserActivity = "onContinueUserActivity(_:perform:)"
}
