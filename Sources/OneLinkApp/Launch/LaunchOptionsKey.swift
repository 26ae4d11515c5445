import OneLinkEmulator

/// A key of the launch-options dictionary, mirroring `UIApplication.LaunchOptionsKey`.
///
/// The raw value is the UIKit constant's string value
/// (`UIApplicationLaunchOptionsURLKey`); ``name`` is the short name used in
/// scenario data (`url`). The set grows with the OS, so this is a struct.
public struct LaunchOptionsKey: RawRepresentable, Sendable, Hashable {
    /// The UIKit string value of the key.
    public var rawValue: String

    /// Creates a key from its UIKit string value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The short name: the UIKit value without `UIApplicationLaunchOptions` and `Key`, lower-camel-cased.
    public var name: String {
        if let name = Self.knownNames[rawValue] { return name }
        return Self.shortName(rawValue)
    }

    private static func shortName(_ rawValue: String) -> String {
        var text = Substring(rawValue)
        if text.hasPrefix(Self.prefix) { text = text.dropFirst(Self.prefix.count) }
        if text.hasSuffix("Key") { text = text.dropLast(3) }
        guard let first = text.first else { return rawValue }
        if text == "URL" { return "url" }
        return first.lowercased() + text.dropFirst()
    }

    /// Looks a key up by its UIKit value or its short ``name``, among the ``known`` keys.
    ///
    /// - Returns: `nil` when the text names no known key.
    public init?(named text: String) {
        guard let key = Self.knownByText[text] else { return nil }
        self = key
    }

    /// The short names of the ``known`` keys, by UIKit value.
    private static let knownNames: [String: String] = Dictionary(
        known.map { ($0.rawValue, shortName($0.rawValue)) }, uniquingKeysWith: { first, _ in first })

    /// The ``known`` keys by UIKit value and by short name, built once: scenario decoding looks keys up by text.
    private static let knownByText: [String: LaunchOptionsKey] = {
        var table: [String: LaunchOptionsKey] = [:]
        for key in known {
            table[key.rawValue] = key
            if table[key.name] == nil { table[key.name] = key }
        }
        return table
    }()

    static let prefix = "UIApplicationLaunchOptions"

    /// The URL the app was asked to open (`UIApplicationLaunchOptionsURLKey`).
    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    /// The bundle ID of the app that asked to open the URL.
    public static let sourceApplication = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    /// The payload of the remote notification the user tapped, or of a silent push.
    public static let remoteNotification = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    /// The payload of the local notification the user tapped.
    public static let localNotification = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")
    /// The property list passed by the source app with the URL (deprecated since iOS 9).
    public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
    /// Set when a location event launched the app in the background.
    public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
    /// The Newsstand downloads that finished while the app was not running.
    public static let newsstandDownloads = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsNewsstandDownloadsKey")
    /// Restoration identifiers of Core Bluetooth central managers to restore.
    public static let bluetoothCentrals = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsBluetoothCentralsKey")
    /// Restoration identifiers of Core Bluetooth peripheral managers to restore.
    public static let bluetoothPeripherals = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsBluetoothPeripheralsKey")
    /// The Home Screen quick action (3D Touch / long press) the user chose.
    public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    /// The user activity to continue, such as a universal link.
    public static let userActivityDictionary = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
    /// The type of the user activity to continue, such as `NSUserActivityTypeBrowsingWeb`.
    public static let userActivityType = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
    /// The metadata of a CloudKit share invitation the user accepted.
    public static let cloudKitShareMetadata = LaunchOptionsKey(
        rawValue: "UIApplicationLaunchOptionsCloudKitShareMetadataKey")

    /// Every key ``LaunchOptions`` models.
    public static let known: [LaunchOptionsKey] = [
        .url, .sourceApplication, .remoteNotification, .localNotification, .annotation, .location,
        .newsstandDownloads, .bluetoothCentrals, .bluetoothPeripherals, .shortcutItem,
        .userActivityDictionary, .userActivityType, .cloudKitShareMetadata,
    ]
}

extension LaunchOptionsKey: CustomStringConvertible {
    /// The UIKit string value.
    public var description: String { rawValue }
}
