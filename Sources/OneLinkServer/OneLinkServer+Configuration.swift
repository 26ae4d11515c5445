public import Foundation
public import OneLinkClicks
public import OneLinkEmulator
import OneLinkSupport

extension OneLinkServer {
    /// Everything a server needs: its backends, click handling, faults, limits, clock, address and log.
    public struct Configuration: Sendable {
        /// The address to bind, a numeric IPv4 or IPv6 address; default `127.0.0.1`.
        ///
        /// One outside loopback needs ``allowsNonLoopbackHost`` and every credential
        /// (``missingNetworkCredentials`` empty).
        public var host: String
        /// The port to bind; 0 (the default) picks a free ephemeral port.
        public var port: UInt16
        /// Answers `GET /shortlink-sdk/v2/…` and, through its redirects, wrapped-link `GET`s.
        public var shortLinkResolver: any ShortLinkResolver
        /// Answers `GET /install_data/v5.0/…`.
        public var conversionDataSource: any ConversionDataSource
        /// Answers `POST /v1.0/ios/…`.
        public var deferredDeepLinkSource: any DeferredDeepLinkSource
        /// Handles OneLink clicks; without one, click paths are ordinary wrapper `GET`s.
        public var clickHandler: ClickHandler?
        /// The base wrapper URLs are looked up under (`wrapperBase + request target`); `nil` (the
        /// default) uses the server's own ``OneLinkServer/baseURL``.
        public var wrapperBase: URL?
        /// Paths (without query) answered `200` with a small HTML page when the resolver has no redirect.
        ///
        /// Such as a fixture's `/landing`; any other unknown path is a 404.
        public var landingPaths: Set<String>
        /// The faults to inject; change them on a running server with ``OneLinkServer/faultPlan``.
        public var faultPlan: FaultPlan
        /// Size and time limits.
        public var limits: ServerLimits
        /// The clock ``ServerFault/delay(_:)`` waits on.
        public var clock: any EmulatorClock
        /// Receives one entry per request.
        public var logSink: any RequestLogSink
        /// Allows binding a non-loopback address, and Push API messages to ``pushAllowedHosts``; off by
        /// default, and the server refuses one.
        ///
        /// With it, a non-loopback ``host`` still needs keys for every API that checks them
        /// (``missingNetworkCredentials``), so that no API accepts any key on a network.
        public var allowsNonLoopbackHost: Bool
        /// Records the SDK's in-app events (`POST /api/v6/iosevent/{appID}` with an `eventName`) and the
        /// S2S API's (`POST /inappevent/{app_id}`).
        public var eventRecorder: any EventRecorder
        /// Answers `POST /shortlink/v1/{template}`: user-invite short links; `nil` answers 404.
        ///
        /// Give it the ``shortLinkResolver`` (``InMemoryShortLinkCreator``) so that the links it creates resolve.
        public var shortLinkCreator: (any ShortLinkCreator)?
        /// Answers `POST /api/v6/iosevent/{appID}`: each session's launch request (400 for a dev key it refuses).
        public var launchRecorder: any LaunchRecorder
        /// The `GET /` dashboard page; `nil` (the default) leaves `/` an ordinary path.
        public var dashboard: ServerDashboard?
        /// The public OneLink API (v2.0 and v1).
        ///
        /// `nil` (the default) answers its calls `403 feature_not_enabled`. Its rate limits and the
        /// TTLs run on ``clock``.
        public var oneLinkAPI: OneLinkAPISettings?
        /// The S2S keys `POST /inappevent/{app_id}` accepts in its `authentication` header.
        ///
        /// Empty (the default) accepts any non-empty key; a missing key is `400 Failed to Authenticate`
        /// and a refused one `401 Unauthorized`.
        public var s2sKeys: Set<String>
        /// The dev keys the conversion-data routes (the GCD API, `GET /install_data/v4.0/…`, and the
        /// SDK's own `v5.0`) accept in `devkey`.
        ///
        /// Empty (the default) accepts any non-empty key on v4.0 and any key on v5.0; otherwise a
        /// missing or refused key is a 403 on both.
        public var devKeys: Set<String>
        /// Devices whose install answer the GCD API remembers; beyond it the oldest is forgotten.
        public var maximumRememberedInstalls: Int
        /// The account's AppsFlyer plan; default ``AppsFlyerPlan/growth``.
        ///
        /// Under ``AppsFlyerPlan/zero`` every authenticated S2S event is `403 Forbidden`.
        public var accountPlan: AppsFlyerPlan = .growth
        /// Launches, and separately SDK in-app events, the Test Console's events list keeps; default
        /// 100,000 of each.
        ///
        /// Accepted `POST /api/v6/iosevent/{appID}` launches and events; beyond the bound the oldest is
        /// forgotten.
        public var maximumRememberedLaunches: Int = 100_000
        /// Push API postbacks: a message per install and in-app event to loopback receivers (or
        /// ones on ``pushAllowedHosts``); `nil`
        /// (the default) sends none.
        public var pushAPI: PushAPISettings? = nil
        /// Hosts besides loopback that Push API endpoints may name, for receivers on a network.
        ///
        /// Default none. Needs ``allowsNonLoopbackHost``; build the endpoints with the same hosts
        /// (`PushAPIEndpoint(url:method:allowedHosts:)`).
        public var pushAllowedHosts: Set<String> = []
        /// The short-link table `PUT /onelink-emulator/shortlinks` adds links to; give it the table
        /// behind ``shortLinkResolver`` (an `InMemoryShortLinkResolver` is one) so loaded links resolve.
        ///
        /// `nil` (the default) turns loading off: the route answers 501, and
        /// ``unavailableFeatures`` says so.
        public var shortLinkStore: (any ShortLinkStore)? = nil
        /// What the server remembers per device beyond its own records.
        ///
        /// `DELETE /onelink-emulator/devices/{device-id}` and the reset forget devices there, and its
        /// ``DeviceMemory/testDevices`` are the Test Console's registry (so registered devices skip the
        /// re-attribution window). Give it the ``conversionDataSource`` when that is a
        /// `ClickStoreConversionDataSource`.
        ///
        /// `nil` (the default): the server forgets only its own install and launch records, keeps
        /// test devices in a registry of its own, and ``unavailableFeatures`` says so.
        public var deviceMemory: (any DeviceMemory)? = nil
        /// The rules the deep-linking REST API matches a first launch to a recorded click by, and the
        /// Push API judges re-attributions and re-engagements by; default `InstallMatcher.standard`.
        ///
        /// Give it the matcher of the click-store sources, so the SDK's lookup and the REST API find
        /// the same click.
        public var installMatcher: InstallMatcher = .standard
        /// How long after a click the deep-linking REST API still finds it for a first launch; default
        /// 15 minutes, the SDK lookup's (`InMemoryDeferredDeepLinkSource.defaultWindow`).
        public var deferredLookupWindow: Duration = InMemoryDeferredDeepLinkSource.defaultWindow
        /// Where the server keeps its state across restarts (`serve --state DIR`); `nil` (the
        /// default) keeps it in memory only.
        ///
        /// The server replays it as it starts and appends each answered change before the answer.
        package var stateJournal: ServerStateJournal? = nil

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0,
            shortLinkResolver: any ShortLinkResolver = InMemoryShortLinkResolver(),
            conversionDataSource: any ConversionDataSource = InMemoryConversionDataSource(),
            deferredDeepLinkSource: any DeferredDeepLinkSource = InMemoryDeferredDeepLinkSource(),
            clickHandler: ClickHandler? = nil, wrapperBase: URL? = nil, landingPaths: Set<String> = [],
            faultPlan: FaultPlan = .none, limits: ServerLimits = ServerLimits(),
            clock: any EmulatorClock = SystemClock(),
            logSink: any RequestLogSink = DiscardingRequestLogSink(),
            allowsNonLoopbackHost: Bool = false,
            eventRecorder: any EventRecorder = InMemoryEventRecorder(),
            shortLinkCreator: (any ShortLinkCreator)? = nil,
            launchRecorder: any LaunchRecorder = InMemoryLaunchRecorder(),
            dashboard: ServerDashboard? = nil,
            oneLinkAPI: OneLinkAPISettings? = nil,
            s2sKeys: Set<String> = [], devKeys: Set<String> = [], maximumRememberedInstalls: Int = 100_000,
            shortLinkStore: (any ShortLinkStore)? = nil, deviceMemory: (any DeviceMemory)? = nil
        ) {
            self.shortLinkStore = shortLinkStore
            self.deviceMemory = deviceMemory
            self.devKeys = devKeys
            self.maximumRememberedInstalls = maximumRememberedInstalls
            self.s2sKeys = s2sKeys
            self.oneLinkAPI = oneLinkAPI
            self.dashboard = dashboard
            self.launchRecorder = launchRecorder
            self.host = host
            self.port = port
            self.shortLinkResolver = shortLinkResolver
            self.conversionDataSource = conversionDataSource
            self.deferredDeepLinkSource = deferredDeepLinkSource
            self.clickHandler = clickHandler
            self.wrapperBase = wrapperBase
            self.landingPaths = landingPaths
            self.faultPlan = faultPlan
            self.limits = limits
            self.clock = clock
            self.logSink = logSink
            self.allowsNonLoopbackHost = allowsNonLoopbackHost
            self.eventRecorder = eventRecorder
            self.shortLinkCreator = shortLinkCreator
        }
    }
}

