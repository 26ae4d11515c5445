import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// A wait that times out says why when the app's code reached another instance than the SDK under test (a forgotten `withShared`).
@Suite("CallbackRecorder's timeout hint", .timeLimit(.minutes(5)))
struct CallbackRecorderHintTests {
    /// App code as it is written: it reaches the SDK through `shared()`.
    static func appLaunch() {
        AppsFlyerLib.shared().start()
    }

    /// Waits for one callback with a deadline the recorder fires at once, and returns the timeout.
    static func timeout(of recorder: CallbackRecorder) async throws -> CallbackRecorder.WaitTimeout {
        recorder.waitHook = { step, fire in if step == .registered { fire() } }
        do {
            try await recorder.waitForCallbacks(1, timeout: .seconds(5))
        } catch let timeout as CallbackRecorder.WaitTimeout {
            return timeout
        }
        Issue.record("the wait did not time out")
        throw CancellationError()
    }

    @Test(
        "App code outside withShared starts the built-in instance: the timeout names it and shows the withShared line"
    )
    func forgottenWithShared() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        Self.appLaunch()  // no withShared: shared() is the built-in instance, not `sdk`
        let timeout = try await Self.timeout(of: recorder)
        let hint = try #require(timeout.hint)
        #expect(hint.contains("the SDK under test saw no start() and no link"))
        // The built-in instance, unless a parallel test set sharedOverride and started it meanwhile;
        // parallel tests' own calls outside withShared may be listed beside this one's start().
        #expect(hint.contains("AppsFlyerLib.shared() returns outside any withShared scope"))
        let seenByBuiltIn =
            hint.components(separatedBy: "outside any withShared scope").dropFirst().first ?? ""
        #expect(seenByBuiltIn.contains("start()"), "the built-in instance's calls: \(seenByBuiltIn)")
        #expect(hint.contains("the app's code reached a different instance"))
        #expect(hint.contains("try await AppsFlyerLib.withShared(sdk) {"))
        #expect(
            timeout.description.hasPrefix(
                "timed out after 5.0 seconds waiting for 1 callbacks; recorded: nothing"))
        #expect(timeout.description.contains(". Hint: the SDK under test saw no start()"))
    }

    @Test("An SDK the recorder only observes counts as the SDK under test too")
    func observedSDK() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder(observing: sdk)
        Self.appLaunch()
        let timeout = try await Self.timeout(of: recorder)
        #expect(timeout.hint?.contains("withShared(sdk)") == true)
    }

    @Test(
        "No hint when the SDK under test saw the start itself (inside withShared), whatever the built-in one saw"
    )
    func noHintWhenTheSDKWasReached() async throws {
        Self.appLaunch()  // the built-in instance has seen a start, in this test or another
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.organic, behavior: .stalled, clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        AppsFlyerLib.withShared(sdk) { Self.appLaunch() }
        await sdk.settle()  // the conversion data stalls: no callback comes
        let timeout = try await Self.timeout(of: recorder)
        #expect(timeout.hint == nil)
        #expect(!timeout.description.contains("Hint"))
    }

    @Test("No hint for a recorder that is no SDK's delegate and observes none")
    func noHintWithoutAnSDK() async throws {
        Self.appLaunch()
        let timeout = try await Self.timeout(of: CallbackRecorder())
        #expect(timeout.hint == nil)
    }

    @Test("The emulator's check: every SDK under test untouched, the instance outside scopes used")
    func emulatorCheck() {
        Self.appLaunch()
        let untouched = KitFixtures.sdk()
        #expect(AppsFlyerLib.differentInstanceHint(tested: [untouched]) != nil)
        #expect(AppsFlyerLib.differentInstanceHint(tested: []) == nil)
        let started = KitFixtures.sdk()
        started.start()
        #expect(AppsFlyerLib.differentInstanceHint(tested: [untouched, started]) == nil)
        #expect(started.entryPointsCalled == ["start()"])
        started.handleOpen(URL(string: "myapp://open?deep_link_value=apples"), options: nil)
        started.start()
        #expect(started.entryPointsCalled == ["start()", "handleOpen(_:options:)"])
    }
}
