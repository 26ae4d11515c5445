import Foundation
import OneLinkEmulator
import Testing

/// The Strict trait: every SDK is the Strict build, and no request carries an advertising ID.
@Suite("An app on AppsFlyerLib-Strict", .timeLimit(.minutes(5)))
struct StrictAppTests {
    @Test("the trait makes every SDK strict")
    func strictByDefault() {
        #expect(SDKBuild.traitDefault == .strict)
        #expect(AppsFlyerLib().sdkBuild == .strict)
    }

    @Test("an authorized device's advertising ID is never sent; sessions do not wait for ATT")
    func noIDFA() async {
        let clock = ManualClock()
        let launches = InMemoryLaunchRecorder(clock: clock)
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.organic, clock: clock), launchRecorder: launches, clock: clock)
        sdk.deviceInfo.advertisingID = "<advertising-id>"
        sdk.trackingAuthorizationStatus = .authorized
        let app = StrictApp()
        await AppsFlyerLib.withShared(sdk) {
            app.didFinishLaunching()
            app.didBecomeActive()
            await sdk.waitUntilIdle()
        }
        #expect(app.statuses == ["Organic"])
        #expect(launches.requests.count == 1)
        #expect(launches.requests.first?.device.advertisingID == nil)
    }
}
