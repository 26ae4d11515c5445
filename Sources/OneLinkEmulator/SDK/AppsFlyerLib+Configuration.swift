import Foundation
import OneLinkSupport

extension AppsFlyerLib {
    /// The SDK's settings, copy-on-write: a copy is one retain.
    ///
    /// Every command takes a snapshot (`configuration.value`), and pending
    /// links and sessions keep one; the fields, most of them references,
    /// would otherwise cost a retain and a release each per copy. Each field
    /// forwards to ``ConfigurationValues``; a write copies the box only while
    /// a snapshot shares it.
    struct Configuration: Sendable {
        /// The defaults, shared by every new SDK until its first write copies them.
        private var box = Box.defaults

        var devKey: String {
            get { box.values.devKey }
            _modify {
                makeUnique()
                yield &box.values.devKey
            }
        }

        var appID: String {
            get { box.values.appID }
            _modify {
                makeUnique()
                yield &box.values.appID
            }
        }

        var customDomains: [String]? {
            get { box.values.customDomains }
            _modify {
                makeUnique()
                yield &box.values.customDomains
            }
        }

        var resolveDeepLinkURLs: [String]? {
            get { box.values.resolveDeepLinkURLs }
            _modify {
                makeUnique()
                yield &box.values.resolveDeepLinkURLs
            }
        }

        var deepLinkTimeout: UInt {
            get { box.values.deepLinkTimeout }
            _modify {
                makeUnique()
                yield &box.values.deepLinkTimeout
            }
        }

        var conversionDataTimeout: UInt {
            get { box.values.conversionDataTimeout }
            _modify {
                makeUnique()
                yield &box.values.conversionDataTimeout
            }
        }

        var minTimeBetweenSessions: UInt {
            get { box.values.minTimeBetweenSessions }
            _modify {
                makeUnique()
                yield &box.values.minTimeBetweenSessions
            }
        }

        var isDebug: Bool {
            get { box.values.isDebug }
            _modify {
                makeUnique()
                yield &box.values.isDebug
            }
        }

        var writesDeviceLog: Bool {
            get { box.values.writesDeviceLog }
            _modify {
                makeUnique()
                yield &box.values.writesDeviceLog
            }
        }

        var sdkVersion: String {
            get { box.values.sdkVersion }
            _modify {
                makeUnique()
                yield &box.values.sdkVersion
            }
        }

        var pushPaths: [[String]] {
            get { box.values.pushPaths }
            _modify {
                makeUnique()
                yield &box.values.pushPaths
            }
        }

        var deviceInfo: DeviceInfo {
            get { box.values.deviceInfo }
            _modify {
                makeUnique()
                yield &box.values.deviceInfo
            }
        }

        var callbackDelivery: CallbackDelivery {
            get { box.values.callbackDelivery }
            _modify {
                makeUnique()
                yield &box.values.callbackDelivery
            }
        }

        var valueTyping: LinkParser.ValueTyping {
            get { box.values.valueTyping }
            _modify {
                makeUnique()
                yield &box.values.valueTyping
            }
        }

        var identity: UserIdentity {
            get { box.values.identity }
            _modify {
                makeUnique()
                yield &box.values.identity
            }
        }

        var flags: PrivacyFlags {
            get { box.values.flags }
            _modify {
                makeUnique()
                yield &box.values.flags
            }
        }

        var isStopped: Bool {
            get { box.values.isStopped }
            _modify {
                makeUnique()
                yield &box.values.isStopped
            }
        }

        var host: String {
            get { box.values.host }
            _modify {
                makeUnique()
                yield &box.values.host
            }
        }

        var hostPrefix: String {
            get { box.values.hostPrefix }
            _modify {
                makeUnique()
                yield &box.values.hostPrefix
            }
        }

        var appInviteOneLinkID: String? {
            get { box.values.appInviteOneLinkID }
            _modify {
                makeUnique()
                yield &box.values.appInviteOneLinkID
            }
        }

