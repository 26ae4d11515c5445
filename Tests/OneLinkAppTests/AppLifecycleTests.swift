import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct AppLifecycleTests {
    static let coldLaunch: [LifecycleSignal] = [.didFinishLaunching(.foreground), .didBecomeActive]
    static let toBackground: [LifecycleSignal] = [.willResignActive, .didEnterBackground]
    static let toForeground: [LifecycleSignal] = [.willEnterForeground, .didBecomeActive]

    @Test func coldStartEmitsAppStartWithDeviceProperties() throws {
        let clock = ManualClock()
        let lifecycle = AppLifecycle(clock: clock)
        #expect(try lifecycle.handle(.didFinishLaunching(.foreground)).isEmpty)
        #expect(lifecycle.state == .inactive)
        let events = try lifecycle.handle(.didBecomeActive)
        #expect(lifecycle.state == .active)
        let start = try #require(events.first)
        #expect(events.count == 1)
        #expect(start.name == .appStart)
        #expect(start.startKind == .cold)
        #expect(start.isFirstTime == true)
        #expect(start.timeMilliseconds == 1_597_244_880_000)
        #expect(start.properties["$os"] == "iOS")
        #expect(start.properties["$os_version"] == "17.5")
        #expect(start.properties["$app_version"] == "1.0")
        #expect(start.properties["$lib"] == "iOS")
        #expect(start.properties["$lib_version"] == "1.0.0")
        #expect(start.properties["$model"] == "iPhone15,2")
        #expect(start.properties["$manufacturer"] == "Apple")
        #expect(start.properties["$start_type"] == "cold")
        #expect(start.properties["$resume_from_background"] == false)
        #expect(start.properties["$is_first_time"] == true)
    }

    @Test func backgroundEmitsAppEndWithForegroundDuration() async throws {
        let clock = ManualClock()
        let lifecycle = AppLifecycle(clock: clock)
        try lifecycle.handle(Self.coldLaunch)
        await clock.advance(by: .milliseconds(90_250))
        #expect(try lifecycle.handle(.willResignActive).isEmpty)
        let events = try lifecycle.handle(.didEnterBackground)
        #expect(lifecycle.state == .background)
        let end = try #require(events.first)
        #expect(events.count == 1)
        #expect(end.name == .appEnd)
        #expect(end.foregroundDuration == .milliseconds(90_250))
        #expect(end.properties["$event_duration"] == 90.25)
        #expect(end.timeMilliseconds == 1_597_244_880_000 + 90_250)
    }

    @Test(arguments: [DeviceProperties(), DeviceProperties(osVersion: "18.0", model: "iPhone16,1")])
    func appEndAfterNoTimeInTheForegroundHasTheDevicePropertiesAndZeroDuration(
        device: DeviceProperties
    ) throws {
        let lifecycle = AppLifecycle(clock: ManualClock(), device: device)
        try lifecycle.handle(Self.coldLaunch)
        let end = try #require(try lifecycle.handle(Self.toBackground).first)
        #expect(end.name == .appEnd)
        #expect(end.foregroundDuration == .zero)
        var expected = device.eventProperties
        expected["$event_duration"] = .double(0)
        #expect(end.properties == expected)
        #expect(end.properties["$model"] == .string(device.model))
        #expect(end.properties["$start_type"] == nil)
        let direct = LifecycleEvent(name: .appEnd, time: end.time, device: device, foregroundDuration: .zero)
        #expect(direct == end)
    }

    @Test func returnFromBackgroundIsAWarmStart() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch + Self.toBackground)
        let events = try lifecycle.handle(Self.toForeground)
        #expect(events.map(\.name) == [.appStart])
        #expect(events.first?.startKind == .warm)
        #expect(events.first?.isFirstTime == false)
        #expect(events.first?.properties["$resume_from_background"] == true)
        #expect(lifecycle.events.map(\.name) == [.appStart, .appEnd, .appStart])
    }

    @Test(arguments: ["notification center", "control center", "app switcher"])
    func resignAndReturnWithoutBackgroundEmitsNothing(overlay: String) throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch)
        #expect(try lifecycle.handle(.willResignActive).isEmpty)
        #expect(lifecycle.isResignActivePending)
        #expect(try lifecycle.handle(.didBecomeActive).isEmpty, "\(overlay) return must not start a session")
        #expect(!lifecycle.isResignActivePending)
        #expect(lifecycle.state == .active)
        #expect(lifecycle.events.map(\.name) == [.appStart])
    }

    @Test func debounceFlagResetsOnEnterBackground() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch)
        try lifecycle.handle([.willResignActive, .didBecomeActive])
        try lifecycle.handle(Self.toBackground)
        #expect(!lifecycle.isResignActivePending)
        let events = try lifecycle.handle(Self.toForeground)
        #expect(events.map(\.name) == [.appStart])
        #expect(lifecycle.events.map(\.name) == [.appStart, .appEnd, .appStart])
    }

    @Test func passiveLaunchEmitsAppStartPassivelyOnly() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        let events = try lifecycle.handle(.didFinishLaunching(.background(.backgroundFetch)))
        #expect(lifecycle.state == .background)
        #expect(events.map(\.name) == [.appStartPassively])
        #expect(events.first?.passiveReason == .backgroundFetch)
        #expect(events.first?.properties["$passive_reason"] == "background_fetch")
        #expect(events.first?.startKind == nil)
        let later = try lifecycle.handle(Self.toForeground)
        #expect(later.map(\.name) == [.appStart])
        #expect(later.first?.startKind == .warm)
        #expect(later.first?.isFirstTime == true)
    }

    @Test func suspendPurgeAndRelaunchIsColdAgain() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch + Self.toBackground)
        #expect(try lifecycle.handle(.suspend).isEmpty)
        #expect(lifecycle.state == .suspended)
        #expect(try lifecycle.handle(.purge).isEmpty)
        #expect(lifecycle.state == .notRunning)
        let events = try lifecycle.handle(Self.coldLaunch)
        #expect(events.first?.startKind == .cold)
        #expect(events.first?.isFirstTime == false)
    }

    @Test func suspendedAppResumesWarm() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch + Self.toBackground + [.suspend])
        #expect(try lifecycle.handle(Self.toForeground).first?.startKind == .warm)
    }

    @Test func terminateInForegroundEndsTheStartButNotFromBackground() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(Self.coldLaunch)
        #expect(try lifecycle.handle(.willTerminate).map(\.name) == [.appEnd])
        #expect(lifecycle.state == .notRunning)
        try lifecycle.handle(Self.coldLaunch + Self.toBackground)
        #expect(try lifecycle.handle(.willTerminate).isEmpty)
    }

    @Test func notFirstLaunchInstall() throws {
        let lifecycle = AppLifecycle(clock: ManualClock(), isFirstLaunch: false)
        #expect(try lifecycle.handle(Self.coldLaunch).first?.isFirstTime == false)
    }

    @Test(
        "an $AppStart carries the device's properties and the start's three keys, for the default device and any other",
        arguments: [DeviceProperties(), DeviceProperties(osVersion: "15.2", model: "x86_64")],
        [AppStartKind.cold, .warm])
    func startProperties(device: DeviceProperties, kind: AppStartKind) {
        for isFirstTime in [false, true] {
            let event = LifecycleEvent(
                name: .appStart, time: Date(timeIntervalSince1970: 0), device: device, startKind: kind,
                isFirstTime: isFirstTime)
            var expected = device.eventProperties.values
            expected["$start_type"] = .string(kind.rawValue)
            expected["$resume_from_background"] = .bool(kind == .warm)
            expected["$is_first_time"] = .bool(isFirstTime)
            #expect(event.properties.values == expected)
        }
    }

    @Test func customDeviceProperties() throws {
        let device = DeviceProperties(osVersion: "15.2", appVersion: "2.3", model: "x86_64")
        let lifecycle = AppLifecycle(clock: ManualClock(), device: device)
        let start = try #require(try lifecycle.handle(Self.coldLaunch).first)
        #expect(start.properties["$os_version"] == "15.2")
        #expect(start.properties["$app_version"] == "2.3")
        #expect(start.properties["$model"] == "x86_64")
    }

    @Test func eventJSONShape() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        let start = try #require(try lifecycle.handle(Self.coldLaunch).first)
        let value = start.attributionValue
        #expect(value["event"] == "$AppStart")
        #expect(value["time"] == 1_597_244_880_000)
        #expect(value["properties"]?["$manufacturer"] == "Apple")
        #expect(try AttributionValue(jsonString: start.description) == value)
    }

    static let invalid: [(setup: [LifecycleSignal], signal: LifecycleSignal, from: AppExecutionState)] = [
        ([], .didBecomeActive, .notRunning),
        ([], .willResignActive, .notRunning),
        ([], .didEnterBackground, .notRunning),
        ([], .willEnterForeground, .notRunning),
        ([], .willTerminate, .notRunning),
        ([], .suspend, .notRunning),
        ([], .purge, .notRunning),
        ([.didFinishLaunching(.foreground)], .didFinishLaunching(.foreground), .inactive),
        ([.didFinishLaunching(.foreground)], .willResignActive, .inactive),
        ([.didFinishLaunching(.foreground)], .suspend, .inactive),
        (coldLaunch, .didBecomeActive, .active),
        (coldLaunch, .didEnterBackground, .active),
        (coldLaunch, .willEnterForeground, .active),
        (coldLaunch, .suspend, .active),
        (coldLaunch + toBackground, .didBecomeActive, .background),
        (coldLaunch + toBackground, .purge, .background),
        (coldLaunch + toBackground + [.suspend], .willTerminate, .suspended),
        (coldLaunch + toBackground + [.suspend], .didBecomeActive, .suspended),
    ]

    @Test(arguments: invalid)
    func invalidTransitionsThrowAndChangeNothing(
        _ testCase: (setup: [LifecycleSignal], signal: LifecycleSignal, from: AppExecutionState)
    ) throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        try lifecycle.handle(testCase.setup)
        let eventsBefore = lifecycle.events
        #expect(lifecycle.state == testCase.from)
        #expect(throws: LifecycleError.invalidTransition(from: testCase.from, signal: testCase.signal)) {
            try lifecycle.handle(testCase.signal)
        }
        #expect(lifecycle.state == testCase.from)
        #expect(lifecycle.events == eventsBefore)
    }

    @Test func signalListStopsAtFirstInvalidOne() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        #expect(throws: LifecycleError.invalidTransition(from: .active, signal: .didBecomeActive)) {
            try lifecycle.handle([
                .didFinishLaunching(.foreground), .didBecomeActive, .didBecomeActive, .willResignActive,
            ])
        }
        #expect(lifecycle.state == .active)
        #expect(lifecycle.events.count == 1)
    }

    @Test func eventStreamYieldsEventsInOrder() async throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        let stream = lifecycle.eventStream()
        try lifecycle.handle(Self.coldLaunch + Self.toBackground + Self.toForeground)
        var names: [LifecycleEventName] = []
        for await event in stream {
            names.append(event.name)
            if names.count == 3 { break }
        }
        #expect(names == [.appStart, .appEnd, .appStart])
    }

    @Test func observersSeeTransitionsUntilRemoved() throws {
        let lifecycle = AppLifecycle(clock: ManualClock())
        let seen = AppRecorder<LifecycleTransition>()
        let token = lifecycle.addObserver { seen.append($0) }
        try lifecycle.handle(Self.coldLaunch)
        #expect(seen.all.map(\.to) == [.inactive, .active])
        #expect(seen.all.last?.from == .inactive)
        #expect(seen.all.last?.events.map(\.name) == [.appStart])
        lifecycle.removeObserver(token)
        try lifecycle.handle(.willResignActive)
        #expect(seen.all.count == 2)
    }

    @Test func signalsParseFromNames() throws {
        #expect(try LifecycleSignal(name: "didEnterBackground") == .didEnterBackground)
        #expect(try LifecycleSignal(name: "didFinishLaunching") == .didFinishLaunching(.foreground))
        #expect(
            try LifecycleSignal(name: "didFinishLaunching", passiveReason: .location)
                == .didFinishLaunching(.background(.location)))
        #expect(throws: LifecycleError.unknownSignal("didExplode")) {
            try LifecycleSignal(name: "didExplode")
        }
        #expect(throws: LifecycleError.self) { try LifecycleSignal(name: "suspend", passiveReason: .audio) }
        #expect(
            LifecycleSignal.didFinishLaunching(.background(.voip)).description
                == "didFinishLaunching(background: voip)")
    }

    @Test func sessionsStartOnEveryAppStartButNotOnDebouncedReturn() throws {
        let driver = AppRecordingDriver()
        let sessions = LifecycleSessionDriver(lifecycle: AppLifecycle(clock: ManualClock()), driver: driver)
        try sessions.send(.didFinishLaunching(.foreground))
        #expect(driver.startCount == 0)
        try sessions.send(.didBecomeActive)
        #expect(driver.startCount == 1)
        try sessions.send(.willResignActive)
        try sessions.send(.didBecomeActive)
        #expect(driver.startCount == 1, "a Notification Center return must not call start()")
        for signal in Self.toBackground + Self.toForeground { try sessions.send(signal) }
        #expect(driver.startCount == 2)
        #expect(driver.calls == [.start, .start])
    }

    @Test func passiveLaunchStartsNoSession() throws {
        let driver = AppRecordingDriver()
        let sessions = LifecycleSessionDriver(lifecycle: AppLifecycle(clock: ManualClock()), driver: driver)
        let events = try sessions.send(.didFinishLaunching(.background(.silentPush)))
        #expect(events.map(\.name) == [.appStartPassively])
        #expect(driver.startCount == 0)
        #expect(sessions.startSessions(for: try sessions.lifecycle.handle(Self.toForeground)) == 1)
        #expect(driver.startCount == 1)
    }

    @Test func rejectedSignalStartsNoSession() {
        let driver = AppRecordingDriver()
        let sessions = LifecycleSessionDriver(lifecycle: AppLifecycle(clock: ManualClock()), driver: driver)
        #expect(throws: LifecycleError.self) { try sessions.send(.didBecomeActive) }
        #expect(driver.calls.isEmpty)
    }
}
