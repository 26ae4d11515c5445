import Dispatch
import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

#if canImport(AppTrackingTransparency)
    import AppTrackingTransparency
#elseif canImport(AppTrackingTransparencyStandIn)
    import AppTrackingTransparencyStandIn
#endif

/// App code that starts the SDK from the ATT prompt's completion, directly or after a hop of its own.
enum TrackingCompletionApp {
    /// AppsFlyer's integration guide: `start()` inside the completion.
    static func startInCompletion() {
        ATTrackingManager.requestTrackingAuthorization { _ in
            AppsFlyerLib.shared().start()
        }
    }

    /// The same, after the app hops to the main queue itself: no scope can follow that hop.
    static func startAfterMainQueueHop() {
        ATTrackingManager.requestTrackingAuthorization { _ in
            DispatchQueue.main.async { AppsFlyerLib.shared().start() }
        }
    }
}

/// Whether the package's stand-in plays the ATT prompt: on every host without Darwin.
private let standInPlaysThePrompt: Bool = {
    #if canImport(Darwin)
        return false
    #else
        return true
    #endif
}()

/// Docs/testing.md, "The ATT prompt's completion": which hand-offs keep the `withShared` scope, and
/// how a test notices one that does not.
@Suite(
    "The ATT completion and the withShared scope", .timeLimit(.minutes(5)),
    .enabled(if: standInPlaysThePrompt, "Apple's framework plays the prompt here"))
struct TrackingCompletionScopeTests {
    @Test("start() in the completion reaches the SDK under test; the recorder gets its callback")
    func completionKeepsTheScope() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        await AppsFlyerLib.withShared(sdk) {
            TrackingCompletionApp.startInCompletion()
            await sdk.settle()
        }
        #expect(sdk.sessionCount == 1)
        try await recorder.waitForCallbacks(1, timeout: .seconds(30))
        #expect(recorder.callbacks.map(\.name) == ["onConversionDataSuccess"])
    }

    @Test(
        "A DispatchQueue.main.async of the app's own leaves the scope: the SDK under test sees no session and the recorder's timeout names the instance reached"
    )
    func mainQueueHopLeaks() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        await AppsFlyerLib.withShared(sdk) {
            TrackingCompletionApp.startAfterMainQueueHop()
            await sdk.settle()
        }
        // The completion queued its block on the main queue before settle() returned; this hop
        // comes after it there, so the block has run.
        await MainActor.run {}
        #expect(sdk.sessionCount == 0, "start() reached another instance")
        recorder.waitHook = { step, fire in if step == .registered { fire() } }
        do {
            try await recorder.waitForCallbacks(1, timeout: .seconds(5))
            Issue.record("a callback came from the SDK under test")
        } catch let timeout as CallbackRecorder.WaitTimeout {
            let hint = try #require(timeout.hint)
            #expect(hint.contains("the SDK under test saw no start() and no link"))
            // Parallel tests' own calls outside withShared may be listed beside this one's start().
            let seenByOther =
                hint.components(separatedBy: "outside any withShared scope").dropFirst().first ?? ""
            #expect(seenByOther.contains("start()"), "the other instance's calls: \(seenByOther)")
        }
    }
}
