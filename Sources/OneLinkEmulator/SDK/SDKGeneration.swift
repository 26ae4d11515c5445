/// Which AppsFlyer iOS SDK's session model the emulator follows at run time.
///
/// The compile-time surface is chosen by the package's `SDK7` trait; this
/// switch lets one build run either model, so a replay scenario can pick
/// `"sdk": {"version": 7}` without a rebuild. It defaults to the trait's
/// choice (see ``AppsFlyerLib/sdkGeneration``).
package enum SDKGeneration: Int, Sendable, Hashable, CaseIterable {
    /// SDK 6: `start()` begins a session at once; without a `deepLinkDelegate`,
    /// direct links arrive through `onAppOpenAttribution`; `waitForATTUserAuthorization`
    /// holds the launch.
    case v6 = 6
    /// SDK 7: sessions are opened from the session-ready listener; direct links
    /// arrive only through `didResolveDeepLink`; ATT no longer delays `start()`.
    case v7 = 7

    /// The generation the `SDK7` trait selects: `.v7` with it, `.v6` without.
    package static var buildDefault: SDKGeneration {
        #if SDK7
            return .v7
        #else
            return .v6
        #endif
    }

    /// The version `getSdkVersion()` (SDK 7) or `getSDKVersion()` (SDK 6) reports.
    package var emulatedVersion: String {
        switch self {
        case .v6: return AppsFlyerLib.emulatedSDKVersion
        case .v7: return AppsFlyerLib.emulatedSDK7Version
        }
    }
}
