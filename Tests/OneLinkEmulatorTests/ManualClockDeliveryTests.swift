import Foundation
import OneLinkEmulator
import OneLinkSupport
import OneLinkTestSoak
import Testing

/// A main-actor delegate that only appends: what a main-actor test reads right after advancing.
@MainActor
private final class MainActorLog: NSObject, @preconcurrency AppsFlyerLibDelegate,
    @preconcurrency AppsFlyerDeepLinkDelegate
{
    var received: [String] = []

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        received.append("onConversionDataSuccess")
    }

    func onConversionDataFail(_ error: any Error) { received.append("onConversionDataFail") }

    #if !SDK7
        func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
            received.append("onAppOpenAttribution \(attributionData["deep_link_value"] ?? "-")")
        }

        func onAppOpenAttributionFailure(_ error: any Error) {
            received.append("onAppOpenAttributionFailure")
        }
    #endif

    func didResolveDeepLink(_ result: DeepLinkResult) {
        received.append("didResolveDeepLink \(result.deepLink?.deeplinkValue ?? "-")")
    }
}

/// `ManualClock.advance(by:)` returns once the callbacks it made due were delivered, on the main queue, to a main-actor test.
@MainActor
@Suite("ManualClock.advance delivers before it returns", .tags(.soak), .timeLimit(.minutes(5)))
struct ManualClockDeliveryTests {
    /// An SDK on `clock` whose conversion data and short links answer after `latency`, delivering to `log`.
    private static func sdk(clock: ManualClock, latency: Duration, log: MainActorLog) -> AppsFlyerLib {
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], behavior: .delayed(latency),
                clock: clock),
            conversionDataSource: .inMemory(.organic, behavior: .delayed(latency), clock: clock),
            clock: clock, logSink: .recording())
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = log
        return sdk
    }

    /// The app's `start()`, which returns at once, as app code calls it (not the `async` form an `async` test would pick).
    nonisolated static func start(_ sdk: AppsFlyerLib) {
        sdk.start()
    }

    @Test(
        "Every run of 1,000 (soak; a few by default): a main-actor test reads the conversion data right after advance(by:), with no settle() before or after"
    )
    func conversionDataAfterAdvance() async {
        var misses: [String] = []
        let runs = Soak.count(1_000, quick: 20)
        for run in 0..<runs {
            let clock = ManualClock()
            let log = MainActorLog()
            let sdk = Self.sdk(clock: clock, latency: .milliseconds(800), log: log)
            Self.start(sdk)  // returns at once: the session has not reached the backend yet
            await clock.advance(by: .milliseconds(800))
            if log.received != ["onConversionDataSuccess"] {
                misses.append("run \(run): \(log.received)")
            }
            withExtendedLifetime(sdk) {}
        }
        #expect(misses.isEmpty, "\(misses.count) of \(runs) missed: \(misses.prefix(5))")
    }

    // SDK 7 has no onAppOpenAttribution: these read the legacy callbacks.
    #if !SDK7
        @Test(
            "A link whose resolver answers within the advance is delivered when advance returns, on the main actor"
        )
        func linkAfterAdvance() async {
            for _ in 0..<Soak.count(200, quick: 10) {
                let clock = ManualClock()
                let log = MainActorLog()
                let sdk = Self.sdk(clock: clock, latency: .milliseconds(500), log: log)
                sdk.performOnAppAttribution(with: URL(string: "https://myapp.onelink.me/H5hv/6d66214a"))
                await clock.advance(by: .milliseconds(499))
                #expect(log.received.isEmpty, "one millisecond early: nothing is due")
                await clock.advance(by: .milliseconds(1))
                #expect(log.received == ["onAppOpenAttribution apples"])
                withExtendedLifetime(sdk) {}
            }
        }

        @Test("A timeout the advance fires is delivered when advance returns")
        func timeoutAfterAdvance() async {
            for _ in 0..<Soak.count(200, quick: 10) {
                let clock = ManualClock()
                let log = MainActorLog()
                let sdk = Self.sdk(clock: clock, latency: .seconds(60), log: log)
                sdk.deepLinkTimeout = 3000
                sdk.performOnAppAttribution(with: URL(string: "https://myapp.onelink.me/H5hv/6d66214a"))
                await clock.advance(by: .seconds(3))
                #expect(log.received == ["onAppOpenAttributionFailure"])
                withExtendedLifetime(sdk) {}
            }
        }
    #endif

    @Test("Off the main actor, with delivery on the SDK's queue, advance also returns after the delivery")
    nonisolated func sdkQueueDelivery() async {
        for _ in 0..<Soak.count(200, quick: 10) {
            let clock = ManualClock()
            let received = Locked<[String]>([])
            let delegate = RecordingDelegate(received: received)
            let sdk = AppsFlyerLib(
                conversionDataSource: .inMemory(.organic, behavior: .delayed(.seconds(1)), clock: clock),
                clock: clock, logSink: .recording())
            sdk.appsFlyerDevKey = "DEV_KEY"
            sdk.appleAppID = "123456789"
            sdk.callbackDelivery = .sdkQueue
            sdk.delegate = delegate
            Self.start(sdk)
            await clock.advance(by: .seconds(1))
            #expect(received.value == ["onConversionDataSuccess"])
        }
    }
}

/// A delegate for any thread, recording under a lock.
private final class RecordingDelegate: NSObject, AppsFlyerLibDelegate, Sendable {
    let received: Locked<[String]>

    init(received: Locked<[String]>) { self.received = received }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        received.withLock { $0.append("onConversionDataSuccess") }
    }

    func onConversionDataFail(_ error: any Error) { received.withLock { $0.append("onConversionDataFail") } }
}
