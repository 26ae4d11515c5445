/// One kind of decision the real SDK (or the app around it) is seen to make differently from run to run.
///
/// A growable set, like ``SDKQuirk``: each choice the emulator knows is a static member, listed in
/// ``allKnown``, with its alternatives (the first is what the emulator does by default), the group
/// an explorer opts in to, and the releases it applies to. `Docs/behaviour.md` ("Schedules") gives
/// the evidence for each. A run meets a choice at a *point*, named by the choice and a label
/// (`firstLaunchOrder.1`, `appEvent.step2`, `quirk.duplicateURISchemeDeepLink`); an
/// ``SDKSchedule`` says which alternative each point takes.
public struct SDKScheduleChoice: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// Which explorations offer a choice: orders and app events by default, the others on request.
    public enum Group: String, Sendable, Hashable, CaseIterable {
        /// The relative order of callbacks the SDK does not order (``firstLaunchOrder``, ``linkSessionOrder``).
        case orders
        /// Where the app's own events (UI ready, the ATT answer, backgrounding) land between the SDK calls of the same moment (``appEvent``).
        case appEvents
        /// Duplicates and drops of the releases an explorer is told the app supports (``quirk``).
        case releases
        /// A backend call answering late, within its time limit (``resolutionLatency`` and the others, `lateAnswer`).
        case latencies
        /// A backend call not answering within its time limit: the SDK's timeout failure (the same choices, `timedOut`).
        case timeouts
    }

    /// The choice's name, such as `firstLaunchOrder`.
    public var rawValue: String

    /// Creates a choice from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a choice from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The choice's name.
    public var description: String { rawValue }

    /// Orders choices by name.
    public static func < (lhs: SDKScheduleChoice, rhs: SDKScheduleChoice) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// UDL mode, the first launch: whether the deferred deep-link result comes before or after the first `onConversionDataSuccess`.
    ///
    /// AppsFlyer's OneLink sample app (`basic_app`) handles both orders with its
    /// `deferred_deep_link_processed_flag` ("already processed by GCD", "already processed by
    /// UDL"); every UDL release (6.1.0 on, and 7.x).
    public static let firstLaunchOrder = SDKScheduleChoice(rawValue: "firstLaunchOrder")

    /// A session whose callbacks race a direct link handed over around it (a launch from a link):
    /// whether the link's callback or the session's conversion data comes first.
    ///
    /// appsflyer-cordova-plugin#30 (iOS): both native callbacks arrive, "in different sequence
    /// depending if the app is in background or not".
    public static let linkSessionOrder = SDKScheduleChoice(rawValue: "linkSessionOrder")

    /// Where one of the app's own events lands among the SDK calls of the same moment: a replay
    /// scenario's UI-ready, ATT answer or background step before, between or after them.
    public static let appEvent = SDKScheduleChoice(rawValue: "appEvent")

    /// A release quirk on or off, for a range of releases that holds releases with and without it
    /// (the label is the quirk's name); ``SDKQuirk/coldStartOpenAttributionMissing`` is on or off
    /// within its releases too.
    public static let quirk = SDKScheduleChoice(rawValue: "quirk")

    /// A short-link resolution answers as configured, late within `deepLinkTimeout`, or not within it.
    public static let resolutionLatency = SDKScheduleChoice(rawValue: "resolutionLatency")

    /// The conversion-data fetch answers as configured, late within its time limit, or not within it.
    public static let conversionDataLatency = SDKScheduleChoice(rawValue: "conversionDataLatency")

    /// The deferred deep-link lookup answers as configured, late within `deepLinkTimeout`, or not within it.
    public static let deferredLookupLatency = SDKScheduleChoice(rawValue: "deferredLookupLatency")

    /// Every choice the emulator knows, in documentation order.
    public static let allKnown: [SDKScheduleChoice] = [
        .firstLaunchOrder, .linkSessionOrder, .appEvent, .quirk, .resolutionLatency, .conversionDataLatency,
        .deferredLookupLatency,
    ]

    /// The alternatives of a choice whose alternatives are fixed, the emulator's default first; empty
    /// for ``appEvent`` and ``quirk``, whose alternatives depend on the point.
    public var alternatives: [String] {
        switch self {
        case .firstLaunchOrder: return ["deepLinkFirst", "conversionDataFirst"]
        case .linkSessionOrder: return ["linkFirst", "conversionDataFirst"]
        case .resolutionLatency, .conversionDataLatency, .deferredLookupLatency:
            return ["asConfigured", "lateAnswer", "timedOut"]
        default: return []
        }
    }

    /// The group an explorer opts in to for this choice (the latencies' `timedOut` also needs ``Group/timeouts``); `nil` for a choice the emulator does not know.
    public var group: Group? {
        switch self {
        case .firstLaunchOrder, .linkSessionOrder: return .orders
        case .appEvent: return .appEvents
        case .quirk: return .releases
        case .resolutionLatency, .conversionDataLatency, .deferredLookupLatency: return .latencies
        default: return nil
        }
    }

    /// The releases the choice applies to, each range from its first release to the first without
    /// it; empty for a choice every release makes.
    public var releases: [Range<SDKRelease>] {
        switch self {
        // UDL (and so the deferred result) arrived in 6.1.0.
        case .firstLaunchOrder: return [SDKRelease(6, 1, 0)..<SDKRelease(8, 0, 0)]
        default: return []
        }
    }

    /// Whether taking `alternative` may change what is delivered, not only the order: a quirk
    /// switched, or a call answered late (a session then starts later, and may fall inside
    /// `minTimeBetweenSessions` or after a delegate was released) or not in time.
    public func changesOutcome(_ alternative: String) -> Bool {
        switch group {
        case .releases?, .latencies?: return alternative != alternatives.first
        default: return false
        }
    }

    /// The choices of `groups`, in documentation order: ``Group/timeouts`` adds the latencies too.
    public static func choices(in groups: Set<Group>) -> Set<SDKScheduleChoice> {
        let named = groups.contains(.timeouts) ? groups.union([.latencies]) : groups
        return Set(allKnown.filter { $0.group.map(named.contains) ?? false })
    }
}
