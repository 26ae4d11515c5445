import Foundation

#if canImport(UserActivityStandIn)
    import UserActivityStandIn
#endif

// App code that reads a universal link from a user activity and never names the SDK. On Apple
// platforms `NSUserActivity` is Foundation's; on Linux it comes from the UserActivityStandIn module,
// the class the SDK's `continue(_:restorationHandler:)` takes too.

/// Reads the universal link a user activity carries.
enum UserActivityLinks {
    /// The web page URL of a browsing-web activity; `nil` for any other activity.
    static func universalLink(in activity: NSUserActivity) -> URL? {
        activity.activityType == NSUserActivityTypeBrowsingWeb ? activity.webpageURL : nil
    }

    /// A browsing-web activity for `url`, as iOS hands one to the app.
    static func activity(for url: URL) -> NSUserActivity {
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = url
        return activity
    }
}
