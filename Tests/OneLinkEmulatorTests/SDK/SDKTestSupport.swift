import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport

/// An SDK wired to in-memory backends and a manual clock, the way the tests use it.
struct SDKFixture {
    let clock = ManualClock()
    let resolver: InMemoryShortLinkResolver
    let conversion: InMemoryConversionDataSource
    let deferred: InMemoryDeferredDeepLinkSource
    let launches: InMemoryLaunchRecorder
    let store: any DeviceStore
    let log = RecordingDebugLogSink()
    let delegate = CallbackRecorder()
    let sdk: AppsFlyerLib

    init(
        attribution: InstallAttribution = .organic, links: [String: AttributionPayload] = [:],
        clicks: [DeferredClick] = [], store: (any DeviceStore)? = nil, udl: Bool = false
    ) {
        launches = InMemoryLaunchRecorder(clock: clock)
        resolver = InMemoryShortLinkResolver(links: links, clock: clock)
        conversion = InMemoryConversionDataSource(attribution: attribution, clock: clock)
        deferred = InMemoryDeferredDeepLinkSource(clicks: clicks, clock: clock)
        self.store = store ?? InMemoryDeviceStore()
        sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            launchRecorder: launches, deviceStore: self.store, clock: clock, logSink: log)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.isDebug = true
        sdk.delegate = delegate
        if udl { sdk.deepLinkDelegate = delegate }
    }

    /// A second SDK on the same install and backends, as after the process is killed and relaunched.
    func relaunched(udl: Bool = false) -> (AppsFlyerLib, CallbackRecorder) {
        let delegate = CallbackRecorder()
        let sdk = AppsFlyerLib(
            shortLinkResolver: resolver, conversionDataSource: conversion, deferredDeepLinkSource: deferred,
            deviceStore: store, clock: clock, logSink: log)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = delegate
        if udl { sdk.deepLinkDelegate = delegate }
        return (sdk, delegate)
    }
}
