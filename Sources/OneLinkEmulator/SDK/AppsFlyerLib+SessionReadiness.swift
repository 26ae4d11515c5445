public import Foundation
import OneLinkSupport

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

extension AppsFlyerLib {
    /// The longest the session-ready listener waits for links handed over before it: 5 seconds on the SDK's clock.
    ///
    /// The header promises "a bounded timeout so the listener always fires";
    /// the dev hub's SDK 7 pages put it at about 5 seconds.
    public static let sessionReadyTimeLimit: Duration = .seconds(5)

    /// The session model the engine follows: `.v7` with the `SDK7` trait, `.v6` without.
    ///
    /// Replay switches it per scenario (`"sdk": {"version": 7}`), so both
    /// models run in one build. Set it before the first call.
    package var sdkGeneration: SDKGeneration {
        get { engine.generation }
        set { engine.generation = newValue }
    }

    /// Sets the dev key and app ID at once (SDK 7's `initialize(devKey:appId:)`), then checks session readiness.
    ///
    /// For the package's own tools and replay, which compile with and without the `SDK7` trait.
    package func setCredentials(devKey: String, appID: String) {
        configuration.withLock {
            $0.devKey = devKey
            $0.appID = appID
        }
        engine.scheduleSessionReadyCheck()
    }

    /// Launch options as UIKit passes them to `didFinishLaunchingWithOptions` for a cold start from a universal link.
    ///
    /// Emulator only, for tests of SDK 7's `handleLaunchOptions(_:)`: a
    /// browsing-web `NSUserActivity` whose `webpageURL` is `url`, under
    /// `UIApplicationLaunchOptionsUserActivityDictionaryKey`.
    public static func launchOptions(universalLink url: URL) -> [AnyHashable: Any] {
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = url
        return [
            "UIApplicationLaunchOptionsUserActivityDictionaryKey": [
                "UIApplicationLaunchOptionsUserActivityTypeKey": NSUserActivityTypeBrowsingWeb,
                "UIApplicationLaunchOptionsUserActivityKey": activity,
            ] as [AnyHashable: Any]
        ]
    }

    /// The universal link in a launch-options dictionary, as UIKit passes it or as the emulator's app layer writes it.
    static func launchUniversalLink(in launchOptions: [AnyHashable: Any]?) -> URL? {
        guard let launchOptions else { return nil }
        let names: Set<String> = [
            "UIApplicationLaunchOptionsUserActivityDictionaryKey", "userActivityDictionary",
        ]
        guard
            let entry = launchOptions.first(where: { keyName($0.key).map(names.contains) == true }),
            let activity = entry.value as? [AnyHashable: Any]
        else { return nil }
        for (key, value) in activity {
            if let userActivity = value as? NSUserActivity,
                userActivity.activityType == NSUserActivityTypeBrowsingWeb
            {
                return userActivity.webpageURL
            }
            if keyName(key) == "webpageURL",
                activity.first(where: { keyName($0.key) == "activityType" })?.value as? String
                    == NSUserActivityTypeBrowsingWeb
            {
                return (value as? URL) ?? (value as? String).flatMap(URL.init(string:))
            }
        }
        return nil
    }
}
