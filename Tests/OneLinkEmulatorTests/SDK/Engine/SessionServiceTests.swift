import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("SessionService", .timeLimit(.minutes(5)))
struct SessionServiceTests {
    /// A session service over in-memory backends, a manual clock and a recording log.
    struct Fixture {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let store = CountingDeviceStore()
        let launches: InMemoryLaunchRecorder
        let linkQueued = Locked(false)
        let service: SessionService

        init(
            attribution: InstallAttribution = .organic, clicks: [DeferredClick] = [],
            conversionBehavior: InMemoryBehavior = .immediate
        ) {
            let logger = DebugLogger.alwaysOn(sink: log, clock: clock)
            let launches = InMemoryLaunchRecorder(clock: clock)
            self.launches = launches
            service = SessionService(
                conversionDataSource: InMemoryConversionDataSource(
                    attribution: attribution, behavior: conversionBehavior, clock: clock),
                deferredDeepLinkSource: InMemoryDeferredDeepLinkSource(clicks: clicks, clock: clock),
                launchRecorder: launches, deviceStore: store,
                deadlines: Deadlines(clock: clock, log: logger) {}, trackingGate: TrackingGate())
        }

        /// Runs a `start` as the engine does: up to the launch, then the rest, saying whether a link is queued.
        func start(
            config: AppsFlyerLib.Configuration, deepLinkDelegateSet: Bool
        ) async -> SessionOutcome {
            switch await service.start(
                config: config.sessionSettings, deepLinkDelegateSet: deepLinkDelegateSet)
            {
            case .finished(let outcome): return outcome
            case .launched(let session):
                return await service.complete(session, directLinkQueued: linkQueued.value)
            }
        }

        var config: AppsFlyerLib.Configuration {
            var config = AppsFlyerLib.Configuration()
            config.devKey = "DEV_KEY"
            config.appID = "123456789"
            return config
        }

        var rules: [DebugRule] { log.entries.map(\.rule) }
    }

    @Test(
        "a first UDL session makes the deferred lookup, then delivers first-launch conversion data after the queued calls"
    )
    func firstSession() async throws {
        let fixture = Fixture()
        let outcome = await fixture.start(config: fixture.config, deepLinkDelegateSet: true)
        #expect(outcome.events.map(\.callbackName) == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(outcome.events.first == .deepLink(.notFound))
        #expect(outcome.events.last?.payload?["is_first_launch"] == true)
        #expect(outcome.afterQueuedCalls)
        guard case .accepted = outcome.launch else {
            Issue.record("the launch was not accepted: \(outcome.launch)")
            return
        }
        #expect(fixture.service.udlMode == true)
        #expect(fixture.launches.requests.count == 1)
        #expect(fixture.rules.first == .sessionStart)
        #expect(fixture.log.entries.first?.message == "cold session started in UDL mode")
        #expect(try fixture.store.load()?.sessionCount == 1)
    }

    @Test(
        "a second start within minTimeBetweenSessions is skipped: no callback, the completion gets sessionSkipped"
    )
    func skippedSession() async {
        let fixture = Fixture()
        _ = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        let outcome = await fixture.start(config: fixture.config, deepLinkDelegateSet: true)
        #expect(outcome.events.isEmpty)
        #expect(!outcome.afterQueuedCalls)
        guard case .failed(.sessionSkipped(let elapsed, let minimum)) = outcome.launch else {
            Issue.record("the session was not skipped: \(outcome.launch)")
            return
        }
        #expect(elapsed == 0)
        #expect(minimum == 5)
        #expect(fixture.service.udlMode == false, "the first session decided the mode for the process")
        #expect(fixture.launches.requests.count == 1)
    }

    @Test("without keys no session starts, and both delegates hear the developer error at once")
    func missingKeys() async {
        let fixture = Fixture()
        let outcome = await fixture.start(
            config: AppsFlyerLib.Configuration(), deepLinkDelegateSet: true)
        #expect(outcome.events.map(\.callbackName) == ["onConversionDataFail", "didResolveDeepLink"])
        #expect(outcome.events.first?.error?.kind == .developerError)
        #expect(!outcome.afterQueuedCalls)
        #expect(fixture.service.udlMode == nil)
        #expect(fixture.launches.requests.isEmpty)
    }

    @Test("a direct link queued during the first launch, or delivered in it, replaces the deferred lookup")
    func directLinkSkipsDeferredLookup() async throws {
        let queued = Fixture()
        queued.linkQueued.withLock { $0 = true }
        let outcome = await queued.start(config: queued.config, deepLinkDelegateSet: true)
        #expect(outcome.events.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(queued.rules.contains(.udlDeferredSkipped))

        let delivered = Fixture()
        delivered.service.noteDirectDeepLink()
        let second = await delivered.start(config: delivered.config, deepLinkDelegateSet: true)
        #expect(second.events.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(try delivered.store.load()?.deferredLookupDone == true, "the one lookup is used up")
    }

    @Test("resetProcess makes the next start a cold one; reinstall also erases the install")
    func relaunchAndReinstall() async throws {
        let fixture = Fixture()
        _ = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        let deviceID = try #require(try fixture.store.load()?.deviceID)
        fixture.service.resetProcess()
        #expect(fixture.service.udlMode == nil)
        let warm = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        #expect(warm.events.last?.payload?["af_status"] == "Organic")
        #expect(warm.events.last?.payload?["iscache"] == nil, "organic data carries no iscache")
        #expect(warm.events.last?.payload?["is_first_launch"] == false)
        #expect(try fixture.store.load()?.deviceID == deviceID)
        fixture.service.reinstall()
        #expect(try fixture.store.load() == nil)
        let fresh = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        #expect(fresh.events.last?.payload?["is_first_launch"] == true)
        #expect(try fixture.store.load()?.deviceID != deviceID)
    }

    @Test("concurrent creators of a fresh install agree on one device ID")
    func freshInstallShared() async {
        let fixture = Fixture()
        let service = fixture.service
        let now = fixture.clock.now
        let ids = await withTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { service.loadDeviceState(now: now).deviceID } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test("a session saves the device state once when one save is enough: a warm session with cached data")
    func savesOncePerSession() async throws {
        let fixture = Fixture(attribution: .nonOrganic(["media_source": "Email"]))
        _ = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        #expect(fixture.store.saves.value == 2, "first launch: the session counted, then the conversion data")
        fixture.service.resetProcess()
        let warm = await fixture.start(config: fixture.config, deepLinkDelegateSet: false)
        #expect(warm.events.last?.payload?["iscache"] == true)
        #expect(fixture.store.saves.value == 3, "the warm session changes only its count and time")
        #expect(try fixture.store.load()?.sessionCount == 2)
    }

    @Test("a first UDL launch marks its deferred lookup done before it goes out, so it is never made twice")
    func firstUDLLaunchSaves() async throws {
        let fixture = Fixture()
        _ = await fixture.start(config: fixture.config, deepLinkDelegateSet: true)
        #expect(fixture.store.saves.value == 3)
        #expect(try fixture.store.load()?.deferredLookupDone == true)
        #expect(try fixture.store.load()?.firstLaunchDelivered == true)
    }
}

/// An in-memory device store that counts its saves.
final class CountingDeviceStore: DeviceStore {
    let saves = Locked(0)
    private let store = InMemoryDeviceStore()

    func load() throws(StorageError) -> DeviceState? { try store.load() }

    func save(_ state: DeviceState) throws(StorageError) {
        saves.withLock { $0 += 1 }
        try store.save(state)
    }

    func erase() throws(StorageError) { try store.erase() }
}
