import Foundation
public import OneLinkApp
public import OneLinkClicks
public import OneLinkEmulator

/// The backends and server state a scenario describes, built on one clock.
///
/// ``Scenario/backends(clock:)`` builds them; ``ScenarioRunner`` hands them to
/// the SDK, and a server can serve them over HTTP.
public struct ScenarioBackends: Sendable {
    /// The short-link resolver: `$.backend.shortLinks` and `$.backend.redirects`.
    public let shortLinkResolver: InMemoryShortLinkResolver
    /// The conversion-data source: `$.backend.install`, or the click store when a server is configured.
    public let conversionDataSource: any ConversionDataSource
    /// The UDL deferred source: `$.backend.deferredClicks`, or the click store when a server is configured.
    public let deferredDeepLinkSource: any DeferredDeepLinkSource
    /// The store clicks are recorded in, when a server is configured.
    public let clickStore: InMemoryClickStore?
    /// The OneLink server's click handler, when a server is configured.
    public let clickHandler: ClickHandler?
    /// The click store's conversion-data source, when a server is configured.
    var clickConversionSource: ClickStoreConversionDataSource? = nil
    /// The devices the conversion-data source remembers, when a server is configured (its click
    /// store's source); `nil` for `$.backend.install`, which remembers none.
    public var deviceMemory: (any DeviceMemory)? { clickConversionSource }
    /// The rules the click store's sources match installs by (`$.backend.server`'s), or the standard
    /// ones without a server.
    public var installMatcher: InstallMatcher { clickConversionSource?.matcher ?? .standard }
    /// The launch recorder: `$.backend.behaviour.launch`.
    public let launchRecorder: InMemoryLaunchRecorder
    /// The clipboard token source: `$.backend.clipboardTokens`.
    public let clipboardMatchSource: InMemoryClipboardMatchSource

    /// The bounds on what the backends keep as traffic arrives; the defaults suit a replay.
    public struct Bounds: Sendable, Hashable {
        /// The most requests each backend's `requests` log keeps.
        public var requestHistoryLimit: Int
        /// The most clicks the click store holds.
        public var clickCapacity: Int
        /// What a click recorded at ``clickCapacity`` does.
        public var clickOverflow: InMemoryClickStore.Overflow
        /// The most devices whose first conversion-data answer is remembered.
        public var maximumRememberedDevices: Int

        /// Creates bounds; every default is the backends' own.
        public init(
            requestHistoryLimit: Int = RequestHistory.defaultLimit,
            clickCapacity: Int = InMemoryClickStore.defaultCapacity,
            clickOverflow: InMemoryClickStore.Overflow = .refuse,
            maximumRememberedDevices: Int = ClickStoreConversionDataSource.defaultMaximumRememberedDevices
        ) {
            self.requestHistoryLimit = requestHistoryLimit
            self.clickCapacity = clickCapacity
            self.clickOverflow = clickOverflow
            self.maximumRememberedDevices = maximumRememberedDevices
        }
    }

    /// The conversion-data and deferred sources, whose behaviour a step changes and whose requests
    /// each step counts: held as they are, not behind four closures (four allocations per replay).
    let conversionBackend: any ReplayBackend
    let deferredBackend: any ReplayBackend

    /// Changes how backends answer from now on; `nil` leaves one unchanged.
    public func setBehavior(
        shortLinks: InMemoryBehavior? = nil, conversion: InMemoryBehavior? = nil,
        deferred: InMemoryBehavior? = nil
    ) {
        if let shortLinks { shortLinkResolver.behavior = shortLinks }
        if let conversion { conversionBackend.behavior = conversion }
        if let deferred { deferredBackend.behavior = deferred }
    }
}

