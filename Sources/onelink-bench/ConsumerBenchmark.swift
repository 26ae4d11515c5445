import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkSupport

/// What an app team's test suite pays: handler tests run in parallel through `shared()`.
enum ConsumerBenchmark {
    /// App code under test: it reaches the SDK through `sdk`, as app code calls `AppsFlyerLib.shared()`.
    final class Handler: NSObject, AppsFlyerLibDelegate, Sendable {
        private let sdk: @Sendable () -> AppsFlyerLib
        private let deepLinkValue = Locked<String?>(nil)

        init(sdk: @escaping @Sendable () -> AppsFlyerLib) {
            self.sdk = sdk
        }

        /// What `application(_:didFinishLaunchingWithOptions:)` does: configure and start the SDK.
        func didFinishLaunching() {
            let sdk = sdk()
            // The keys as both SDK 6 (properties) and SDK 7 (initialize) set them, so the tool builds either way.
            sdk.setCredentials(devKey: "DEV_KEY", appID: "123456789")
            sdk.delegate = self
            sdk.start()
        }

        /// What `application(_:continue:restorationHandler:)` does with a universal link.
        func open(_ url: URL) {
            sdk().handleUniversalLink(url)
        }

        /// The `deep_link_value` of the last opened link, once delivered.
        var openedValue: String? { deepLinkValue.value }

        func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {}
        func onConversionDataFail(_ error: any Error) {}
        func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
            let value = attributionData["deep_link_value"] as? String
            deepLinkValue.withLock { $0 = value }
        }
    }

    /// One handler test: launch, open the short link, and check the routed value.
    static func handlerTest(throughShared: Bool) async -> Bool {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(links: MemoryBenchmark.shortLinks, clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            deferredDeepLinkSource: .inMemory(clock: clock), deviceStore: .inMemory(), clock: clock)
        sdk.callbackDelivery = .sdkQueue
        let url = URL(string: MemoryBenchmark.shortLink)!
        let handler: Handler
        if throughShared {
            handler = Handler { AppsFlyerLib.shared() }
            await AppsFlyerLib.withShared(sdk) {
                handler.didFinishLaunching()
                handler.open(url)
                await sdk.waitUntilIdle()
            }
        } else {
            handler = Handler { sdk }
            handler.didFinishLaunching()
            handler.open(url)
            await sdk.waitUntilIdle()
        }
        return handler.openedValue == "apples"
    }

    /// Runs `count` handler tests at once in a task group; returns the time taken and how many failed.
    static func parallel(count: Int, throughShared: Bool) async -> (Duration, Int) {
        let started = ContinuousClock.now
        let failed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count { group.addTask { await handlerTest(throughShared: throughShared) } }
            var failed = 0
            for await passed in group where !passed { failed += 1 }
            return failed
        }
        return (ContinuousClock.now - started, failed)
    }

    /// `count` parallel handler tests through `withShared` and `shared()`, against the same tests on
    /// instances handed to the handler directly; best of `rounds`, the two sides taking turns.
    static func run(count: Int, rounds: Int) async -> [BenchmarkRow] {
        _ = await parallel(count: 50, throughShared: true)
        _ = await parallel(count: 50, throughShared: false)
        var shared = (Duration.seconds(1_000_000), 0)
        var fresh = (Duration.seconds(1_000_000), 0)
        for _ in 0..<rounds {
            let throughShared = await parallel(count: count, throughShared: true)
            shared = (min(shared.0, throughShared.0), shared.1 + throughShared.1)
            let direct = await parallel(count: count, throughShared: false)
            fresh = (min(fresh.0, direct.0), fresh.1 + direct.1)
        }
        return [
            BenchmarkRow(
                name:
                    "\(count) handler tests in parallel through withShared + shared() (launch, open, await), \(shared.1) failed",
                result: Format.milliseconds(shared.0),
                baseline: Format.milliseconds(fresh.0) + " with the instance passed in, \(fresh.1) failed",
                ratio: Format.fixed(Format.seconds(shared.0) / Format.seconds(fresh.0), 2)
                    + "x baseline time",
                target: "all pass", met: shared.1 == 0 && fresh.1 == 0)
        ]
    }
}
