import Foundation
import OneLinkApp
import OneLinkEmulator
import Testing

/// `EmulatedAppProcess.bringToFront(launching:_:)`: the one cold/warm switch the device, the wiring check and replay share.
@Suite(.timeLimit(.minutes(5))) struct AppProcessTests {
    /// What the app's code saw when it ran: whether the start was cold, and the lifecycle state then.
    struct Seen: Equatable, Sendable {
        var isColdLaunch: Bool
        var state: AppExecutionState
    }

    static func bringToFront(
        _ process: EmulatedAppProcess, launching mode: LaunchMode = .foreground
    ) throws(LifecycleError) -> (Bool, [Seen]) {
        var seen: [Seen] = []
        let isColdLaunch = try process.bringToFront(launching: mode) { isColdLaunch in
            seen.append(Seen(isColdLaunch: isColdLaunch, state: process.lifecycle.state))
        }
        return (isColdLaunch, seen)
    }

    @Test func aNotRunningAppLaunchesColdAndTheAppCodeRunsWhileInactive() throws {
        let process = EmulatedAppProcess(clock: ManualClock())
        #expect(process.state == .notRunning)
        let (isColdLaunch, seen) = try Self.bringToFront(process)
        #expect(isColdLaunch)
        #expect(seen == [Seen(isColdLaunch: true, state: .inactive)])
        #expect(process.lifecycle.state == .active)
        #expect(process.state == .foreground)
        #expect(process.lifecycle.events.map(\.startKind) == [.cold])
    }

    @Test func aBackgroundOrSuspendedAppComesBackWarm() throws {
        let process = EmulatedAppProcess(clock: ManualClock())
        try process.bringToFront()
        process.enterBackground()
        #expect(process.state == .background)
        let (fromBackground, seen) = try Self.bringToFront(process)
        #expect(!fromBackground)
        #expect(seen == [Seen(isColdLaunch: false, state: .inactive)])
        process.enterBackground()
        try process.lifecycle.handle(.suspend)
        let (fromSuspended, _) = try Self.bringToFront(process)
        #expect(!fromSuspended)
        #expect(process.lifecycle.state == .active)
        #expect(process.lifecycle.events.map(\.name) == [.appStart, .appEnd, .appStart, .appEnd, .appStart])
        #expect(process.lifecycle.events.compactMap(\.startKind) == [.cold, .warm, .warm])
    }

    @Test func anActiveAppGetsNoSignalsAndAnInactiveOneBecomesActive() throws {
        let process = EmulatedAppProcess(clock: ManualClock())
        try process.bringToFront()
        let (active, seenActive) = try Self.bringToFront(process)
        #expect(!active)
        #expect(seenActive == [Seen(isColdLaunch: false, state: .active)])
        #expect(process.lifecycle.events.count == 1)
        try process.lifecycle.handle(.willResignActive)
        let (inactive, seenInactive) = try Self.bringToFront(process)
        #expect(!inactive)
        #expect(seenInactive == [Seen(isColdLaunch: false, state: .inactive)])
        #expect(process.lifecycle.state == .active)
        #expect(process.lifecycle.events.count == 1, "a return from an overlay starts no session")
    }

    @Test func aPassiveLaunchStaysInTheBackgroundAndCannotRepeat() throws {
        let process = EmulatedAppProcess(clock: ManualClock(), isFirstLaunch: false)
        let (isColdLaunch, seen) = try Self.bringToFront(process, launching: .background(.location))
        #expect(isColdLaunch)
        #expect(seen == [Seen(isColdLaunch: true, state: .background)])
        #expect(process.state == .background)
        #expect(process.lifecycle.events.map(\.name) == [.appStartPassively])
        var ran = false
        #expect(
            throws: LifecycleError.invalidTransition(
                from: .background, signal: .didFinishLaunching(.background(.silentPush)))
        ) {
            try process.bringToFront(launching: .background(.silentPush)) { _ in ran = true }
        }
        #expect(!ran, "the app's code does not run when the opening is rejected")
        let (warm, _) = try Self.bringToFront(process)
        #expect(!warm)
        #expect(process.lifecycle.events.last?.startKind == .warm)
        #expect(process.lifecycle.events.last?.isFirstTime == false)
    }

    @Test func theDeviceRunsEachInstalledAppInItsOwnProcess() async throws {
        let deliveries = AppRecorder<AppOpenDelivery>()
        let device = EmulatedDevice(clock: ManualClock())
        try device.install(
            EmulatedApp(bundleID: "com.example.b", urlSchemes: ["appb"]) { deliveries.append($0) })
        let process = try #require(device.process(of: "com.example.b"))
        #expect(device.lifecycle(of: "com.example.b") === process.lifecycle)
        #expect(device.process(of: "com.example.none") == nil)
        try process.bringToFront()
        let result = await device.open(try appURL("appb://page"))
        #expect(result.delivery?.isColdLaunch == false, "the process was already running")
        #expect(deliveries.all.map(\.isColdLaunch) == [false])
    }
}
