import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The release the SDK reports (`emulatedRelease`) and the Strict build (`sdkBuild`), issue 48.
@Suite("Versions and the Strict build", .timeLimit(.minutes(5)))
struct SDKReleaseAndBuildTests {
    @Test("6.18.0, 6.18.1 and 7.0.2 are known releases; later ones and SDK 5 are not")
    func knownReleases() {
        for known in ["6.0.0", "6.17.9", "6.18.0", "6.18.1", "7.0.0", "7.0.1", "7.0.2"] {
            #expect(SDKRelease(known)?.isKnown == true, "\(known)")
        }
        for unknown in ["5.4.1", "6.18.2", "6.19.0", "7.0.3", "7.1.0", "8.0.0"] {
            #expect(SDKRelease(unknown)?.isKnown == false, "\(unknown)")
        }
        #expect(SDKRelease.newestSDK6.description == "6.18.1")
        #expect(SDKRelease.newestSDK7.description == "7.0.2")
    }

    @Test("getSDKVersion follows emulatedRelease, and the first session's version line carries it")
    func versionFollowsTheRelease() async throws {
        let fixture = SDKFixture()
        #expect(fixture.sdk.getSDKVersion() == AppsFlyerLib.emulatedSDKVersion)
        fixture.sdk.emulatedRelease = SDKRelease(6, 18, 1)
        #expect(fixture.sdk.getSDKVersion() == "6.18.1")
        await fixture.sdk.perform(.start)
        #expect(
            fixture.log.deviceLines.contains { $0.text == "AppsFlyer SDK version 6.18.1 started build (1)" })
        fixture.sdk.emulatedRelease = nil
        #expect(fixture.sdk.getSDKVersion() == "6.17.9")
        #expect(fixture.sdk.configurationErrors.isEmpty)
    }

    @Test("an unknown release, or one of the other generation, is not taken; configurationErrors says why")
    func refusedReleases() {
        let sdk = AppsFlyerLib()
        sdk.emulatedRelease = SDKRelease(6, 18, 0)
        sdk.emulatedRelease = SDKRelease(6, 99, 0)
        sdk.emulatedRelease = SDKRelease(7, 0, 2)
        #expect(sdk.emulatedRelease == SDKRelease(6, 18, 0))
        #expect(sdk.getSDKVersion() == "6.18.0")
        #expect(
            sdk.configurationErrors == [
                "emulatedRelease 6.99.0 is not a release the emulator knows (6.0.0 to 6.18.1, 7.0.0 to 7.0.2); the version is unchanged",
                "emulatedRelease 7.0.2 is an SDK 7 release, but this SDK runs SDK 6's session model; the version is unchanged",
            ])
    }

    @Test(
        "the Strict build sends no advertising ID, even when tracking is authorized, and its ATT wait holds nothing"
    )
    func strictBuild() async throws {
        #expect(SDKBuild.traitDefault == .standard, "this package is built without the Strict trait")
        let fixture = SDKFixture()
        #expect(fixture.sdk.sdkBuild == .standard)
        fixture.sdk.sdkBuild = .strict
        fixture.sdk.deviceInfo.advertisingID = "IDFA"
        fixture.sdk.waitForATTUserAuthorization(timeoutInterval: 60)
        #expect(
            fixture.sdk.configurationErrors.first?.hasPrefix(
                "waitForATTUserAuthorization is not in the Strict build (AFSDK_NO_IDFA)") == true)
        // The status is undecided: a standard build would hold the session for up to 60 s.
        await fixture.sdk.perform(.start)
        #expect(fixture.delegate.names == ["onConversionDataSuccess"], "nothing waited")
        #expect(fixture.launches.requests.count == 1)
        fixture.sdk.trackingAuthorizationStatus = .authorized
        #expect(fixture.sdk.advertisingIdentifier == "")
        await fixture.clock.advance(by: .seconds(6))
        await fixture.sdk.perform(.start)
        #expect(fixture.launches.requests.map(\.device.advertisingID) == [nil, nil])
        fixture.sdk.sdkBuild = .standard
        #expect(fixture.sdk.advertisingIdentifier == "IDFA")
    }
}
