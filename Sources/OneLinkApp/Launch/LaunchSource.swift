import OneLinkEmulator

/// What opened the app, as told apart from its launch options.
///
/// The set grows (new OS features add launch paths), so this is a struct with
/// static constants; the raw value is a stable snake-case name for scenario
/// data and analytics. ``LaunchClassification/init(options:)`` documents the
/// order in which keys decide the source.
public struct LaunchSource: RawRepresentable, Sendable, Hashable {
    /// The stable snake-case name, such as `universal_link`.
    public var rawValue: String

    /// Creates a source from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The user tapped a remote (APNs) notification, or a silent push woke the app.
    public static let remotePush = LaunchSource(rawValue: "remote_push")
    /// The user tapped a local notification.
    public static let localPush = LaunchSource(rawValue: "local_push")
    /// The user tapped a universal link: a web-browsing user activity with a page URL.
    public static let universalLink = LaunchSource(rawValue: "universal_link")
    /// Another user activity was continued: Handoff, Spotlight, or a browsing activity without a URL.
    public static let userActivity = LaunchSource(rawValue: "user_activity")
    /// Another app (or Safari) opened a URL with the app's scheme, such as `myapp://home`.
    public static let urlScheme = LaunchSource(rawValue: "url_scheme")
    /// The user tapped a Home Screen quick action.
    public static let shortcut = LaunchSource(rawValue: "shortcut")
    /// The user accepted a CloudKit share invitation.
    public static let cloudKitShare = LaunchSource(rawValue: "cloudkit_share")
    /// A location event launched the app in the background.
    public static let location = LaunchSource(rawValue: "location")
    /// A Bluetooth accessory event launched the app in the background to restore its managers.
    public static let bluetooth = LaunchSource(rawValue: "bluetooth")
    /// Finished Newsstand downloads launched the app in the background.
    public static let newsstand = LaunchSource(rawValue: "newsstand")
    /// The user tapped the app icon: no launch options at all.
    public static let manualTap = LaunchSource(rawValue: "manual_tap")
    /// Options were present but none that names a source (only `sourceApplication` or `annotation`).
    public static let unknown = LaunchSource(rawValue: "unknown")
}

extension LaunchSource: CustomStringConvertible {
    /// The snake-case name.
    public var description: String { rawValue }
}
