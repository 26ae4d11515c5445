import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

// Docs/app-side.md's Swift examples, verbatim, inside the set-up they leave to the reader:
// GuideCodeBlocksTests (in OneLinkEmulatorTestSupportTests) finds each here.

@Suite("Docs/app-side.md examples", .timeLimit(.minutes(5))) struct AppSideGuideExamples {
    @Test("a process launches cold, runs the app's code, then goes to the background")
    func processExample() throws {
        let clock = ManualClock()
        let appsFlyer = AppRecordingDriver()
        let options = LaunchOptions.universalLink(
            try appURL("https://onelink-basic-app.onelink.me/H5hv/6d66214a"))
        let process = EmulatedAppProcess(clock: clock)
        let launch = LaunchClassification(options: options)
        let isColdLaunch = try process.bringToFront(launching: LaunchMode(launch)) { isColdLaunch in
            launch.drive(appsFlyer)  // the app's didFinishLaunchingWithOptions, or its open handler
        }
        process.enterBackground()  // willResignActive, didEnterBackground
        #expect(isColdLaunch)
        #expect(process.state == .background)
        #expect(appsFlyer.calls.count == 1)
    }

    @Test("the app-delegate wiring routes a push launch once the root is set")
    func wiringExample() throws {
        let clock = ManualClock()
        let appsFlyer = AppRecordingDriver()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "onelink-app-side-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let push: AttributionPayload = ["aps": ["alert": "Order shipped"], "action": "myapp://order?id=42"]
        let options = LaunchOptions.remoteNotification(push)
        let clickEvent: AttributionPayload = ["deep_link_value": "apples"]
        let lifecycle = AppLifecycle(clock: clock)
        let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: appsFlyer)
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "myapp"), store: .file(url), clock: clock)
        router.follow(lifecycle)

        // didFinishLaunchingWithOptions
        let launch = LaunchClassification(options: options)
        try sessions.send(.didFinishLaunching(LaunchMode(launch)))
        launch.drive(appsFlyer)  // push / universal link / URL scheme
        if let payload = launch.pushPayload { _ = try? router.receive(pushPayload: payload) }
        if launch.source == .urlScheme, let url = launch.url { _ = try? router.receive(url: url) }

        // the deep-link callback (onAppOpenAttribution / didResolveDeepLink)
        _ = try? router.receive(callbackPayload: clickEvent)

        // didBecomeActive
        try sessions.send(.didBecomeActive)  // appsFlyer.start() on every $AppStart
        router.setRoot(RouteHandler(name: "home") { action in /* navigate */ })
        #expect(appsFlyer.calls == [.push(push), .start])
        #expect(router.pendingActions.isEmpty, "the push's action was routed once the root was set")
    }
}