extension Scenario {
    /// Builds the scenario's backends on `clock`; deferred click times are relative to `clock.now`.
    ///
    /// - Parameters:
    ///   - clock: The clock every backend runs on.
    ///   - bounds: What the backends keep as traffic arrives (request logs, clicks, answers).
    /// - Throws: ``ScenarioError`` when the server configuration is refused.
    public func backends(
        clock: any EmulatorClock, bounds: ScenarioBackends.Bounds = .init()
    ) throws(ScenarioError) -> ScenarioBackends {
        let settings = backend
        // Every backend starts with the default limits: setting them again takes a lock each.
        let setsHistoryLimit = bounds.requestHistoryLimit != RequestHistory.defaultLimit
        let resolver = InMemoryShortLinkResolver(
            links: settings.shortLinks, redirects: settings.redirects, behavior: settings.shortLinkBehavior,
            clock: clock)
        if setsHistoryLimit { resolver.requestHistoryLimit = bounds.requestHistoryLimit }
        var store: InMemoryClickStore?
        var handler: ClickHandler?
        var clickConversion: ClickStoreConversionDataSource?
        let conversion: any ConversionDataSource
        let deferred: any DeferredDeepLinkSource
        let conversionBackend: any ReplayBackend
        let deferredBackend: any ReplayBackend
        if let server = settings.server {
            let clickStore = InMemoryClickStore(
                capacity: bounds.clickCapacity, overflow: bounds.clickOverflow)
            let clickLinks = InMemoryShortLinkResolver(links: settings.shortLinks)
            if setsHistoryLimit { clickLinks.requestHistoryLimit = bounds.requestHistoryLimit }
            do {
                handler = try ClickHandler(
                    configuration: server, shortLinks: clickLinks, store: clickStore, clock: clock)
            } catch {
                throw ScenarioError(
                    file: file, path: "$.backend.server", reason: .invalidValue(error.description))
            }
            store = clickStore
            // The click-store sources have no behaviour of their own; a thin wrapper adds one.
            let storeConversion = ClickStoreConversionDataSource(store: clickStore, matcher: settings.matcher)
            if setsHistoryLimit { storeConversion.requestHistoryLimit = bounds.requestHistoryLimit }
            if bounds.maximumRememberedDevices
                != ClickStoreConversionDataSource.defaultMaximumRememberedDevices
            {
                storeConversion.maximumRememberedDevices = bounds.maximumRememberedDevices
            }
            clickConversion = storeConversion
            let storeDeferred = ClickStoreDeferredDeepLinkSource(store: clickStore, matcher: settings.matcher)
            if setsHistoryLimit { storeDeferred.requestHistoryLimit = bounds.requestHistoryLimit }
            let conversionSource = ReplayBehaviorSource(
                conversion: storeConversion, deferred: nil, behavior: settings.conversionBehavior,
                clock: clock)
            let deferredSource = ReplayBehaviorSource(
                conversion: nil, deferred: storeDeferred, behavior: settings.deferredBehavior, clock: clock)
            conversion = conversionSource
            deferred = deferredSource
            conversionBackend = conversionSource
            deferredBackend = deferredSource
        } else {
            let start = clock.now
            let conversionSource = InMemoryConversionDataSource(
                attribution: settings.install, behavior: settings.conversionBehavior, clock: clock)
            let deferredSource = InMemoryDeferredDeepLinkSource(
                clicks: settings.deferredClicks.map { click in
                    DeferredClick(
                        time: start.addingTimeInterval(Double(click.offsetMilliseconds) / 1000),
                        parameters: click.parameters, matchType: click.matchType)
                }, behavior: settings.deferredBehavior, clock: clock)
            if setsHistoryLimit {
                conversionSource.requestHistoryLimit = bounds.requestHistoryLimit
                deferredSource.requestHistoryLimit = bounds.requestHistoryLimit
            }
            conversion = conversionSource
            deferred = deferredSource
            conversionBackend = conversionSource
            deferredBackend = deferredSource
        }
        var backends = ScenarioBackends(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            clickStore: store, clickHandler: handler,
            launchRecorder: InMemoryLaunchRecorder(behavior: settings.launchBehavior, clock: clock),
            clipboardMatchSource: InMemoryClipboardMatchSource(
                matches: settings.clipboardTokens, clock: clock),
            conversionBackend: conversionBackend, deferredBackend: deferredBackend)
        backends.clickConversionSource = clickConversion
        return backends
    }
}

extension ScenarioBackends {
    /// How many requests each backend has received so far.
    struct RequestMarks {
        var conversion: Int
        var deferred: Int
        var shortLinks: Int
    }

    var requestMarks: RequestMarks {
        RequestMarks(
            conversion: conversionBackend.requestCount, deferred: deferredBackend.requestCount,
            shortLinks: shortLinkResolver.receivedRequestCount)
    }

    /// The requests received between `marks` and `now`, conversion data first, then deferred
    /// lookups, then short links (the newest of those received).
    func requests(from marks: RequestMarks, to now: RequestMarks) -> [StepTrace.Request] {
        // Most steps send nothing.
        if now.conversion <= marks.conversion, now.deferred <= marks.deferred,
            now.shortLinks <= marks.shortLinks
        {
            return []
        }
        var found = Array(
            repeating: StepTrace.Request.conversion, count: max(0, now.conversion - marks.conversion))
        found += Array(repeating: .deferred, count: max(0, now.deferred - marks.deferred))
        let newLinks = now.shortLinks - marks.shortLinks
        if newLinks > 0 {
            found += shortLinkResolver.newestRequests(newLinks).map {
                .shortLink("\($0.template)/\($0.shortID)")
            }
        }
        return found
    }
}

/// A backend whose behaviour a `behaviour` step changes and whose requests each step counts.
protocol ReplayBackend: AnyObject, Sendable {
    /// How later requests are answered.
    var behavior: InMemoryBehavior { get set }
    /// How many requests have arrived.
    var requestCount: Int { get }
}

extension InMemoryConversionDataSource: ReplayBackend {
    var requestCount: Int { receivedRequestCount }
}

extension InMemoryDeferredDeepLinkSource: ReplayBackend {
    var requestCount: Int { receivedRequestCount }
}

extension ReplayBehaviorSource: ReplayBackend {
    var requestCount: Int { callCount }
}
