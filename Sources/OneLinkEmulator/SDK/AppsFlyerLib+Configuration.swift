import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// The SDK's settings, as the app set them: every command takes a copy when it runs.
    ///
    /// The settings few apps change (identity, host, invite and sharing options, the recorded
    /// calls) live in ``RarelySetSettings``, in one immutable box that every SDK shares until one of
    /// them is set: an SDK is made per wiring-check path, and destroying thirty-odd fields cost
    /// every SDK a release per field. Setting one of them copies the box.
    struct Configuration: Sendable {
        var devKey = ""
        var appID = ""
        var customDomains: [String]?
        var resolveDeepLinkURLs: [String]?
        var deepLinkTimeout: UInt = 3000
        var conversionDataTimeout: UInt = 10_000
        var minTimeBetweenSessions: UInt = 5
        var isDebug = false
        /// Whether the lines in the real SDK's shape are logged even while `isDebug` is off (for replay).
        var writesDeviceLog = false
        /// The version the device log's lines carry: the surface's, set by each session.
        var sdkVersion = AppsFlyerLib.emulatedSDKVersion
        var deviceInfo = DeviceInfo()
        var callbackDelivery = CallbackDelivery.mainQueue
        var valueTyping = LinkParser.ValueTyping.strings
        var flags = PrivacyFlags()
        var isStopped = false
        var attWaitTimeout: TimeInterval?
        /// The older releases' behaviours the app under test opted in to; none for the newest SDK.
        var quirks: Set<SDKQuirk> = []
        /// The release `getSDKVersion()` reports, when a test selected one.
        var release: SDKRelease?
        /// The standard or the Strict build.
        var build = SDKBuild.traitDefault
        /// The box of the rarely set settings: the shared defaults until one is set.
        private var rare = RarelySetSettings.Box.defaults

        /// The rarely set settings; a change puts them in a box of this configuration's own.
        ///
        /// Each one below is read in place (`_read`), so reading one field copies no other.
        private var rarelySet: RarelySetSettings {
            get { rare.settings }
            set { rare = RarelySetSettings.Box(newValue) }
        }

        var pushPaths: [[String]] {
            _read { yield rare.settings.pushPaths }
            set { rarelySet.pushPaths = newValue }
        }
        var identity: UserIdentity {
            _read { yield rare.settings.identity }
            set { rarelySet.identity = newValue }
        }
        var host: String {
            _read { yield rare.settings.host }
            set { rarelySet.host = newValue }
        }
        var hostPrefix: String {
            _read { yield rare.settings.hostPrefix }
            set { rarelySet.hostPrefix = newValue }
        }
        var appInviteOneLinkID: String? {
            _read { yield rare.settings.appInviteOneLinkID }
            set { rarelySet.appInviteOneLinkID = newValue }
        }
        var currencyCode: String? {
            _read { yield rare.settings.currencyCode }
            set { rarelySet.currencyCode = newValue }
        }
        var appendedDeepLinkParameters: [AppendedDeepLinkParameters] {
            _read { yield rare.settings.appendedDeepLinkParameters }
            set { rarelySet.appendedDeepLinkParameters = newValue }
        }
        var recordedCalls: BoundedHistory<RecordedCall> {
            _read { yield rare.settings.recordedCalls }
            set { rarelySet.recordedCalls = newValue }
        }
        var sharingFilter: [String]? {
            _read { yield rare.settings.sharingFilter }
            set { rarelySet.sharingFilter = newValue }
        }
        var facebookDeferredAppLink: URL? {
            _read { yield rare.settings.facebookDeferredAppLink }
            set { rarelySet.facebookDeferredAppLink = newValue }
        }

        /// The host requests go to when `setHost(_:withHostPrefix:)` changed it, prefix first.
        var customHost: String? {
            rare.settings.host == AppsFlyerLib.defaultHost && rare.settings.hostPrefix.isEmpty
                ? nil : rare.settings.hostPrefix + rare.settings.host
        }
    }

    /// The settings of ``Configuration`` that few apps change, kept apart so an SDK that changes none shares one copy.
    struct RarelySetSettings: Sendable {
        var pushPaths: [[String]] = []
        var identity = UserIdentity()
        var host = AppsFlyerLib.defaultHost
        var hostPrefix = ""
        var appInviteOneLinkID: String?
        var currencyCode: String?
        var appendedDeepLinkParameters: [AppendedDeepLinkParameters] = []
        var recordedCalls = BoundedHistory<RecordedCall>(limit: AppsFlyerLib.storageErrorLimit)
        var sharingFilter: [String]?
        var facebookDeferredAppLink: URL?

        /// An immutable box of the settings: a configuration that changes one makes a new box.
        final class Box: Sendable {
            /// The box every configuration starts with: the defaults.
            static let defaults = Box(RarelySetSettings())

            let settings: RarelySetSettings

            init(_ settings: RarelySetSettings) {
                self.settings = settings
            }
        }
    }

    // MARK: - Configuration

    #if SDK7
        /// The AppsFlyer dev key `initialize(devKey:appId:)` set; read-only in SDK 7.
        public var appsFlyerDevKey: String { configuration[\.devKey] }

        /// The app's Apple ID `initialize(devKey:appId:)` set; read-only in SDK 7.
        public var appleAppID: String { configuration[\.appID] }
    #else
        /// The AppsFlyer dev key; ``start()->()`` refuses to begin a session without it.
        public var appsFlyerDevKey: String {
            get { configuration[\.devKey] }
            set { configuration[\.devKey] = newValue }
        }

        /// The app's Apple ID (digits only); ``start()->()`` refuses to begin a session without it.
        public var appleAppID: String {
            get { configuration[\.appID] }
            set { configuration[\.appID] = newValue }
        }
    #endif

    /// Custom domains that serve OneLinks, in addition to `*.onelink.me`.
    public var oneLinkCustomDomains: [String]? {
        get { configuration[\.customDomains] }
        set { configuration[\.customDomains] = newValue }
    }

    /// Domains whose links wrap a OneLink (email click recorders and the like); they are unwrapped through the resolver.
    public var resolveDeepLinkURLs: [String]? {
        get { configuration[\.resolveDeepLinkURLs] }
        set { configuration[\.resolveDeepLinkURLs] = newValue }
    }

    /// How long a deep-link resolution may take, in milliseconds (default 3000).
    ///
    /// The time counts from the moment the link is handed to the SDK; an
    /// answer that arrives later is dropped.
    public var deepLinkTimeout: UInt {
        get { configuration[\.deepLinkTimeout] }
        set { configuration[\.deepLinkTimeout] = newValue }
    }

    /// The minimum time between two sessions, in seconds (default 5).
    public var minTimeBetweenSessions: UInt {
        get { configuration[\.minTimeBetweenSessions] }
        set { configuration[\.minTimeBetweenSessions] = newValue }
    }

    /// Behaviours of older releases of the real SDK to reproduce; empty (the default) is the newest SDK.
    ///
    /// Emulator only. Set it by name (`[.duplicateURISchemeDeepLink]`) or by release
    /// (`SDKQuirk.quirks(ofRelease: "6.9.0") ?? []`); each quirk applies to the links handed over
    /// after it is set. See ``SDKQuirk`` and `Docs/sdk-versions.md`.
    public var sdkQuirks: Set<SDKQuirk> {
        get { configuration[\.quirks] }
        set { configuration[\.quirks] = newValue }
    }

    /// The release of the real SDK the emulator reports, from `getSDKVersion()` (SDK 6) or `getSdkVersion()` (SDK 7) and the first session's version log line; `nil` (the default) for the surface's own.
    ///
    /// Emulator only, for handler code that branches on the version string. It must be a release
    /// the emulator knows (``SDKRelease/isKnown``) of the session model the SDK runs (6.x without
    /// the `SDK7` trait, 7.x with it); any other is not taken, and ``configurationErrors`` says
    /// why. It changes no API and no behaviour: set ``sdkQuirks`` for an older release's
    /// behaviours (`SDKQuirk.quirks(ofRelease:)`). A scenario's `"sdkVersion"` sets both.
    public var emulatedRelease: SDKRelease? {
        get { configuration[\.release] }
        set {
            if let release = newValue {
                let generation = engine.generation
                guard release.isKnown else {
                    recordConfigurationError(
                        "emulatedRelease \(release) is not a release the emulator knows (6.0.0 to \(SDKRelease.newestSDK6), 7.0.0 to \(SDKRelease.newestSDK7)); the version is unchanged"
                    )
                    return
                }
                guard release.major == generation.rawValue else {
                    recordConfigurationError(
                        "emulatedRelease \(release) is an SDK \(release.major) release, but this SDK runs SDK \(generation.rawValue)'s session model; the version is unchanged"
                    )
                    return
                }
            }
            configuration[\.release] = newValue
        }
    }

    /// The version string `getSDKVersion()` and `getSdkVersion()` report: ``emulatedRelease``, else `surface`, the release their surface follows.
    func reportedSDKVersion(default surface: String) -> String {
        configuration[\.release]?.description ?? surface
    }

    /// Which build of the real SDK the emulator plays: the standard one, or `AppsFlyerLib-Strict` (no IDFA, no ATT wait).
    ///
    /// Emulator only. ``SDKBuild/traitDefault`` to begin with: ``SDKBuild/strict`` with the
    /// package's `Strict` trait. While strict, no request carries the advertising ID whatever the
    /// ATT answer, ``advertisingIdentifier`` is empty, and `waitForATTUserAuthorization` holds no
    /// session (a call records a ``configurationErrors`` entry: the real Strict build crashes on
    /// it with an unrecognized selector).
    public var sdkBuild: SDKBuild {
        get { configuration[\.build] }
        set { configuration[\.build] = newValue }
    }

    /// Whether every decision is written to the debug log sink, with the lines the real SDK would print (``DeviceLogLine``).
    public var isDebug: Bool {
        get { configuration[\.isDebug] }
        set { configuration[\.isDebug] = newValue }
    }

    /// Whether the lines in the real SDK's shape go to the log sink even while ``isDebug`` is off.
    ///
    /// For replay, which records the emulated device's log of every run without reporting the
    /// emulator's decisions as outputs.
    package var writesDeviceLog: Bool {
        get { configuration[\.writesDeviceLog] }
        set { configuration[\.writesDeviceLog] = newValue }
    }

    /// How long the conversion-data request may take, in milliseconds (default 10000).
    ///
    /// Emulator only: the real SDK does not expose this limit.
    public var conversionDataTimeout: UInt {
        get { configuration[\.conversionDataTimeout] }
        set { configuration[\.conversionDataTimeout] = newValue }
    }

    /// Where delegates and completion handlers are called: the main queue by default, as in the real SDK.
    ///
    /// Emulator only. See ``CallbackDelivery``.
    public var callbackDelivery: CallbackDelivery {
        get { configuration[\.callbackDelivery] }
        set { configuration[\.callbackDelivery] = newValue }
    }

    /// How values read from link text are typed: strings by default, as the real SDK hands them over.
    ///
    /// Emulator only. ``LinkParser/ValueTyping/documented`` types `true`,
    /// `false` and integers as the documentation's sample payloads print them,
    /// for handler code that was written against those samples. Conversion
    /// data keeps the JSON types its source answered with either way.
    public var valueTyping: LinkParser.ValueTyping {
        get { configuration[\.valueTyping] }
        set { configuration[\.valueTyping] = newValue }
    }

    /// The device's fingerprint and advertising ID sent to the backends.
    ///
    /// Emulator only: the real SDK reads these from the device.
    public var deviceInfo: DeviceInfo {
        get { configuration[\.deviceInfo] }
        set { configuration[\.deviceInfo] = newValue }
    }

    /// Adds a key path in push payloads that holds a OneLink URL, such as `["af_push_link"]`.
    ///
    /// With at least one path configured, ``handlePushNotification(_:)`` uses
    /// the OneLink method; with none, it reads legacy attribution parameters
    /// from the payload's `"af"` dictionary.
    public func addPushNotificationDeepLinkPath(_ deepLinkPath: [String]) {
        configuration.withLock { $0.pushPaths.append(deepLinkPath) }
    }
}

extension AppsFlyerLib.Configuration {
    /// The identity the requests carry: none while the user is anonymized.
    var reportedIdentity: UserIdentity {
        flags.anonymizeUser ? UserIdentity() : identity
    }
}
