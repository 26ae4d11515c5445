import Foundation
import OneLinkEmulator

#if !canImport(UIKit)
    /// Opens a link through every delivery path of an app's wiring and reports whether the SDK received it exactly once.
    ///
    /// For each wiring, each link kind (universal link, URI scheme, push tap)
    /// and each app state (not running, background, foreground), the check
    /// starts a fresh ``EmulatedAppProcess`` with its own `AppsFlyerLib` and
    /// device store (bound to `AppsFlyerLib.shared()` for the app's code;
    /// the in-memory backends that answer it are the check's, shared by every
    /// path, as installs share AppsFlyer's servers), puts it in the
    /// state, opens a link carrying a token unique to the path, waits for the
    /// SDK to settle, and counts the SDK callbacks carrying that token.
    ///
    /// One call in a test; on failure the thrown error's description is the whole table:
    ///
    /// ```swift
    /// try await WiringCheck().verify(
    ///     .scenes(appDelegate: { AppDelegate() }, sceneDelegate: { SceneDelegate() }))
    /// ```
    public struct WiringCheck: Sendable {
        /// The app's custom URL scheme, used for URI-scheme links; it must be a valid scheme (letters, digits, `+ - .`).
        public var uriScheme: String
        /// The OneLink that universal links and push links start with; the path's token is added as `deep_link_value`.
        public var universalLinkBase: String
        /// The app that opens URI-scheme links, or `nil` for none.
        public var sourceApplication: String?
        /// The backends every path's SDK talks to.
        private let servers = Servers()

        /// Creates a check.
        public init(
            uriScheme: String = "wiringcheck",
            universalLinkBase: String = "https://onelink-basic-app.onelink.me/H5hv",
            sourceApplication: String? = "com.apple.mobilesafari"
        ) {
            self.uriScheme = uriScheme
            self.universalLinkBase = universalLinkBase
            self.sourceApplication = sourceApplication
        }

        /// The `deep_link_value` the check puts in a path's link, such as `universal_link-not_running-scenes`.
        public static func token(for path: DeliveryPath) -> String {
            tokens[path.ordinal]
        }

        /// Every path's token, made once.
        private static let tokens = DeliveryPath.table {
            "\($0.kind.rawValue)-\($0.state.rawValue)-\($0.structure.rawValue)"
        }

        /// The link the check opens for a path.
        ///
        /// A push tap's payload carries the token both as AppsFlyer's `af`
        /// dictionary and as a OneLink under `af_push_link`, so it is received
        /// whether or not the app configures a push deep-link path.
        public func link(for path: DeliveryPath) -> IncomingLink {
            let standard = Self.standardLinks
            guard linkSettings == standard.settings else { return makeLink(for: path) }
            return standard.links[path.ordinal]
        }

        /// What a path's link is made from, besides its path.
        private struct LinkSettings: Equatable {
            var uriScheme: String
            var universalLinkBase: String
            var sourceApplication: String?
        }

        private var linkSettings: LinkSettings {
            LinkSettings(
                uriScheme: uriScheme, universalLinkBase: universalLinkBase,
                sourceApplication: sourceApplication)
        }

        /// Every path's link for the default settings, made once: the same values every check with them would make.
        private static let standardLinks: (settings: LinkSettings, links: [IncomingLink]) = {
            let check = WiringCheck()
            return (check.linkSettings, DeliveryPath.table { check.makeLink(for: $0) })
        }()

        /// The Foundation form (`userInfo`) of every push-tap path's payload in ``standardLinks``, `nil` for other paths, made once.
        ///
        /// Its values are Swift strings and dictionaries, so app code that takes the
        /// payload apart cannot change it for a later path.
        @MainActor private static let standardUserInfo: [[AnyHashable: Any]?] = standardLinks.links.map {
            guard case .pushTap(let payload) = $0 else { return nil }
            return payload.foundationDictionary
        }

        private func makeLink(for path: DeliveryPath) -> IncomingLink {
            let token = Self.token(for: path)
            var universal: String { "\(universalLinkBase)?pid=wiring_check&deep_link_value=\(token)" }
            switch path.kind {
            case .universalLink:
                return .universalLink(URL(string: universal) ?? Self.unparsable)
            case .uriScheme:
                let url =
                    URL(string: Self.forcedDeepLinkURL(scheme: uriScheme, token: token)) ?? Self.unparsable
                return .uriScheme(url, sourceApplication: sourceApplication)
            case .pushTap:
                return .pushTap([
                    "aps": ["alert": "Open"],
                    "af": ["pid": "wiring_check", "deep_link_value": .string(token)],
                    "af_push_link": .string(universal),
                ])
            }
        }

        /// The URI-scheme link of a path, shaped as the OneLink service opens an app from an in-app
        /// browser or for `af_force_deeplink=true`: `af_dp` carrying the link's parameters, sorted, with
        /// `pid` as `media_source` and `af_deeplink=true` (Docs/behaviour.md, "Retargeting, in-app
        /// browsers and always-present fields"), such as
        /// `wiringcheck://open?af_deeplink=true&af_dp=wiringcheck%3A%2F%2Fopen&af_force_deeplink=true&deep_link_value=<token>&media_source=wiring_check`.
        public static func forcedDeepLinkURL(scheme: String, token: String) -> String {
            "\(scheme)://open?af_deeplink=true&af_dp=\(scheme)%3A%2F%2Fopen&af_force_deeplink=true"
                + "&deep_link_value=\(token)&media_source=wiring_check"
        }

        /// What a path opens when ``uriScheme`` or ``universalLinkBase`` makes no URL: a link the SDK ignores, so the path reports `not at all`.
        private static let unparsable = URL(fileURLWithPath: "/")

        /// Checks every path of every wiring.
        ///
        /// It gives up the main actor every sixteen paths: a path whose SDK settles
        /// at once never suspends, and a check of a hundred paths would otherwise
        /// hold the main queue, and every other test's main-queue deliveries, for
        /// its whole run.
        @MainActor
        public func run(_ wirings: [AppWiring]) async -> WiringReport {
            var rows: [WiringReport.Row] = []
            rows.reserveCapacity(wirings.count * DeliveryPath.all(for: .appDelegate).count)
            for wiring in wirings {
                for path in DeliveryPath.all(for: wiring.structure) {
                    rows.append(await check(wiring, path: path))
                    // `Task.yield()` leaves the main actor for the global pool and comes back: two
                    // thread hand-overs, which cost more than a path itself when taken after each.
                    if rows.count.isMultiple(of: 16) { await Task.yield() }
                }
            }
            return WiringReport(rows: rows)
        }

        /// Checks every path of every wiring.
        @MainActor
        public func run(_ wirings: AppWiring...) async -> WiringReport {
            await run(wirings)
        }

        /// Checks every path of every wiring and throws unless each delivers its link to the SDK exactly once.
        ///
        /// - Throws: ``WiringCheckFailure``, whose description is the report's table.
        @MainActor
        public func verify(_ wirings: AppWiring...) async throws(WiringCheckFailure) {
            let report = await run(wirings)
            guard report.passed else { throw WiringCheckFailure(report: report) }
        }

        /// Checks one path of one wiring; `path.structure` is taken from the wiring.
        @MainActor
        public func check(_ wiring: AppWiring, path: DeliveryPath) async -> WiringReport.Row {
            var path = path
            path.structure = wiring.structure
            let clock = ManualClock()
            let sdk = AppsFlyerLib(
                shortLinkResolver: servers.shortLinks, conversionDataSource: servers.conversionData,
                deferredDeepLinkSource: servers.deferredDeepLinks, launchRecorder: servers.launches,
                deviceStore: InMemoryDeviceStore(), clock: clock, logSink: servers.log,
                eventRecorder: servers.events, purchaseValidator: servers.purchases)
            // App code may set its own (often `@MainActor`) delegates: they get the main queue, as
            // from the real SDK. The check runs on the main actor, so delivery needs no hop.
            sdk.callbackDelivery = .mainQueue
            sdk.drainerStartsHere = true
            let process = EmulatedAppProcess(wiring: wiring, sdk: sdk, clock: clock)
            process.bring(to: path.state)
            await sdk.settle()
            let before = sdk.deliveredEventCount
            let called: [EntryPoint]
            if linkSettings == Self.standardLinks.settings {
                let ordinal = path.ordinal
                called = process.open(
                    Self.standardLinks.links[ordinal], userInfo: Self.standardUserInfo[ordinal])
            } else {
                called = process.open(makeLink(for: path))
            }
            await sdk.settle()
            let expected = AttributionValue.string(Self.token(for: path))
            let received = sdk.deliveredEventCount(from: before) {
                $0.payload?["deep_link_value"] == expected
            }
            return WiringReport.Row(wiring: wiring.name, path: path, received: received, entryPoints: called)
        }

        /// The in-memory backends a check's SDKs share, as every install of an app talks to the same servers.
        ///
        /// They answer at once and keep no state a path could see (only their
        /// bounded request logs grow), so sharing them changes no verdict; each
        /// path still has a fresh SDK, device store and clock. Made once per
        /// check rather than once per path, they spare every path six backends.
        private final class Servers: Sendable {
            let shortLinks = InMemoryShortLinkResolver()
            let conversionData = InMemoryConversionDataSource()
            let deferredDeepLinks = InMemoryDeferredDeepLinkSource()
            let launches = InMemoryLaunchRecorder()
            let events = InMemoryEventRecorder()
            let purchases = InMemoryPurchaseValidator()
            /// Where the SDKs' debug log goes: nowhere, since the report never shows it (an app's code may still turn it on).
            let log = DiscardedLog()
        }

        /// A debug log sink that keeps nothing.
        private struct DiscardedLog: DebugLogSink {
            func log(_ entry: DebugLogEntry) {}
        }
    }
#endif
