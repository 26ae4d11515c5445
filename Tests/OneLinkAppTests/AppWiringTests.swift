import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

/// The app-delegate wiring shown in Docs/app-side.md, end to end with a fake SDK.
@Suite(.timeLimit(.minutes(5))) struct AppWiringTests {
    @Test func pushLaunchDrivesSDKStartsOneSessionAndRoutesOnce() throws {
        let clock = ManualClock()
        let appsFlyer = AppRecordingDriver()
        let lifecycle = AppLifecycle(clock: clock)
        let sessions = LifecycleSessionDriver(lifecycle: lifecycle, driver: appsFlyer)
        let store = InMemoryPendingActionStore()
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "myapp"), store: store, clock: clock)
        router.follow(lifecycle)
        let seen = AppRecorder<String>()

        let push: AttributionPayload = ["aps": ["alert": "Order shipped"], "action": "myapp://order?id=42"]
        let launch = LaunchClassification(options: .remoteNotification(push))
        try sessions.send(.didFinishLaunching(LaunchMode(launch)))
        launch.drive(appsFlyer)
        if let payload = launch.pushPayload { try router.receive(pushPayload: payload) }
        #expect(store.actions.count == 1)

        try sessions.send(.didBecomeActive)
        router.setRoot(RouteHandler(name: "home") { seen.append($0.text) })
        #expect(appsFlyer.calls == [.push(push), .start])
        #expect(seen.all == ["myapp://order?id=42"])

        try sessions.send(.willResignActive)
        try sessions.send(.didBecomeActive)
        #expect(appsFlyer.startCount == 1)
        #expect(seen.all.count == 1)
        #expect(lifecycle.events.map(\.name) == [.appStart])
    }

    @Test func schemeLaunchRoutesTheURL() throws {
        let appsFlyer = AppRecordingDriver()
        let router = try PendingDeepLinkRouter(configuration: RoutingConfiguration(scheme: "myapp"))
        let url = try appURL("myapp://product?sku=A1")
        let launch = LaunchClassification(
            options: .urlScheme(url, sourceApplication: "com.apple.mobilesafari"))
        launch.drive(appsFlyer)
        if launch.source == .urlScheme, let url = launch.url { try router.receive(url: url) }
        #expect(appsFlyer.calls == [.open(url, sourceApplication: "com.apple.mobilesafari")])
        #expect(router.pendingActions.map(\.action.parameters) == [["sku": "A1"]])
    }
}
