import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("waitForATTUserAuthorization and the advertising identifier", .timeLimit(.minutes(5)))
struct SDKATTTests {
    static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

    func fixture() -> SDKFixture {
        let fixture = SDKFixture(attribution: .nonOrganic(["media_source": "Email"]), udl: true)
        fixture.sdk.deviceInfo.advertisingID = Self.idfa
        fixture.sdk.waitForATTUserAuthorization(timeoutInterval: 60)
        return fixture
    }

    @Test("The first launch waits for the ATT answer: no request and no callback until the user decides")
    func waitsForTheAnswer() async {
        let fixture = fixture()
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.settle()
        #expect(fixture.delegate.callbacks.isEmpty)
        #expect(fixture.launches.requests.isEmpty, "the launch is held")
        await fixture.clock.advance(by: .seconds(30))
        await fixture.sdk.settle()
        #expect(fixture.delegate.callbacks.isEmpty, "30 s of the 60 s limit passed")

        fixture.sdk.trackingAuthorizationStatus = .authorized
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(fixture.launches.requests.first?.device.advertisingID == Self.idfa)
        #expect(fixture.conversion.requests.first?.device.advertisingID == Self.idfa)
        #expect(fixture.sdk.advertisingIdentifier == Self.idfa)
    }

    @Test(
        "Without an answer, the launch goes ahead when the time limit passes on the SDK's clock, with no IDFA"
    )
    func timeoutReleases() async {
        let fixture = fixture()
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.settle()
        await fixture.clock.advance(by: .milliseconds(59_999))
        await fixture.sdk.settle()
        #expect(fixture.delegate.callbacks.isEmpty)
        await fixture.clock.advance(by: .milliseconds(1))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        #expect(fixture.launches.requests.first?.device.advertisingID == nil)
        #expect(fixture.sdk.advertisingIdentifier == "")
        #expect(
            fixture.log.entries.contains { $0.rule == "att.wait" && $0.message.contains("no ATT answer") })
    }

    @Test(
        "A status decided before start() costs no wait; only .authorized exposes the IDFA",
        arguments: [TrackingAuthorizationStatus.denied, .restricted, .authorized])
    func decidedStatus(status: TrackingAuthorizationStatus) async {
        let fixture = fixture()
        fixture.sdk.trackingAuthorizationStatus = status
        await fixture.sdk.perform(.start)
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
        let sent = fixture.conversion.requests.first?.device.advertisingID
        #expect(sent == (status == .authorized ? Self.idfa : nil))
        #expect(fixture.sdk.advertisingIdentifier == (status == .authorized ? Self.idfa : ""))
    }

    @Test("disableAdvertisingIdentifier keeps the IDFA out even when tracking is authorized")
    func disabledIdentifier() async {
        let fixture = fixture()
        fixture.sdk.trackingAuthorizationStatus = .authorized
        fixture.sdk.disableAdvertisingIdentifier = true
        await fixture.sdk.perform(.start)
        #expect(fixture.sdk.advertisingIdentifier == "")
        #expect(fixture.conversion.requests.first?.device.advertisingID == nil)
    }

    @Test("A negative or non-finite time limit is refused with a configuration error and treated as no wait")
    func badTimeout() async {
        let fixture = SDKFixture()
        fixture.sdk.waitForATTUserAuthorization(timeoutInterval: -.infinity)
        await fixture.sdk.perform(.start)
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
        #expect(fixture.sdk.configurationErrors.count == 1)
    }
}
