public import Foundation
public import OneLinkEmulator

/// The launch options `application(_:didFinishLaunchingWithOptions:)` receives, without UIKit.
///
/// Each property mirrors one `UIApplication.LaunchOptionsKey`; `nil` (or
/// `false` for ``location``) means the key is absent. An empty value, ``none``,
/// is what a launch from the Home Screen icon delivers (UIKit passes `nil`).
/// Build one directly, or from a dictionary with
/// ``init(dictionary:)``; classify it with ``LaunchClassification/init(options:)``.
public struct LaunchOptions: Sendable, Hashable {
    /// The URL to open (`url`): a URL-scheme open such as `myapp://home`.
    public var url: URL?
    /// The bundle ID of the app that opened the URL (`sourceApplication`), such as `com.apple.mobilesafari`.
    public var sourceApplication: String?
    /// The remote-notification payload (`remoteNotification`).
    public var remoteNotification: AttributionPayload?
    /// The local-notification payload (`localNotification`).
    public var localNotification: AttributionPayload?
    /// The user activity to continue (`userActivityDictionary`), such as a universal link.
    public var userActivity: LaunchUserActivity?
    /// The type of the user activity (`userActivityType`); UIKit sends it along with ``userActivity``.
    public var userActivityType: String?
    /// The Home Screen quick action (`shortcutItem`).
    public var shortcutItem: LaunchShortcutItem?
    /// Whether a location event launched the app (`location`).
    public var location: Bool
    /// Restoration identifiers of Bluetooth central managers (`bluetoothCentrals`).
    public var bluetoothCentrals: [String]?
    /// Restoration identifiers of Bluetooth peripheral managers (`bluetoothPeripherals`).
    public var bluetoothPeripherals: [String]?
    /// Identifiers of finished Newsstand downloads (`newsstandDownloads`).
    public var newsstandDownloads: [String]?
    /// The accepted CloudKit share's metadata (`cloudKitShareMetadata`).
    public var cloudKitShareMetadata: AttributionPayload?
    /// The property list the source app passed with the URL (`annotation`, deprecated since iOS 9).
    public var annotation: AttributionValue?

    /// Creates launch options; every key is absent unless given.
    public init(
        url: URL? = nil, sourceApplication: String? = nil, remoteNotification: AttributionPayload? = nil,
        localNotification: AttributionPayload? = nil, userActivity: LaunchUserActivity? = nil,
        userActivityType: String? = nil, shortcutItem: LaunchShortcutItem? = nil, location: Bool = false,
        bluetoothCentrals: [String]? = nil, bluetoothPeripherals: [String]? = nil,
        newsstandDownloads: [String]? = nil, cloudKitShareMetadata: AttributionPayload? = nil,
        annotation: AttributionValue? = nil
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.remoteNotification = remoteNotification
        self.localNotification = localNotification
        self.userActivity = userActivity
        self.userActivityType = userActivityType ?? userActivity?.activityType
        self.shortcutItem = shortcutItem
        self.location = location
        self.bluetoothCentrals = bluetoothCentrals
        self.bluetoothPeripherals = bluetoothPeripherals
        self.newsstandDownloads = newsstandDownloads
        self.cloudKitShareMetadata = cloudKitShareMetadata
        self.annotation = annotation
    }

    /// No options: a launch from the Home Screen icon.
    public static let none = LaunchOptions()

    /// The options a tapped universal link delivers: a web-browsing activity for `url`.
    public static func universalLink(_ url: URL) -> LaunchOptions {
        LaunchOptions(userActivity: .universalLink(url))
    }

    /// The options a URL-scheme open delivers, with the opening app's bundle ID.
    public static func urlScheme(_ url: URL, sourceApplication: String? = nil) -> LaunchOptions {
        LaunchOptions(url: url, sourceApplication: sourceApplication)
    }

    /// The options a tapped remote notification delivers.
    public static func remoteNotification(_ payload: AttributionPayload) -> LaunchOptions {
        LaunchOptions(remoteNotification: payload)
    }

    /// The keys that are present, in ``LaunchOptionsKey/known`` order.
    public var presentKeys: [LaunchOptionsKey] {
        var keys: [LaunchOptionsKey] = []
        if url != nil { keys.append(.url) }
        if sourceApplication != nil { keys.append(.sourceApplication) }
        if remoteNotification != nil { keys.append(.remoteNotification) }
        if localNotification != nil { keys.append(.localNotification) }
        if annotation != nil { keys.append(.annotation) }
        if location { keys.append(.location) }
        if newsstandDownloads != nil { keys.append(.newsstandDownloads) }
        if bluetoothCentrals != nil { keys.append(.bluetoothCentrals) }
        if bluetoothPeripherals != nil { keys.append(.bluetoothPeripherals) }
        if shortcutItem != nil { keys.append(.shortcutItem) }
        if userActivity != nil { keys.append(.userActivityDictionary) }
        if userActivityType != nil { keys.append(.userActivityType) }
        if cloudKitShareMetadata != nil { keys.append(.cloudKitShareMetadata) }
        return keys
    }

    /// Whether no key is present, which UIKit expresses as a `nil` dictionary.
    public var isEmpty: Bool { presentKeys.isEmpty }
}
