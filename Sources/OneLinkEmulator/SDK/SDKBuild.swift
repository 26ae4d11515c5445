/// Which build of the real SDK the emulator plays: `AppsFlyerLib` or `AppsFlyerLib-Strict`.
///
/// The Strict build is the standard one compiled without IDFA collection (`AFSDK_NO_IDFA` in
/// `AppsFlyerLib.h`): no advertising identifier is ever read or sent, and the ATT wait does not
/// exist. With the package's `Strict` trait the emulator's surface drops those names (they are
/// unavailable, so a call is a compile error instead of the real SDK's crash) and every SDK starts
/// as ``strict``; without it ``AppsFlyerLib/sdkBuild`` switches the identity rules at run time.
public enum SDKBuild: String, Sendable, Hashable, CaseIterable {
    /// `AppsFlyerLib`: IDFA when tracking is authorized, `waitForATTUserAuthorization` holds sessions.
    case standard
    /// `AppsFlyerLib-Strict`: no IDFA in any request, and no ATT wait.
    case strict

    /// The build the package's traits select: ``strict`` with the `Strict` trait, else ``standard``.
    public static var traitDefault: SDKBuild {
        #if Strict
            return .strict
        #else
            return .standard
        #endif
    }
}
