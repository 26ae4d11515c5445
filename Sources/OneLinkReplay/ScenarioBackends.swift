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

    let setConversionBehavior: @Sendable (InMemoryBehavior) -> Void
    let setDeferredBehavior: @Sendable (InMemoryBehavior) -> Void

    /// Changes how backends answer from now on; `nil` leaves one unchanged.
    public func setBehavior(
        shortLinks: InMemoryBehavior? = nil, conversion: InMemoryBehavior? = nil,
        deferred: InMemoryBehavior? = nil
    ) {
        if let shortLinks { shortLinkResolver.setBehavior(shortLinks) }
        if let conversion { setConversionBehavior(conversion) }
        if let deferred { setDeferredBehavior(deferred) }
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
        let conversion: any ConversionDataSource
        let deferred: any DeferredDeepLinkSource
        let setConversion: @Sendable (InMemoryBehavior) -> Void
        let setDeferred: @Sendable (InMemoryBehavior) -> Void
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
            // The click-store sources have no behaviour of their own; a thin wrapper adds one.
            let conversionSource = ReplayBehaviorSource(
                conversion: ClickStoreConversionDataSource(store: clickStore), deferred: nil,
                behavior: settings.conversionBehavior, clock: clock)
            let deferredSource = ReplayBehaviorSource(
                conversion: nil, deferred: ClickStoreDeferredDeepLinkSource(store: clickStore),
                behavior: settings.deferredBehavior, clock: clock)
            conversion = conversionSource
            deferred = deferredSource
            setConversion = { conversionSource.setBehavior($0) }
            setDeferred = { deferredSource.setBehavior($0) }
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
            conversion = conversionSource
            deferred = deferredSource
            setConversion = { conversionSource.setBehavior($0) }
            setDeferred = { deferredSource.setBehavior($0) }
        }
        return ScenarioBackends(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            clickStore: store, clickHandler: handler,
            clipboardMatchSource: InMemoryClipboardMatchSource(
                matches: settings.clipboardTokens, clock: clock),
            setConversionBehavior: setConversion, setDeferredBehavior: setDeferred)
    }
}
