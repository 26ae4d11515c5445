import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkSupport
import Testing

/// A store that fails saves while `failing` is set.
final class AppFlakyActionStore: PendingActionStore, Sendable {
    private let state = Locked<(saved: [PendingAction], failing: Bool)>(([], false))

    var failing: Bool {
        get { state.value.failing }
        set { state.withLock { $0.failing = newValue } }
    }

    var actions: [PendingAction] { state.value.saved }

    func load() throws(StorageError) -> [PendingAction] { state.value.saved }

    func save(_ actions: [PendingAction]) throws(StorageError) {
        let failed: Bool = state.withLock {
            if $0.failing { return true }
            $0.saved = actions
            return false
        }
        if failed { throw .io(location: "flaky", reason: "disk full") }
    }
}

@Suite(.timeLimit(.minutes(5))) struct AppRoutingTests {
    static let configuration = RoutingConfiguration(scheme: "wenxiaoyou")

    static func handler(_ name: String, _ seen: AppRecorder<String>) -> RouteHandler {
        RouteHandler(name: name) { seen.append("\(name): \($0.text)") }
    }

    static func makeRouter(
        store: any PendingActionStore = InMemoryPendingActionStore(),
        errors: AppRecorder<RoutingError>? = nil,
        startsInBackground: Bool = false
    ) throws(RoutingError) -> PendingDeepLinkRouter {
        var sink: (@Sendable (RoutingError) -> Void)?
        if let errors { sink = { errors.append($0) } }
        return try PendingDeepLinkRouter(
            configuration: configuration, store: store, clock: ManualClock(),
            startsInBackground: startsInBackground,
            errorSink: sink)
    }

    // MARK: Actions

    @Test func parsesTheActionFormat() throws {
        let action = try DeepLinkAction(parsing: "wenxiaoyou://order_detail?order_id=1234&tab=reviews")
        #expect(action.scheme == "wenxiaoyou")
        #expect(action.name == "order_detail")
        #expect(action.parameters == ["order_id": "1234", "tab": "reviews"])
    }

    @Test func decodingAndCanonicalText() throws {
        let action = try DeepLinkAction(parsing: "MyApp://chat/room/?with=Ana%20Lu&msg=a+b%26c&flag&&empty=")
        #expect(action.scheme == "myapp")
        #expect(action.name == "chat/room")
        #expect(action.parameters == ["with": "Ana Lu", "msg": "a+b&c", "flag": "", "empty": ""])
        #expect(action.text == "myapp://chat/room?empty=&flag=&msg=a%2Bb%26c&with=Ana%20Lu")
        #expect(try DeepLinkAction(parsing: action.text) == action)
        let unicode = DeepLinkAction(scheme: "myapp", name: "search", parameters: ["q": "čaj ☕", "k=": "v?"])
        #expect(try DeepLinkAction(parsing: unicode.text) == unicode)
    }

    @Test(arguments: [
        ("order_detail?order_id=1", RoutingError.missingScheme(text: "order_detail?order_id=1")),
        ("", .missingScheme(text: "")),
        ("wenxiaoyou:order", .missingScheme(text: "wenxiaoyou:order")),
        ("1app://x", .missingScheme(text: "1app://x")),
        ("other://order", .wrongScheme(expected: "wenxiaoyou", found: "other", text: "other://order")),
        ("wenxiaoyou://?a=1", .emptyActionName(text: "wenxiaoyou://?a=1")),
        ("wenxiaoyou://", .emptyActionName(text: "wenxiaoyou://")),
        (
            "wenxiaoyou://x?a=%zz",
            .badPercentEncoding(text: "wenxiaoyou://x?a=%zz", component: "parameter \"a\"")
        ),
        (
            "wenxiaoyou://x?a=%4",
            .badPercentEncoding(text: "wenxiaoyou://x?a=%4", component: "parameter \"a\"")
        ),
        (
            "wenxiaoyou://x?a=%C3",
            .badPercentEncoding(text: "wenxiaoyou://x?a=%C3", component: "parameter \"a\"")
        ),
        ("wenxiaoyou://%G1", .badPercentEncoding(text: "wenxiaoyou://%G1", component: "the action name")),
        ("wenxiaoyou://x?=1", .emptyParameterName(text: "wenxiaoyou://x?=1")),
        ("wenxiaoyou://x?a=1&a=2", .duplicateParameter(name: "a", text: "wenxiaoyou://x?a=1&a=2")),
        ("wenxiaoyou://x#top", .fragmentNotAllowed(text: "wenxiaoyou://x#top")),
        ("wenxiaoyou://x y", .invalidCharacters(text: "wenxiaoyou://x y")),
    ])
    func malformedActionsGetTypedErrors(text: String, expected: RoutingError) {
        #expect(throws: expected) { try DeepLinkAction(parsing: text, expectedScheme: "wenxiaoyou") }
    }

    @Test func routerRejectsBadSchemeConfiguration() {
        #expect(
            throws: RoutingError.invalidConfiguration(reason: "scheme \"my app\" is not a valid URL scheme")
        ) {
            try PendingDeepLinkRouter(configuration: RoutingConfiguration(scheme: "my app"))
        }
    }

    // MARK: Holding and delivery

    @Test func holdsUntilTheRootHandlerIsRegistered() throws {
        let store = InMemoryPendingActionStore()
        let router = try Self.makeRouter(store: store)
        let seen = AppRecorder<String>()
        let outcome = try router.receive(actionText: "wenxiaoyou://order_detail?order_id=1234", source: .push)
        guard case .held(let pending, .uiNotReady) = outcome else {
            Issue.record("expected held(uiNotReady), got \(outcome)")
            return
        }
        #expect(pending.source == .push)
        #expect(store.actions == [pending])
        #expect(seen.all.isEmpty)
        let deliveries = router.setRoot(Self.handler("home", seen))
        #expect(deliveries.map(\.handler) == ["home"])
        #expect(seen.all == ["home: wenxiaoyou://order_detail?order_id=1234"])
        #expect(store.actions.isEmpty)
        #expect(router.pendingActions.isEmpty)
    }

    @Test func markReadyWithoutHandlerKeepsHolding() throws {
        let router = try Self.makeRouter()
        router.markReady()
        let outcome = try router.receive(actionText: "wenxiaoyou://cart")
        guard case .held(_, .noVisibleHandler) = outcome else {
            Issue.record("expected held(noVisibleHandler), got \(outcome)")
            return
        }
        let seen = AppRecorder<String>()
        router.push(Self.handler("home", seen))
        #expect(seen.all == ["home: wenxiaoyou://cart"])
    }

    @Test func deliversOnlyToTheVisibleHandler() throws {
        let router = try Self.makeRouter()
        let seen = AppRecorder<String>()
        router.setRoot(Self.handler("home", seen))
        router.push(Self.handler("detail", seen))
        #expect(router.visibleHandler == "detail")
        #expect(router.handlerNames == ["home", "detail"])
        let outcome = try router.receive(actionText: "wenxiaoyou://chat?id=9")
        guard case .delivered(let delivery) = outcome else {
            Issue.record("expected delivered, got \(outcome)")
            return
        }
        #expect(delivery.handler == "detail")
        #expect(router.pop()?.name == "detail")
        try router.receive(actionText: "wenxiaoyou://chat?id=10")
        #expect(seen.all == ["detail: wenxiaoyou://chat?id=9", "home: wenxiaoyou://chat?id=10"])
    }

    @Test func waitsWhileInBackgroundAndRunsOnBecomeActive() throws {
        let router = try Self.makeRouter()
        let seen = AppRecorder<String>()
        router.setRoot(Self.handler("home", seen))
        router.appDidEnterBackground()
        let outcome = try router.receive(actionText: "wenxiaoyou://order_detail?order_id=5", source: .push)
        guard case .held(_, .appInBackground) = outcome else {
            Issue.record("expected held(appInBackground), got \(outcome)")
            return
        }
        #expect(router.holdReason == .appInBackground)
        #expect(seen.all.isEmpty)
        #expect(router.appDidBecomeActive().count == 1)
        #expect(router.appDidBecomeActive().isEmpty)
        #expect(seen.all == ["home: wenxiaoyou://order_detail?order_id=5"])
        #expect(router.holdReason == nil)
    }

    @Test func eachActionIsConsumedOnce() throws {
        let router = try Self.makeRouter()
        let seen = AppRecorder<String>()
        try router.receive(actionText: "wenxiaoyou://a")
        router.setRoot(Self.handler("home", seen))
        router.markReady()
        router.markReady()
        router.setRoot(Self.handler("home", seen))
        router.appDidBecomeActive()
        router.appDidBecomeActive()
        #expect(router.deliverPending().isEmpty)
        #expect(seen.all == ["home: wenxiaoyou://a"])
        #expect(router.deliveries.count == 1)
    }

    @Test func deliversOldestFirst() throws {
        let router = try Self.makeRouter()
        let seen = AppRecorder<String>()
        try router.receive(actionText: "wenxiaoyou://first")
        try router.receive(actionText: "wenxiaoyou://second")
        router.setRoot(Self.handler("home", seen))
        #expect(seen.all == ["home: wenxiaoyou://first", "home: wenxiaoyou://second"])
    }

    @Test func actionIsRemovedFromStoreBeforeTheHandlerRuns() throws {
        let store = InMemoryPendingActionStore()
        let router = try Self.makeRouter(store: store)
        let storedDuringHandling = AppRecorder<Int>()
        try router.receive(actionText: "wenxiaoyou://a")
        router.setRoot(RouteHandler(name: "home") { _ in storedDuringHandling.append(store.actions.count) })
        #expect(storedDuringHandling.all == [0])
    }

    @Test func handlerThatPushesAScreenReceivesTheNextAction() throws {
        let seen = AppRecorder<String>()
        let router = try Self.makeRouter()
        try router.receive(actionText: "wenxiaoyou://open_detail")
        try router.receive(actionText: "wenxiaoyou://show_review")
        let routerBox = RouterBox(router)
        router.setRoot(
            RouteHandler(name: "home") { action in
                seen.append("home: \(action.name)")
                routerBox.router?.push(Self.handler("detail", seen))
            })
        #expect(seen.all == ["home: open_detail", "detail: wenxiaoyou://show_review"])
    }

    @Test func concurrentReceiversAndSignalsDeliverEachActionOnce() async throws {
        let store = InMemoryPendingActionStore()
        let router = try Self.makeRouter(store: store)
        let seen = AppRecorder<String>()
        router.appDidEnterBackground()
        router.setRoot(RouteHandler(name: "home") { seen.append($0.parameters["n"] ?? "?") })
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { _ = try? router.receive(actionText: "wenxiaoyou://item?n=\(index)") }
                if index.isMultiple(of: 10) {
                    group.addTask { router.appDidBecomeActive() }
                    group.addTask { router.appDidEnterBackground() }
                }
            }
        }
        router.appDidBecomeActive()
        #expect(seen.all.count == 100)
        #expect(Set(seen.all) == Set((0..<100).map(String.init)))
        #expect(router.pendingActions.isEmpty)
        #expect(store.actions.isEmpty)
    }

    // MARK: Persistence

    @Test func actionSurvivesProcessDeathAndIsNotDeliveredTwice() throws {
        let store = InMemoryPendingActionStore()
        let seen = AppRecorder<String>()
        do {
            let first = try Self.makeRouter(store: store)
            try first.receive(actionText: "wenxiaoyou://order_detail?order_id=77", source: .push)
        }
        let second = try Self.makeRouter(store: store)
        #expect(second.pendingActions.map(\.action.name) == ["order_detail"])
        #expect(second.pendingActions.first?.source == .push)
        second.setRoot(Self.handler("home", seen))
        #expect(seen.all == ["home: wenxiaoyou://order_detail?order_id=77"])
        let third = try Self.makeRouter(store: store)
        #expect(third.pendingActions.isEmpty)
        third.setRoot(Self.handler("home", seen))
        #expect(seen.all.count == 1)
    }

    @Test func fileStoreSurvivesRestartAndIsEmptiedByConsumption() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("app-routing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("pending.json")
        let clock = ManualClock()
        do {
            let router = try PendingDeepLinkRouter(
                configuration: Self.configuration, store: .file(url), clock: clock)
            try router.receive(actionText: "wenxiaoyou://chat?with=Ana%20Lu", source: .url)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("wenxiaoyou://chat?with=Ana%20Lu"))
        let loaded = try FilePendingActionStore(url: url).load()
        #expect(
            loaded.map(\.action) == [
                DeepLinkAction(scheme: "wenxiaoyou", name: "chat", parameters: ["with": "Ana Lu"])
            ])
        #expect(loaded.first?.receivedAt == clock.now)
        #expect(loaded.first?.source == .url)
        let seen = AppRecorder<String>()
        let restarted = try PendingDeepLinkRouter(
            configuration: Self.configuration, store: .file(url), clock: clock)
        restarted.setRoot(Self.handler("home", seen))
        #expect(seen.all.count == 1)
        #expect(try FilePendingActionStore(url: url).load().isEmpty)
        let again = try PendingDeepLinkRouter(
            configuration: Self.configuration, store: .file(url), clock: clock)
        #expect(again.pendingActions.isEmpty)
    }

    @Test func corruptFileStoreFailsRouterCreation() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("app-routing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("pending.json")
        try Data(#"{"version": 1, "actions": [{"id": "x", "action": "no scheme"}]}"#.utf8).write(to: url)
        let errors = AppRecorder<RoutingError>()
        do {
            _ = try Self.makeRouter(store: FilePendingActionStore(url: url), errors: errors)
            Issue.record("expected a storage error")
        } catch {
            guard case .storage(.corrupt(let location, let reason)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(location == url.path)
            #expect(reason.contains("action x"))
        }
        #expect(errors.all.count == 1)
    }

    @Test func storeFailureOnReceiveRejectsTheAction() throws {
        let store = AppFlakyActionStore()
        store.failing = true
        let errors = AppRecorder<RoutingError>()
        let router = try Self.makeRouter(store: store, errors: errors)
        #expect(throws: RoutingError.storage(.io(location: "flaky", reason: "disk full"))) {
            try router.receive(actionText: "wenxiaoyou://a")
        }
        #expect(router.pendingActions.isEmpty)
        #expect(errors.all == [.storage(.io(location: "flaky", reason: "disk full"))])
    }

    @Test func storeFailureOnDeliveryKeepsTheActionPending() throws {
        let store = AppFlakyActionStore()
        let errors = AppRecorder<RoutingError>()
        let seen = AppRecorder<String>()
        let router = try Self.makeRouter(store: store, errors: errors)
        try router.receive(actionText: "wenxiaoyou://a")
        store.failing = true
        #expect(router.setRoot(Self.handler("home", seen)).isEmpty)
        #expect(seen.all.isEmpty)
        #expect(router.pendingActions.count == 1)
        #expect(store.actions.count == 1)
        #expect(router.holdReason == .storeFailure)
        #expect(errors.all == [.storage(.io(location: "flaky", reason: "disk full"))])
        store.failing = false
        #expect(router.deliverPending().count == 1)
        #expect(seen.all == ["home: wenxiaoyou://a"])
        #expect(store.actions.isEmpty)
    }

    // MARK: Sources

    @Test func pushPayloadActionKey() throws {
        let seen = AppRecorder<String>()
        let router = try Self.makeRouter()
        router.setRoot(Self.handler("home", seen))
        try router.receive(
            pushPayload: ["aps": ["alert": "New message"], "action": "wenxiaoyou://chat?id=3"]
                as [AnyHashable: Any])
        try router.receive(pushPayload: ["action": "wenxiaoyou://cart"] as AttributionPayload)
        #expect(seen.all == ["home: wenxiaoyou://chat?id=3", "home: wenxiaoyou://cart"])
        #expect(router.deliveries.map(\.pending.source) == [.push, .push])
    }

    @Test func pushActionKeyIsConfigurable() throws {
        let router = try PendingDeepLinkRouter(
            configuration: RoutingConfiguration(scheme: "wenxiaoyou", pushActionKey: "deeplink"))
        let outcome = try router.receive(pushPayload: ["deeplink": "wenxiaoyou://cart"] as [AnyHashable: Any])
        guard case .held(let pending, _) = outcome else {
            Issue.record("expected held, got \(outcome)")
            return
        }
        #expect(pending.action.name == "cart")
        #expect(throws: RoutingError.missingAction(source: .push, keys: ["deeplink"])) {
            try router.receive(pushPayload: ["action": "wenxiaoyou://cart"] as [AnyHashable: Any])
        }
    }

    @Test func pushPayloadErrorsAreThrownAndReported() throws {
        let errors = AppRecorder<RoutingError>()
        let router = try Self.makeRouter(errors: errors)
        _ = try? router.receive(pushPayload: ["aps": ["alert": "hi"]] as [AnyHashable: Any])
        _ = try? router.receive(pushPayload: ["action": 42] as [AnyHashable: Any])
        _ = try? router.receive(pushPayload: ["action": "wenxiaoyou://x?a=%zz"] as AttributionPayload)
        _ = try? router.receive(pushPayload: ["action": ["nested": true]] as AttributionPayload)
        #expect(
            errors.all == [
                .missingAction(source: .push, keys: ["action"]),
                .wrongValueType(source: .push, key: "action", expected: "string", found: "integer"),
                .badPercentEncoding(text: "wenxiaoyou://x?a=%zz", component: "parameter \"a\""),
                .wrongValueType(source: .push, key: "action", expected: "string", found: "object"),
            ])
        #expect(router.pendingActions.isEmpty)
    }

    @Test func urlSource() throws {
        let router = try Self.makeRouter()
        let outcome = try router.receive(url: try appURL("wenxiaoyou://order_detail?order_id=1234"))
        guard case .held(let pending, _) = outcome else {
            Issue.record("expected held, got \(outcome)")
            return
        }
        #expect(pending.source == .url)
        #expect(pending.action.parameters == ["order_id": "1234"])
        #expect(throws: RoutingError.self) { try router.receive(url: try appURL("https://example.com/x")) }
    }

    @Test func callbackDeepLinkValueAsNameWithSubParameters() throws {
        let router = try Self.makeRouter()
        let payload: AttributionPayload = [
            "deep_link_value": "order_detail", "deep_link_sub1": 1234, "deep_link_sub2": .null,
            "pid": "email",
        ]
        let outcome = try router.receive(callbackPayload: payload)
        guard case .held(let pending, _) = outcome else {
            Issue.record("expected held, got \(outcome)")
            return
        }
        #expect(pending.source == .callback)
        #expect(
            pending.action
                == DeepLinkAction(
                    scheme: "wenxiaoyou", name: "order_detail", parameters: ["deep_link_sub1": "1234"]))
    }

    @Test func callbackDeepLinkValueAsFullActionAndLinkKey() throws {
        let router = try Self.makeRouter()
        try router.receive(
            callbackPayload: ["deep_link_value": "wenxiaoyou://chat?id=1"] as AttributionPayload)
        try router.receive(
            callbackPayload: ["link": "wenxiaoyou://cart", "scheme": "wenxiaoyou"] as [AnyHashable: Any])
        #expect(router.pendingActions.map(\.action.text) == ["wenxiaoyou://chat?id=1", "wenxiaoyou://cart"])
    }

    @Test func callbackErrors() throws {
        let errors = AppRecorder<RoutingError>()
        let router = try Self.makeRouter(errors: errors)
        #expect(throws: RoutingError.missingAction(source: .callback, keys: ["deep_link_value", "link"])) {
            try router.receive(callbackPayload: ["pid": "email"] as AttributionPayload)
        }
        let link = "https://wenxiaoyou.onelink.me/H5hv?pid=email"
        #expect(throws: RoutingError.wrongScheme(expected: "wenxiaoyou", found: "https", text: link)) {
            try router.receive(callbackPayload: ["link": .string(link)] as AttributionPayload)
        }
        #expect(
            throws: RoutingError.wrongValueType(
                source: .callback, key: "deep_link_value", expected: "string", found: "integer")
        ) {
            try router.receive(callbackPayload: ["deep_link_value": 5] as AttributionPayload)
        }
        #expect(throws: RoutingError.emptyActionName(text: "wenxiaoyou://")) {
            try router.receive(callbackPayload: ["deep_link_value": ""] as AttributionPayload)
        }
        #expect(errors.all.count == 4)
    }

    @Test func directActionsAreValidated() throws {
        let router = try Self.makeRouter()
        #expect(throws: RoutingError.wrongScheme(expected: "wenxiaoyou", found: "other", text: "other://x")) {
            try router.receive(DeepLinkAction(scheme: "other", name: "x"))
        }
        #expect(throws: RoutingError.emptyParameterName(text: "wenxiaoyou://x?=1")) {
            try router.receive(DeepLinkAction(scheme: "wenxiaoyou", name: "x", parameters: ["": "1"]))
        }
        #expect(router.pendingActions.isEmpty)
    }

    // MARK: Lifecycle

    @Test func followsTheAppLifecycle() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle([
            .didFinishLaunching(.foreground), .didBecomeActive, .willResignActive, .didEnterBackground,
        ])
        let seen = AppRecorder<String>()
        let router = try Self.makeRouter()
        router.follow(lifecycle)
        #expect(router.isAppInBackground)
        router.setRoot(Self.handler("home", seen))
        try router.receive(
            pushPayload: ["action": "wenxiaoyou://order_detail?order_id=8"] as AttributionPayload)
        try lifecycle.handle(.willEnterForeground)
        #expect(seen.all.isEmpty, "inactive is not yet active")
        try lifecycle.handle(.didBecomeActive)
        #expect(seen.all == ["home: wenxiaoyou://order_detail?order_id=8"])
        try lifecycle.handle([.willResignActive, .didBecomeActive])
        #expect(seen.all.count == 1)
        try lifecycle.handle([.willResignActive, .didEnterBackground, .suspend])
        #expect(router.isAppInBackground)
    }

    @Test func passiveLaunchRouterStartsInBackground() throws {
        let seen = AppRecorder<String>()
        let router = try Self.makeRouter(startsInBackground: true)
        router.setRoot(Self.handler("home", seen))
        try router.receive(actionText: "wenxiaoyou://a")
        #expect(seen.all.isEmpty)
        router.appDidBecomeActive()
        #expect(seen.all.count == 1)
    }
}

/// Lets a handler reach its router without a retain cycle.
final class RouterBox: @unchecked Sendable {
    weak var router: PendingDeepLinkRouter?
    init(_ router: PendingDeepLinkRouter) { self.router = router }
}
