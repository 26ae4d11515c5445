public import OneLinkEmulator

/// The Home Screen quick action that launched the app, mirroring `UIApplicationShortcutItem`.
public struct LaunchShortcutItem: Sendable, Hashable {
    /// The app-defined action type, such as `com.example.search`.
    public var type: String
    /// The title shown on the Home Screen.
    public var localizedTitle: String
    /// The action's app-defined information.
    public var userInfo: AttributionPayload

    /// Creates a shortcut item.
    public init(type: String, localizedTitle: String = "", userInfo: AttributionPayload = [:]) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.userInfo = userInfo
    }
}
