import Foundation

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
    /// The clipboard token source: `$.backend.clipboardTokens`.
    public let clipboardMatchSource: InMemoryClipboardMatchSource

    let conversion: ReplayBehaviorSource
    let deferred: ReplayBehaviorSource

    /// Changes how backends answer from now on; `nil` leaves one unchanged.
    public func setBehavior(
        shortLinks: InMemoryBehavior? = nil, conversion: InMemoryBehavior? = nil,
        deferred: InMemoryBehavior? = nil
    ) {
        if let shortLinks { shortLinkResolver.setBehavior(shortLinks) }
        if let conversion { self.conversion.setBehavior(conversion) }
        if let deferred { self.deferred.setBehavior(deferred) }
    }
}

extension Scenario {
    /// Builds the scenario's backends on `clock`; deferred click times are relative to `clock.now`.
    ///
    /// - Throws: ``ScenarioError`` when the server configuration is refused.
    public func backends(clock: any EmulatorClock) throws(ScenarioError) -> ScenarioBackends {
        let settings = backend
        let resolver = InMemoryShortLinkResolver(
            links: settings.shortLinks, redirects: settings.redirects, behavior: settings.shortLinkBehavior,
            clock: clock)
        var store: InMemoryClickStore?
        var handler: ClickHandler?
        let conversionInner: any ConversionDataSource
        let deferredInner: any DeferredDeepLinkSource
        if let server = settings.server {
            let clickStore = InMemoryClickStore()
            do {
                handler = try ClickHandler(
                    configuration: server, shortLinks: InMemoryShortLinkResolver(links: settings.shortLinks),
                    store: clickStore, clock: clock)
            } catch {
                throw ScenarioError(
                    file: file, path: "$.backend.server", reason: .invalidValue(error.description))
            }
            store = clickStore
            conversionInner = ClickStoreConversionDataSource(store: clickStore)
            deferredInner = ClickStoreDeferredDeepLinkSource(store: clickStore)
        } else {
            let start = clock.now
            conversionInner = InMemoryConversionDataSource(attribution: settings.install)
            deferredInner = InMemoryDeferredDeepLinkSource(
                clicks: settings.deferredClicks.map { click in
                    DeferredClick(
                        time: start.addingTimeInterval(Double(click.offsetMilliseconds) / 1000),
                        parameters: click.parameters, matchType: click.matchType)
                })
        }
        let conversion = ReplayBehaviorSource(
            conversion: conversionInner, deferred: nil, behavior: settings.conversionBehavior, clock: clock)
        let deferred = ReplayBehaviorSource(
            conversion: nil, deferred: deferredInner, behavior: settings.deferredBehavior, clock: clock)
        return ScenarioBackends(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            clickStore: store, clickHandler: handler,
            clipboardMatchSource: InMemoryClipboardMatchSource(
                matches: settings.clipboardTokens, clock: clock),
            conversion: conversion, deferred: deferred)
    }
}
