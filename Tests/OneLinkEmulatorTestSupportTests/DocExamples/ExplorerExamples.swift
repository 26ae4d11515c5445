import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

/// A first-launch router in the style of AppsFlyer's OneLink sample app: the deferred deep link
/// may come in either callback, so a flag says it was handled.
final class FirstLaunchRouter: NSObject, AppsFlyerLibDelegate, DeepLinkDelegate, @unchecked Sendable {
    // The SDK calls it on the main queue, one call at a time; the test reads it once they returned.
    var routes: [String] = []
    private var deferredHandled = false
    /// The sample app's mistake: the flag is set by the first callback, before it looks for a value.
    let marksHandledFirst: Bool

    init(marksHandledFirst: Bool) {
        self.marksHandledFirst = marksHandledFirst
    }

    func onConversionDataSuccess(_ data: [AnyHashable: Any]) {
        guard data["is_first_launch"] as? Bool == true else { return }
        handleDeferred(data["deep_link_value"] as? String)
    }

    func onConversionDataFail(_ error: any Error) {}

    func didResolveDeepLink(_ result: DeepLinkResult) {
        guard result.status == .found, let deepLink = result.deepLink else { return }
        if deepLink.isDeferred {
            handleDeferred(deepLink.deeplinkValue)
        } else if let value = deepLink.deeplinkValue {
            routes.append(value)
        }
    }

    private func handleDeferred(_ value: String?) {
        guard !deferredHandled else { return }
        if marksHandledFirst { deferredHandled = true }
        guard let value else { return }
        deferredHandled = true
        routes.append(value)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ExplorerExamples {
    /// One first launch: a deferred click to apples and conversion data without `deep_link_value`.
    static func routes(_ router: FirstLaunchRouter, in run: ExplorationRun) async -> [String] {
        let clock = ManualClock()
        let click = DeferredClick(
            time: clock.now.addingTimeInterval(-60), parameters: ["deep_link_value": "apples"])
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.nonOrganic(["media_source": "Email"]), clock: clock),
            deferredDeepLinkSource: .inMemory(clicks: [click], clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        sdk.delegate = router
        sdk.deepLinkDelegate = router
        run.attach(sdk)  // this run's schedule: which callback comes first
        await sdk.perform(.start)
        return router.routes
    }

    @Test func theDeferredLinkIsRoutedInEveryOrder() async {
        let report = await Explorer().explore { run in
            let routes = await Self.routes(FirstLaunchRouter(marksHandledFirst: false), in: run)
            try Explorer.require(routes == ["apples"], "routed \(routes)")
        }
        #expect(report.passed && report.coverage.exhaustive)
    }

    @Test func theExampleHandlerNavigatesOnceInEveryOrderOfTheFirstLaunch() async {
        await Explorer().explore(
            URL(fileURLWithPath: "Payloads/scenarios/explore-first-launch.json"),
            handler: { ExampleLinkHandler() },
            check: { handler, _ in
                try Explorer.require(
                    handler.navigations == [.init(value: "apples", shown: true)], "\(handler.navigations)")
            })
    }
}
