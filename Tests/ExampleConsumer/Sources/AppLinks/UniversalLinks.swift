import Foundation

#if canImport(AppsFlyerLib)
    import AppsFlyerLib
#else
    import OneLinkEmulator
#endif

/// What the app delegate's `application(_:continue:restorationHandler:)` does with a universal link.
public enum UniversalLinks {
    /// Hands a user activity to the shared SDK.
    ///
    /// The same line compiles against the real SDK and the emulator: on Linux,
    /// `NSUserActivity` is the emulator's stand-in.
    ///
    /// - Returns: Whether the SDK took the activity.
    @discardableResult
    public static func `continue`(_ activity: NSUserActivity) -> Bool {
        AppsFlyerLib.shared().continue(activity, restorationHandler: nil)
    }
}
