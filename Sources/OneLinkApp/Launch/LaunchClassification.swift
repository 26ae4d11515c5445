public import Foundation
public import OneLinkEmulator

/// The result of classifying a launch: what opened the app, from which app, with which payload.
///
/// ```swift
/// let launch = LaunchClassification(options: .urlScheme(url, sourceApplication: "com.apple.mobilesafari"))
/// launch.source             // .urlScheme
/// launch.sourceApplication  // "com.apple.mobilesafari"
/// launch.drive(appsFlyer)   // handleOpen(url, options: [sourceApplication...])
/// ```
public struct LaunchClassification: Sendable, Hashable {
    /// What opened the app.
    public var source: LaunchSource
    /// The bundle ID of the app that opened a URL, when the options carry one.
    public var sourceApplication: String?
    /// The URL the launch carries: the scheme URL, or the universal link's `webpageURL`.
    public var url: URL?
    /// The push payload, for ``LaunchSource/remotePush`` and ``LaunchSource/localPush``.
    public var pushPayload: AttributionPayload?
    /// The options that were classified.
    public var options: LaunchOptions

    /// Classifies launch options; the first matching rule wins.
    ///
    /// The first four rules follow the usual `didFinishLaunchingWithOptions`
    /// check order; the rest cover the remaining keys:
    ///
    /// 1. ``LaunchOptions/remoteNotification`` → ``LaunchSource/remotePush``
    /// 2. ``LaunchOptions/localNotification`` → ``LaunchSource/localPush``
    /// 3. ``LaunchOptions/userActivity`` (or only ``LaunchOptions/userActivityType``) →
    ///    ``LaunchSource/universalLink`` for a web-browsing activity with a page URL,
    ///    ``LaunchSource/userActivity`` otherwise
    /// 4. ``LaunchOptions/url`` → ``LaunchSource/urlScheme``
    /// 5. ``LaunchOptions/shortcutItem`` → ``LaunchSource/shortcut``
    /// 6. ``LaunchOptions/cloudKitShareMetadata`` → ``LaunchSource/cloudKitShare``
    /// 7. ``LaunchOptions/location`` → ``LaunchSource/location``
    /// 8. ``LaunchOptions/bluetoothCentrals`` or ``LaunchOptions/bluetoothPeripherals`` → ``LaunchSource/bluetooth``
    /// 9. ``LaunchOptions/newsstandDownloads`` → ``LaunchSource/newsstand``
    /// 10. no keys at all → ``LaunchSource/manualTap``
    /// 11. only ``LaunchOptions/sourceApplication`` / ``LaunchOptions/annotation`` → ``LaunchSource/unknown``
    ///
    /// ``sourceApplication`` and ``url`` are filled whatever the source, so a
    /// push launch that also carries a URL still reports it.
    public init(options: LaunchOptions) {
        self.options = options
        sourceApplication = options.sourceApplication
        url = options.url
        pushPayload = nil
        if let payload = options.remoteNotification {
            source = .remotePush
            pushPayload = payload
        } else if let payload = options.localNotification {
            source = .localPush
            pushPayload = payload
        } else if options.userActivity != nil || options.userActivityType != nil {
            if let activity = options.userActivity, activity.isUniversalLink, let page = activity.webpageURL {
                source = .universalLink
                url = page
            } else {
                source = .userActivity
            }
        } else if options.url != nil {
            source = .urlScheme
        } else if options.shortcutItem != nil {
            source = .shortcut
        } else if options.cloudKitShareMetadata != nil {
            source = .cloudKitShare
        } else if options.location {
            source = .location
        } else if options.bluetoothCentrals != nil || options.bluetoothPeripherals != nil {
            source = .bluetooth
        } else if options.newsstandDownloads != nil {
            source = .newsstand
        } else if options.isEmpty {
            source = .manualTap
        } else {
            source = .unknown
        }
    }

    /// The reason the app runs in the background, for sources that launch it there.
    ///
    /// Location, Bluetooth and Newsstand launches are always background
    /// launches. A remote notification is one only when it is a silent push
    /// (`aps.content-available` = 1); a tapped notification opens the UI.
    public var passiveReason: PassiveLaunchReason? {
        switch source {
        case .location: return .location
        case .bluetooth: return .bluetooth
        case .newsstand: return .newsstand
        case .remotePush:
            let available = pushPayload?["aps"]?["content-available"]
            let isSilent = available == 1 || available == true
            let hasAlert = pushPayload?["aps"]?["alert"] != nil
            return isSilent && !hasAlert ? .silentPush : nil
        default: return nil
        }
    }
}
