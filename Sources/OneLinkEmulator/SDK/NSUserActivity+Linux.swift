import Foundation

#if !canImport(Darwin)
    public import UserActivityStandIn

    /// Foundation's `NSUserActivity` on Linux: the stand-in class of the `UserActivityStandIn` module.
    ///
    /// App code calling `AppsFlyerLib.shared().continue(userActivity, restorationHandler:)`
    /// compiles on every platform; on Apple platforms Foundation's class is used. A type alias,
    /// not a second class: a file that imports both this module and `UserActivityStandIn` sees one
    /// type, and a file that handles activities without the SDK imports `UserActivityStandIn` alone.
    public typealias NSUserActivity = UserActivityStandIn.NSUserActivity

    /// The activity type of a web page continued in the app: a universal link.
    ///
    /// The same value as `UserActivityStandIn`'s; disfavoured, so a file that imports both
    /// modules uses that one without ambiguity.
    @_disfavoredOverload public let NSUserActivityTypeBrowsingWeb = UserActivityStandIn
        .NSUserActivityTypeBrowsingWeb
#endif
