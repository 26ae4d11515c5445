import OneLinkClicks
import OneLinkEmulator
import OneLinkHTTP
import OneLinkServer

func runAgainstTheServer(
    resolver: any ShortLinkResolver, conversion: any ConversionDataSource,
    deferred: any DeferredDeepLinkSource, handler: ClickHandler?, clock: ManualClock
) async throws {
    let log = InMemoryRequestLogSink()
    let server = try OneLinkServer(
        configuration: .init(
            shortLinkResolver: resolver,  // any ShortLinkResolver
            conversionDataSource: conversion,  // any ConversionDataSource
            deferredDeepLinkSource: deferred,  // any DeferredDeepLinkSource
            clickHandler: handler,  // ClickHandler?, for clicks
            faultPlan: .none,
            limits: ServerLimits(requestTimeout: .seconds(2)),
            clock: clock,  // what .delay faults wait on
            logSink: log))
    try await server.start()  // binds 127.0.0.1, port 0 by default
    let sdk = AppsFlyerLib(
        shortLinkResolver: try HTTPShortLinkResolver(baseURL: server.baseURL),
        conversionDataSource: try HTTPConversionDataSource(baseURL: server.baseURL),
        deferredDeepLinkSource: try HTTPDeferredDeepLinkSource(baseURL: server.baseURL))
    try await sdk.start()  // …
    await server.stop()
}
