#if !canImport(Darwin)
    import AppTrackingTransparency
    import Foundation
    import OneLinkEmulator
    import Testing

    /// The emulated ATT prompt: the test decides the answer, the emulated device delivers it, no clock is waited on.
    @Suite("The emulated ATT prompt", .timeLimit(.minutes(5)))
    struct TrackingPromptTests {
        func makeSDK() -> (AppsFlyerLib, ManualClock) {
            let clock = ManualClock()
            let sdk = AppsFlyerLib(conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
            sdk.deviceInfo.advertisingID = "<advertising-id>"
            return (sdk, clock)
        }

        /// Launches `TrackingPromptApp` inside `withShared(sdk)` and lets it settle.
        func launch(_ sdk: AppsFlyerLib) async -> TrackingPromptApp {
            let app = TrackingPromptApp()
            await AppsFlyerLib.withShared(sdk) {
                app.didFinishLaunching()
                app.didBecomeActive()
                await sdk.settle()
            }
            return app
        }

        @Test(
            "The user's answer ends waitForATTUserAuthorization at once; the completion runs on the prompt's queue, in the withShared scope",
            arguments: [TrackingPromptAnswer.authorize, .deny])
        func answered(answer: TrackingPromptAnswer) async {
            let (sdk, clock) = makeSDK()
            sdk.trackingPromptAnswer = answer
            let started = clock.now
            let app = await launch(sdk)
            let expected = answer == .authorize ? "att:authorized" : "att:denied"
            #expect(
                app.calls == [expected, "onConversionDataSuccess"],
                "the answer comes before the launch it released")
            #expect(
                app.sharedInCompletion == ObjectIdentifier(sdk),
                "the stand-in binds the asking task's withShared scope again around the completion")
            #expect(clock.now == started, "nothing waited on the clock")
            #expect(sdk.trackingPromptsShown == 1)
            #expect(sdk.trackingAuthorizationStatus == answer.status)
            #expect(sdk.advertisingIdentifier == (answer == .authorize ? "<advertising-id>" : ""))
            await AppsFlyerLib.withShared(sdk) {
                #expect(app.currentStatus == answer.status)
                let again = await ATTrackingManager.requestTrackingAuthorization()
                #expect(again == answer.status, "a decided status comes back without a prompt")
            }
            #expect(sdk.trackingPromptsShown == 1)
        }

        @Test("A prompt left open holds the session until the test answers")
        func noAnswer() async {
            let (sdk, clock) = makeSDK()
            sdk.trackingPromptAnswer = .noAnswer
            let app = await launch(sdk)
            #expect(app.calls.isEmpty, "the launch waits for the answer, and so does the completion")
            #expect(sdk.trackingPromptsShown == 1)
            sdk.trackingAuthorizationStatus = .denied
            await sdk.settle()
            #expect(app.calls == ["att:denied", "onConversionDataSuccess"])
            #expect(app.sharedInCompletion == ObjectIdentifier(sdk))
            #expect(clock.now == ManualClock.defaultStart)
        }

        @Test("Without an answer, the wait ends at the time limit on the SDK's clock")
        func timeLimit() async {
            let (sdk, clock) = makeSDK()
            sdk.trackingPromptAnswer = .noAnswer
            let app = await launch(sdk)
            await clock.advance(by: .seconds(60))
            await sdk.settle()
            #expect(app.calls == ["onConversionDataSuccess"], "the prompt itself is still open")
        }
    }
#endif
