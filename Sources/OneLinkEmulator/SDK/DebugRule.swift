/// The rule a debug log entry names: which decision the SDK made.
///
/// A growable set of rules: every rule the SDK logs is a static member, and
/// ``allKnown`` lists them in the order `Docs/behaviour.md`'s table does. A
/// rule reads as its dotted name, such as `session.minTimeBetweenSessions`.
public struct DebugRule: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The dotted name, such as `session.start`.
    public var rawValue: String

    /// Creates a rule from its dotted name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a rule from a string literal, so entries compare with `entry.rule == "session.start"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The dotted name.
    public var description: String { rawValue }

    // MARK: Sessions

    /// `session.start`.
    public static let sessionStart = DebugRule(rawValue: "session.start")
    /// `session.minTimeBetweenSessions`.
    public static let sessionMinTimeBetweenSessions = DebugRule(rawValue: "session.minTimeBetweenSessions")
    /// `session.launch`.
    public static let sessionLaunch = DebugRule(rawValue: "session.launch")
    /// `session.launchFailed`.
    public static let sessionLaunchFailed = DebugRule(rawValue: "session.launchFailed")
    /// `start.developerError`.
    public static let startDeveloperError = DebugRule(rawValue: "start.developerError")

    // MARK: Device state

    /// `device.fresh`.
    public static let deviceFresh = DebugRule(rawValue: "device.fresh")
    /// `device.corrupt`.
    public static let deviceCorrupt = DebugRule(rawValue: "device.corrupt")
    /// `device.reinstall`.
    public static let deviceReinstall = DebugRule(rawValue: "device.reinstall")
    /// `device.relaunch`.
    public static let deviceRelaunch = DebugRule(rawValue: "device.relaunch")
    /// `device.save`.
    public static let deviceSave = DebugRule(rawValue: "device.save")

    // MARK: Conversion data

    /// `conversion.fetch`.
    public static let conversionFetch = DebugRule(rawValue: "conversion.fetch")
    /// `conversion.cache`.
    public static let conversionCache = DebugRule(rawValue: "conversion.cache")
    /// `conversion.firstLaunch`.
    public static let conversionFirstLaunch = DebugRule(rawValue: "conversion.firstLaunch")
    /// `conversion.fail`.
    public static let conversionFail = DebugRule(rawValue: "conversion.fail")

    // MARK: Unified deep linking

    /// `udl.deferred`.
    public static let udlDeferred = DebugRule(rawValue: "udl.deferred")
    /// `udl.deferred.notFound`.
    public static let udlDeferredNotFound = DebugRule(rawValue: "udl.deferred.notFound")
    /// `udl.deferred.skipped`.
    public static let udlDeferredSkipped = DebugRule(rawValue: "udl.deferred.skipped")
    /// `udl.direct`.
    public static let udlDirect = DebugRule(rawValue: "udl.direct")
    /// `udl.notOneLink`.
    public static let udlNotOneLink = DebugRule(rawValue: "udl.notOneLink")

    // MARK: Links

    /// `link.invalid`.
    public static let linkInvalid = DebugRule(rawValue: "link.invalid")
    /// `link.diagnostic`.
    public static let linkDiagnostic = DebugRule(rawValue: "link.diagnostic")
    /// `link.unwrap`.
    public static let linkUnwrap = DebugRule(rawValue: "link.unwrap")
    /// `link.shortLink`.
    public static let linkShortLink = DebugRule(rawValue: "link.shortLink")
    /// `link.openAttribution`.
    public static let linkOpenAttribution = DebugRule(rawValue: "link.openAttribution")
    /// `link.notOneLink`.
    public static let linkNotOneLink = DebugRule(rawValue: "link.notOneLink")
    /// `link.open`.
    public static let linkOpen = DebugRule(rawValue: "link.open")
    /// `link.userActivity`.
    public static let linkUserActivity = DebugRule(rawValue: "link.userActivity")
    /// `link.appendParameters`.
    public static let linkAppendParameters = DebugRule(rawValue: "link.appendParameters")

    // MARK: Push

    /// `push.path`.
    public static let pushPath = DebugRule(rawValue: "push.path")
    /// `push.oneLink`.
    public static let pushOneLink = DebugRule(rawValue: "push.oneLink")
    /// `push.legacy`.
    public static let pushLegacy = DebugRule(rawValue: "push.legacy")
    /// `push.ignored`.
    public static let pushIgnored = DebugRule(rawValue: "push.ignored")
    /// `push.payload`.
    public static let pushPayload = DebugRule(rawValue: "push.payload")

    // MARK: Delegates

    /// `delegate.missing`.
    public static let delegateMissing = DebugRule(rawValue: "delegate.missing")

    // MARK: ATT

    /// `att.wait`.
    public static let attWait = DebugRule(rawValue: "att.wait")
    /// `att.status`.
    public static let attStatus = DebugRule(rawValue: "att.status")

    // MARK: Control and configuration

    /// `control.stopped`.
    public static let controlStopped = DebugRule(rawValue: "control.stopped")
    /// `config.refused`.
    public static let configRefused = DebugRule(rawValue: "config.refused")
    /// `config.userEmails`.
    public static let configUserEmails = DebugRule(rawValue: "config.userEmails")
    /// `call.recorded`.
    public static let callRecorded = DebugRule(rawValue: "call.recorded")

    // MARK: Events and invites

    /// `event.send`.
    public static let eventSend = DebugRule(rawValue: "event.send")
    /// `event.refused`.
    public static let eventRefused = DebugRule(rawValue: "event.refused")
    /// `purchase.validate`.
    public static let purchaseValidate = DebugRule(rawValue: "purchase.validate")
    /// `purchase.refused`.
    public static let purchaseRefused = DebugRule(rawValue: "purchase.refused")
    /// `invite.short`.
    public static let inviteShort = DebugRule(rawValue: "invite.short")
    /// `invite.long`.
    public static let inviteLong = DebugRule(rawValue: "invite.long")
    /// `invite.template`.
    public static let inviteTemplate = DebugRule(rawValue: "invite.template")

    // MARK: SDK 7

    /// `session.ready`: the SDK 7 session-ready listener waited, fired or reset.
    public static let sessionReady = DebugRule(rawValue: "session.ready")
    /// `config.plist`: an `AppsFlyerLibConfig.plist` was applied, or refused.
    public static let configPlist = DebugRule(rawValue: "config.plist")

    /// `sdk.quirk`: a behaviour of an older release (``SDKQuirk``) changed or dropped a callback.
    public static let sdkQuirk = DebugRule(rawValue: "sdk.quirk")
    /// `sdk.schedule`: a schedule (``SDKSchedule``) took another alternative than the default at a choice point.
    public static let sdkSchedule = DebugRule(rawValue: "sdk.schedule")

    /// Every rule the SDK logs, in the order of `Docs/behaviour.md`'s table.
    public static let allKnown: [DebugRule] = [
        .sessionStart, .sessionMinTimeBetweenSessions, .sessionLaunch, .sessionLaunchFailed,
        .startDeveloperError, .deviceFresh, .deviceCorrupt, .deviceReinstall, .deviceRelaunch, .deviceSave,
        .conversionFetch, .conversionCache, .conversionFirstLaunch, .conversionFail, .udlDeferred,
        .udlDeferredNotFound, .udlDeferredSkipped, .udlDirect, .udlNotOneLink, .linkInvalid, .linkDiagnostic,
        .linkUnwrap, .linkShortLink, .linkOpenAttribution, .linkNotOneLink, .linkOpen, .linkUserActivity,
        .linkAppendParameters, .pushPath, .pushOneLink, .pushLegacy, .pushIgnored, .pushPayload,
        .delegateMissing, .attWait, .attStatus, .controlStopped, .configRefused, .configUserEmails,
        .callRecorded, .eventSend, .eventRefused, .purchaseValidate, .purchaseRefused, .inviteShort,
        .inviteLong, .inviteTemplate, .sessionReady, .configPlist, .sdkQuirk, .sdkSchedule,
    ]
}