        var currencyCode: String? {
            get { box.values.currencyCode }
            _modify {
                makeUnique()
                yield &box.values.currencyCode
            }
        }

        var attWaitTimeout: TimeInterval? {
            get { box.values.attWaitTimeout }
            _modify {
                makeUnique()
                yield &box.values.attWaitTimeout
            }
        }

        var appendedDeepLinkParameters: [AppendedDeepLinkParameters] {
            get { box.values.appendedDeepLinkParameters }
            _modify {
                makeUnique()
                yield &box.values.appendedDeepLinkParameters
            }
        }

        var recordedCalls: BoundedHistory<RecordedCall> {
            get { box.values.recordedCalls }
            _modify {
                makeUnique()
                yield &box.values.recordedCalls
            }
        }

        var sharingFilter: [String]? {
            get { box.values.sharingFilter }
            _modify {
                makeUnique()
                yield &box.values.sharingFilter
            }
        }

        var facebookDeferredAppLink: URL? {
            get { box.values.facebookDeferredAppLink }
            _modify {
                makeUnique()
                yield &box.values.facebookDeferredAppLink
            }
        }

        /// The host requests go to when `setHost(_:withHostPrefix:)` changed it, prefix first.
        var customHost: String? { box.values.customHost }

        /// ``ConfigurationValues/reportedDevice(tracking:)`` of these settings.
        func reportedDevice(tracking status: TrackingAuthorizationStatus) -> DeviceInfo {
            box.values.reportedDevice(tracking: status)
        }

        /// The identity the requests carry: none while the user is anonymized.
        var reportedIdentity: UserIdentity { box.values.reportedIdentity }

        private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        }

        // @unchecked: `values` changes only through a `Configuration` that holds the sole reference
        // (isKnownUniquelyReferenced), so a box another thread can see is never written; the shared
        // defaults never are, since the static keeps a reference to them.
        private final class Box: @unchecked Sendable {
            /// The default settings: building them costs more than the copy a first write makes.
            static let defaults = Box(ConfigurationValues())

            var values: ConfigurationValues

            init(_ values: ConfigurationValues) {
                self.values = values
            }
        }
    }

    /// The fields of a ``Configuration``, stored once in its box.
    struct ConfigurationValues: Sendable {
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
        var pushPaths: [[String]] = []
        var deviceInfo = DeviceInfo()
        var callbackDelivery = CallbackDelivery.mainQueue
        var valueTyping = LinkParser.ValueTyping.strings
        var identity = UserIdentity()
        var flags = PrivacyFlags()
        var isStopped = false
        var host = AppsFlyerLib.defaultHost
        var hostPrefix = ""
        var appInviteOneLinkID: String?
        var currencyCode: String?
        var attWaitTimeout: TimeInterval?
        var appendedDeepLinkParameters: [AppendedDeepLinkParameters] = []
        var recordedCalls = BoundedHistory<RecordedCall>(limit: AppsFlyerLib.storageErrorLimit)
        var sharingFilter: [String]?
        var facebookDeferredAppLink: URL?

        /// The host requests go to when `setHost(_:withHostPrefix:)` changed it, prefix first.
        var customHost: String? {
            host == AppsFlyerLib.defaultHost && hostPrefix.isEmpty ? nil : hostPrefix + host
        }
    }

    struct Delegates {
        weak var delegate: (any AppsFlyerLibDelegate)?
        weak var deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)?
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

extension AppsFlyerLib.ConfigurationValues {
    /// The device as the requests describe it: no advertising ID unless tracking is authorized, collection allowed and the user not anonymized.
    func reportedDevice(tracking status: TrackingAuthorizationStatus) -> DeviceInfo {
        var device = deviceInfo
        if status != .authorized || flags.disableAdvertisingIdentifier || flags.anonymizeUser {
            device.advertisingID = nil
        }
        return device
    }

    /// The identity the requests carry: none while the user is anonymized.
    var reportedIdentity: UserIdentity {
        flags.anonymizeUser ? UserIdentity() : identity
    }
}
