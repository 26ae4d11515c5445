import Foundation
import OneLinkEmulator

/// Records every delegate call, as handler code in an app would see it.
final class RecordingDelegate: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    enum Call {
        case conversionSuccess([AnyHashable: Any])
        case conversionFail(any Error)
        case openAttribution([AnyHashable: Any])
        case openAttributionFailure(any Error)
        case deepLink(DeepLinkResult)

        var name: String {
            switch self {
            case .conversionSuccess: return "onConversionDataSuccess"
            case .conversionFail: return "onConversionDataFail"
            case .openAttribution: return "onAppOpenAttribution"
            case .openAttributionFailure: return "onAppOpenAttributionFailure"
            case .deepLink: return "didResolveDeepLink"
            }
        }
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    var names: [String] { calls.map(\.name) }

    private func append(_ call: Call) {
        lock.lock()
        recorded.append(call)
        lock.unlock()
    }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        append(.conversionSuccess(conversionInfo))
    }
    func onConversionDataFail(_ error: any Error) { append(.conversionFail(error)) }
    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        append(.openAttribution(attributionData))
    }
    func onAppOpenAttributionFailure(_ error: any Error) { append(.openAttributionFailure(error)) }
    func didResolveDeepLink(_ result: DeepLinkResult) { append(.deepLink(result)) }
}

/// An SDK wired to in-memory backends and a manual clock, the way the tests use it.
struct SDKFixture {
    let clock = ManualClock()
    let resolver: InMemoryShortLinkResolver
    let conversion: InMemoryConversionDataSource
    let deferred: InMemoryDeferredDeepLinkSource
    let launches: InMemoryLaunchRecorder
    let store: any DeviceStore
    let log = RecordingDebugLogSink()
    let delegate = RecordingDelegate()
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
    func relaunched(udl: Bool = false) -> (AppsFlyerLib, RecordingDelegate) {
        let delegate = RecordingDelegate()
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
