public import Foundation
public import OneLinkEmulator

/// The user activity an app is asked to continue at launch, such as a tapped universal link.
///
/// On iOS this is the `NSUserActivity` inside the
/// `UIApplicationLaunchOptionsUserActivityDictionaryKey` dictionary; a
/// universal link arrives as an activity of type ``browsingWeb`` whose
/// ``webpageURL`` is the link.
public struct LaunchUserActivity: Sendable, Hashable {
    /// The activity type of a universal link: `NSUserActivityTypeBrowsingWeb`.
    public static let browsingWeb = "NSUserActivityTypeBrowsingWeb"

    /// The activity type: ``browsingWeb`` or an app-defined reverse-DNS type (Handoff, Spotlight).
    public var activityType: String
    /// The web page to continue, for a ``browsingWeb`` activity.
    public var webpageURL: URL?
    /// The activity's app-defined information.
    public var userInfo: AttributionPayload

    /// Creates an activity.
    public init(
        activityType: String = LaunchUserActivity.browsingWeb, webpageURL: URL?,
        userInfo: AttributionPayload = [:]
    ) {
        self.activityType = activityType
        self.webpageURL = webpageURL
        self.userInfo = userInfo
    }

    /// A web-browsing activity for `url`: what a tapped universal link delivers.
    public static func universalLink(_ url: URL) -> LaunchUserActivity {
        LaunchUserActivity(activityType: browsingWeb, webpageURL: url)
    }

    /// Whether this activity is a universal link: a web-browsing activity with a page URL.
    public var isUniversalLink: Bool {
        activityType == Self.browsingWeb && webpageURL != nil
    }
}
