import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("What survives a relaunch", .timeLimit(.minutes(5)))
struct SDKRelaunchTests {
    @Test("A relaunch keeps the device state and the configuration; the delegates are gone with the process")
    func relaunchKeepsStateNotDelegates() async {
        let fixture = SDKFixture(
            attribution: .nonOrganic(["media_source": "Email", "deep_link_value": "apples"]), udl: true)
        fixture.sdk.deepLinkTimeout = 1500
        await fixture.sdk.perform(.start)
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])

        await fixture.sdk.simulateRelaunch()
        #expect(fixture.sdk.delegate == nil)
        #expect(fixture.sdk.deepLinkDelegate == nil)
        #expect(fixture.sdk.deepLinkTimeout == 1500)
        #expect(fixture.sdk.appsFlyerDevKey == "DEV_KEY")
        #expect(
            fixture.log.entries.contains {
                $0.rule == .deviceRelaunch && $0.message.contains("delegates are gone")
            })

        // Nobody ran the launch code again: the session's callback finds no delegate and is dropped.
        let dropped = await fixture.sdk.perform(.start)
        #expect(dropped.map(\.callbackName) == ["onConversionDataSuccess"])
        #expect(fixture.delegate.names.count == 2)

        // The launch code sets them again: the cached conversion data, no second first launch.
        await fixture.sdk.simulateRelaunch()
        fixture.sdk.delegate = fixture.delegate
        fixture.sdk.deepLinkDelegate = fixture.delegate
        await fixture.sdk.perform(.start)
        guard case .conversionData(let last)? = fixture.delegate.callbacks.last else {
            Issue.record("expected conversion data last, got \(fixture.delegate.names)")
            return
        }
        #expect(last["is_first_launch"] as? Bool == false)
        #expect(last["media_source"] as? String == "Email")
    }

    @Test("A reinstall also starts without delegates")
    func reinstallForgetsDelegates() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        await fixture.sdk.simulateReinstall()
        #expect(fixture.sdk.delegate == nil)
        #expect(fixture.sdk.deepLinkDelegate == nil)
    }
}
