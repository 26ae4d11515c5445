import Foundation
public import OneLinkApp
public import OneLinkClicks
public import OneLinkEmulator

extension Scenario {
    /// Whether the SDK runs in unified deep linking or legacy mode.
    public enum DeepLinkMode: String, Sendable, Hashable {
        /// `deepLinkDelegate` is set before the first `start()`: results go to `didResolveDeepLink`.
        case udl
        /// Only `delegate` is set: links go to `onAppOpenAttribution`.
        case legacy
    }

    /// Which AppsFlyer iOS SDK's session model a scenario runs (`$.sdk.version`).
    public enum SDKVersion: Int, Sendable, Hashable {
        /// SDK 6: `start` calls `start()`; legacy mode delivers `onAppOpenAttribution`.
        case v6 = 6
        /// SDK 7: `start` registers the session-ready listener, which calls `start()`; direct links
        /// go only through `didResolveDeepLink`; links before the first `start` are the cold-start link.
        case v7 = 7
    }

    /// The SDK configuration (`$.sdk`).
    public struct SDKSettings: Sendable, Hashable {
        /// The SDK generation whose session model the run follows.
        public var version: SDKVersion = .v6
        /// UDL or legacy mode.
        public var mode: DeepLinkMode = .legacy
        /// `appsFlyerDevKey`; empty shows rule 12.
        public var devKey = "DEV_KEY"
        /// `appleAppID`; empty shows rule 12.
        public var appID = "123456789"
        /// `oneLinkCustomDomains`.
        public var customDomains: [String]?
        /// `resolveDeepLinkURLs`: domains whose links wrap a OneLink.
        public var resolveDeepLinkURLs: [String]?
        /// Paths given to `addPushNotificationDeepLinkPath`.
        public var pushPaths: [[String]] = []
        /// `deepLinkTimeout` in milliseconds.
        public var deepLinkTimeout: UInt = 3000
        /// `minTimeBetweenSessions` in seconds.
        public var minTimeBetweenSessions: UInt = 5
        /// `conversionDataTimeout` in milliseconds.
        public var conversionDataTimeout: UInt = 10_000
        /// `isDebug`: when on, every debug log entry is an output.
        public var debug = false
        /// What the device tells the backends (IP, model, OS version, language, IDFA).
        public var deviceInfo = DeviceInfo()
        /// Behaviours of older releases to reproduce (`$.sdk.sdkVersion`, `$.sdk.quirks`); none for the newest SDK.
        public var quirks: Set<SDKQuirk> = []
        /// The release the SDK reports (`$.sdk.sdkVersion`), a known one of the run's SDK generation; `nil` for the surface's own.
        public var release: SDKRelease?

        /// Creates the default configuration.
        public init() {}
    }

    /// What the backends answer (`$.backend`).
    public struct BackendSettings: Sendable, Hashable {
        /// Short links, keyed `template/shortID`.
        public var shortLinks: [String: AttributionPayload] = [:]
        /// Wrapped-link hops, from wrapper URL to target.
        public var redirects: [String: String] = [:]
        /// The install attribution of the conversion-data source, when not computed from clicks.
        public var install: InstallAttribution = .organic
        /// Clicks the UDL deferred source matches, with their times relative to the scenario start.
        public var deferredClicks: [TimedClick] = []
        /// How the short-link resolver answers.
        public var shortLinkBehavior: InMemoryBehavior = .immediate
        /// How the conversion-data source answers.
        public var conversionBehavior: InMemoryBehavior = .immediate
        /// How the deferred-deep-link source answers.
        public var deferredBehavior: InMemoryBehavior = .immediate
        /// How the launch recorder answers each session's launch request (`$.backend.behaviour.launch`).
        public var launchBehavior: InMemoryBehavior = .immediate
        /// The OneLink server; when set, conversion data and deferred links come from recorded clicks.
        public var server: ClickHandler.Configuration?
        /// How the server matches installs to clicks (`$.backend.server.reattributionWindow`).
        public var matcher: InstallMatcher = .standard
        /// Clipboard tokens the clipboard match source knows, with their click parameters.
        public var clipboardTokens: [String: AttributionPayload] = [:]

        /// Creates empty backends: no links, an organic install, no clicks.
        public init() {}
    }

    /// A deferred click at a time relative to the scenario start (`"at": "-3m"`).
    public struct TimedClick: Sendable, Hashable {
        /// Milliseconds from the scenario start; negative is before it.
        public var offsetMilliseconds: Int64
        /// The click's parameters.
        public var parameters: AttributionPayload
        /// `probabilistic`, `id_matching` or `srn`.
        public var matchType: MatchType

        /// Creates a click.
        public init(
            offsetMilliseconds: Int64, parameters: AttributionPayload, matchType: MatchType = .probabilistic
        ) {
            self.offsetMilliseconds = offsetMilliseconds
            self.parameters = parameters
            self.matchType = matchType
        }
    }

    /// The device before the first step (`$.device`).
    public struct DeviceSettings: Sendable, Hashable {
        /// The SDK's saved state, or `nil` for a fresh install.
        public var installed: InstalledState?
        /// The pasteboard's text at the start.
        public var pasteboard: String?
        /// Other apps on the device, for app-to-app `openURL`.
        public var apps: [OtherApp] = []

        /// Creates a fresh device with an empty pasteboard and no other apps.
        public init() {}
    }

    /// An install that already ran (`"state": "installed"`).
    public struct InstalledState: Sendable, Hashable {
        /// How long before the scenario start the app was installed, in milliseconds.
        public var installedAgoMilliseconds: Int64 = 86_400_000
        /// The cached conversion data, if a fetch already succeeded.
        public var conversionData: AttributionPayload?
        /// Whether `is_first_launch` is already used up.
        public var firstLaunchUsed = true
        /// How many sessions the install has started.
        public var sessions = 1

        /// Creates an install a day old with one session and no cached data.
        public init() {}
    }

    /// Another app installed on the emulated device.
    public struct OtherApp: Sendable, Hashable {
        /// Its bundle ID.
        public var bundleID: String
        /// The URL schemes it registers.
        public var schemes: [String]
        /// The schemes it declares in `LSApplicationQueriesSchemes`.
        public var queriesSchemes: [String]

        /// Creates an app entry.
        public init(bundleID: String, schemes: [String] = [], queriesSchemes: [String] = []) {
            self.bundleID = bundleID
            self.schemes = schemes
            self.queriesSchemes = queriesSchemes
        }
    }

    /// The app-side systems (`$.app`).
    public struct AppSettings: Sendable, Hashable {
        /// The pending deep-link router's configuration, when the scenario routes actions.
        public var routing: RoutingConfiguration?
        /// Whether every SDK deep-link payload is handed to the router (`receive(callbackPayload:)`).
        public var routeCallbacks = false
        /// The app's own bundle ID, the source of app-to-app opens.
        public var bundleID = "com.example.replay"
        /// The mistakes of the ``ExampleLinkHandler`` the run hands every callback to (`$.app.handler`);
        /// `nil` when the scenario has none.
        public var handler: ExampleLinkHandler.Mistakes?

        /// Creates settings without routing.
        public init() {}
    }
}