extension OneLinkServer.Configuration {
    /// The features this configuration turns off for want of a capability, with what their routes
    /// answer instead; empty when every feature is on.
    public var unavailableFeatures: [UnavailableFeature] {
        var features: [UnavailableFeature] = []
        if shortLinkStore == nil {
            features.append(
                UnavailableFeature(
                    feature: "short-link loading", routes: "PUT /onelink-emulator/shortlinks",
                    missing: "no shortLinkStore", answer: "answers 501"))
        }
        if oneLinkAPI == nil {
            features.append(
                UnavailableFeature(
                    feature: "the OneLink API",
                    routes: "/api/v2.0/shortlinks… and /shortlink/v1/… with a token",
                    missing: "no oneLinkAPI settings", answer: "answer 403 feature_not_enabled"))
        }
        if shortLinkCreator == nil {
            features.append(
                UnavailableFeature(
                    feature: "user-invite links", routes: "POST /shortlink/v1/{onelink-id} with a dev key",
                    missing: "no shortLinkCreator", answer: "answers 404"))
        }
        if deviceMemory == nil {
            features.append(
                UnavailableFeature(
                    feature: "forgetting devices in the conversion source",
                    routes: "DELETE /onelink-emulator/devices/{device-id} and POST /onelink-emulator/reset",
                    missing: "no deviceMemory",
                    answer:
                        "forget only the server's own install and launch records; test devices stay the server's"
                ))
        }
        if clickHandler == nil {
            features.append(
                UnavailableFeature(
                    feature: "OneLink clicks and the link debugger",
                    routes: "GET /{onelink-id}/{shortlink-id}",
                    missing: "no clickHandler",
                    answer: "are wrapped-link lookups (404 unless the resolver redirects)"))
        }
        return features
    }
}
