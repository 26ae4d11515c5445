/// A documented behaviour of an older release of the real AppsFlyer iOS SDK, reproduced on request.
///
/// A growable set: each quirk the emulator knows is a static member, listed in ``allKnown``, with
/// the releases public threads show it in (``releases``); `Docs/sdk-versions.md` gives the
/// evidence. The emulator follows the newest SDK, which has none, unless the app under test opts
/// in through ``AppsFlyerLib/sdkQuirks``, by name or by release:
///
/// ```swift
/// sdk.sdkQuirks = [.duplicateURISchemeDeepLink]
/// sdk.sdkQuirks = SDKQuirk.quirks(ofRelease: "6.9.0") ?? []
/// ```
public struct SDKQuirk: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The quirk's name, such as `duplicateURISchemeDeepLink`.
    public var rawValue: String

    /// Creates a quirk from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a quirk from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The quirk's name.
    public var description: String { rawValue }

    /// UDL mode: a URI-scheme link (`handleOpen`) calls `didResolveDeepLink` twice with the same result.
    ///
    /// AppsFlyerFramework#218: seen on 6.8.1, 6.9.0 and 6.10.1, after a fix the reporter dates to
    /// 6.5.3.
    public static let duplicateURISchemeDeepLink = SDKQuirk(rawValue: "duplicateURISchemeDeepLink")

    /// Legacy mode: `onAppOpenAttribution` leaves out the link's parts and the ad fields
    /// (``shortOpenAttributionMissingKeys``), so a few fields arrive.
    ///
    /// AppsFlyerFramework#181: 6.3.2 handed over 4 parameters without `af_dp` where 6.2.5 handed
    /// over 7; the maintainers "opened" the missing fields in 6.6.0.
    public static let shortOpenAttribution = SDKQuirk(rawValue: "shortOpenAttribution")

    /// A deep link handed over less than `minTimeBetweenSessions` after the previous one is dropped:
    /// no callback, only a debug log.
    ///
    /// react-native-appsflyer#209 (plugin 6.0.50, iOS SDK 6.0.5): a second link within about 5 s
    /// gets no `onAppOpenAttribution`, "a typical behavior of the SDK"; AppsFlyerFramework#97 (4.x).
    public static let linksSuppressedInsideMinTimeBetweenSessions = SDKQuirk(
        rawValue: "linksSuppressedInsideMinTimeBetweenSessions")

    /// Legacy mode: the link a cold start was opened with gets no `onAppOpenAttribution`; the
    /// session's conversion data still comes.
    ///
    /// Intermittent (``isIntermittent``): reports show it on these releases, not every run of them,
    /// so ``quirks(ofRelease:)`` never turns it on; name it, or let an explorer try it
    /// (``SDKScheduleChoice/quirk``). react-native-appsflyer#223 (plugin 6.1.10 and 6.1.20, iOS:
    /// "onAppOpenAttribution is not triggered when the app is fully closed"; the maintainers' stopgap
    /// reads the link from `onInstallConversionData`), appsflyer-unity-plugin#57 (2021-02: "fixed
    /// in v6.2.0 for all links that are not short OneLinks").
    public static let coldStartOpenAttributionMissing = SDKQuirk(rawValue: "coldStartOpenAttributionMissing")

    /// Every quirk the emulator reproduces.
    public static let allKnown: [SDKQuirk] = [
        .duplicateURISchemeDeepLink, .shortOpenAttribution, .linksSuppressedInsideMinTimeBetweenSessions,
        .coldStartOpenAttributionMissing,
    ]

    /// Whether the quirk was seen in some runs of its releases and not others: a release never
    /// turns it on by itself (``quirks(ofRelease:)``), an explorer tries it both ways.
    public var isIntermittent: Bool { self == .coldStartOpenAttributionMissing }

    /// The keys ``shortOpenAttribution`` leaves out: those the SDK's maintainers say 6.6.0 opened.
    public static let shortOpenAttributionMissingKeys: Set<String> = [
        "path", "scheme", "host", "af_c_id", "af_adset", "af_adset_id", "af_ad", "af_ad_id", "af_ad_type",
        "af_channel", "af_dp", "esp_name", "link",
    ]

    /// The releases the quirk was seen in or is documented for, each range from its first release
    /// to the first without it; empty for a quirk the emulator does not know.
    public var releases: [Range<SDKRelease>] {
        switch self {
        case .duplicateURISchemeDeepLink:
            // Fixed in 6.5.3 by the reporter's account, back by 6.8.1, last seen on 6.10.1.
            return [SDKRelease(6, 1, 0)..<SDKRelease(6, 5, 3), SDKRelease(6, 8, 1)..<SDKRelease(6, 10, 2)]
        case .shortOpenAttribution:
            return [SDKRelease(6, 3, 0)..<SDKRelease(6, 6, 0)]
        case .linksSuppressedInsideMinTimeBetweenSessions:
            return [SDKRelease(6, 0, 0)..<SDKRelease(6, 1, 0)]
        case .coldStartOpenAttributionMissing:
            return [SDKRelease(6, 0, 0)..<SDKRelease(6, 2, 0)]
        default:
            return []
        }
    }

    /// The quirks of the release `version` (`"6.9.0"`, `"6.3"`): empty for the newest SDK, `nil`
    /// when `version` is not a release number.
    public static func quirks(ofRelease version: String) -> Set<SDKQuirk>? {
        guard let release = SDKRelease(version) else { return nil }
        return Set(
            allKnown.filter { quirk in
                !quirk.isIntermittent && quirk.releases.contains { $0.contains(release) }
            })
    }
}
