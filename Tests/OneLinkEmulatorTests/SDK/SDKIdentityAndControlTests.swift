import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("Identity travels with every launch", .timeLimit(.minutes(5)))
struct SDKIdentityTests {
    @Test("customerUserID, customData, language, hashed e-mails, phone and partner data reach the backends")
    func identityReachesBackends() async {
        let fixture = SDKFixture()
        fixture.sdk.customerUserID = "user-42"
        fixture.sdk.customData = ["plan": "gold", "seats": 3]
        fixture.sdk.currentDeviceLanguage = "en-GB"
        fixture.sdk.setUserEmails(["abc"], with: EmailCryptTypeSHA256)
        fixture.sdk.phoneNumber = "abc"
        fixture.sdk.setPartnerData(partnerId: "partner_a", partnerInfo: ["tier": "1"])
        await fixture.sdk.perform(.start)

        let digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        let expected = UserIdentity(
            customerUserID: "user-42", customData: ["plan": "gold", "seats": 3],
            currentDeviceLanguage: "en-GB",
            emails: [digest], emailCryptType: EmailCryptTypeSHA256, phoneNumberSHA256: digest,
            partnerData: ["partner_a": ["tier": "1"]])
        #expect(fixture.launches.requests.first?.identity == expected)
        #expect(fixture.conversion.requests.first?.identity == expected)
        #expect(fixture.sdk.customData?["seats"] as? Int == 3)
    }

    @Test(
        "anonymizeUser sends no identity, no advertising ID and no IP address, but attribution still arrives")
    func anonymized() async {
        let fixture = SDKFixture()
        fixture.sdk.customerUserID = "user-42"
        fixture.sdk.trackingAuthorizationStatus = .authorized
        fixture.sdk.deviceInfo.advertisingID = "IDFA"
        fixture.sdk.anonymizeUser = true
        await fixture.sdk.perform(.start)
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
        #expect(fixture.conversion.requests.first?.identity == UserIdentity())
        #expect(fixture.conversion.requests.first?.device.advertisingID == nil)
        #expect(fixture.conversion.requests.first?.device.ipAddress == "")
        #expect(fixture.launches.requests.first?.identity == UserIdentity())
        #expect(fixture.launches.requests.first?.device.ipAddress == "")
        #expect(fixture.launches.requests.first?.device.model == "iPhone", "what identifies no one is kept")
        fixture.sdk.anonymizeUser = false
        await fixture.clock.advance(by: .seconds(6))
        await fixture.sdk.perform(.start)
        #expect(fixture.launches.requests.last?.identity.customerUserID == "user-42")
        #expect(fixture.launches.requests.last?.device.ipAddress == DeviceInfo().ipAddress)
    }

    @Test("Values with no JSON equivalent are refused with a configuration error, never silently dropped")
    func refusedValues() {
        let fixture = SDKFixture()
        fixture.sdk.customData = ["ok": true]
        fixture.sdk.customData = ["date": Date()]
        fixture.sdk.setPartnerData(partnerId: nil, partnerInfo: ["a": 1])
        #expect(fixture.sdk.customData?["ok"] as? Bool == true, "the previous value is kept")
        #expect(fixture.sdk.configurationErrors.count == 2)
        #expect(fixture.sdk.configurationErrors.first?.hasPrefix("customData was not set") == true)
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256Vectors() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ]
        for (message, digest) in vectors {
            #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest, "\(message)")
        }
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hexDigest(of: million)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite("isStopped, recorded calls, host and appended link parameters", .timeLimit(.minutes(5)))
struct SDKControlTests {
    @Test("While stopped: no request, no callback; start's handler gets sdkStopped; clearing resumes")
    func stopAndResume() async throws {
        let fixture = SDKFixture(links: ["H5hv/abc": ["deep_link_value": "x"]])
        fixture.sdk.isStopped = true
        await #expect(throws: AttributionError.sdkStopped) { try await fixture.sdk.start() }
        fixture.sdk.handleOpen(URL(string: "https://app.onelink.me/H5hv/abc"), options: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.callbacks.isEmpty)
        #expect(fixture.sdk.deliveredEvents.isEmpty)
        #expect(fixture.launches.requests.isEmpty)
        #expect(fixture.conversion.requests.isEmpty)
        #expect(fixture.resolver.requests.isEmpty)

        fixture.sdk.isStopped = false
        let response = try await fixture.sdk.start()
        #expect(response["status"] as? String == "ok")
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onConversionDataSuccess"])
    }

    @Test("Setting isStopped while a session is in flight drops its callbacks")
    func stopMidFlight() async {
        let fixture = SDKFixture()
        fixture.conversion.behavior = .delayed(.seconds(1))
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.settle()
        fixture.sdk.isStopped = true
        await fixture.clock.advance(by: .seconds(1))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.callbacks.isEmpty)
        #expect(fixture.log.entries.contains { $0.rule == "control.stopped" })
    }

    @Test("Calls that only forward data are recorded with their arguments")
    func recordedCalls() {
        let fixture = SDKFixture()
        fixture.sdk.registerUninstall(Data([1, 2, 3]))
        fixture.sdk.setSharingFilterForPartners(["partner_a"])
        fixture.sdk.setPluginInfo(plugin: .flutter, version: "6.15.0", additionalParams: ["build": 7])
        fixture.sdk.enableFacebookDeferredApplinks(with: NSObject.self)
        fixture.sdk.remoteDebuggingCall(withData: "ping")
        #expect(
            fixture.sdk.recordedCalls.map(\.name) == [
                "registerUninstall(_:)", "setSharingFilterForPartners(_:)",
                "setPluginInfo(plugin:version:additionalParams:)", "enableFacebookDeferredApplinks(with:)",
                "remoteDebuggingCall(withData:)",
            ])
        #expect(fixture.sdk.recordedCalls.first?.arguments["deviceToken"] == "AQID")
        #expect(
            fixture.sdk.recordedCalls[2].arguments == [
                "plugin": "flutter", "version": "6.15.0", "additionalParams": ["build": 7],
            ])
        #expect(fixture.sdk.facebookDeferredAppLink == nil)
        #expect(fixture.sdk.getSDKVersion() == AppsFlyerLib.emulatedSDKVersion)
    }

    @Test("setHost(_:withHostPrefix:) sets host and hostPrefix, and every request carries the host")
    func customHost() async {
        let fixture = SDKFixture()
        #expect(fixture.sdk.host == "appsflyersdk.com")
        await fixture.sdk.perform(.start)
        #expect(fixture.launches.requests.first?.host == nil)
        fixture.sdk.setHost("127.0.0.1:8080", withHostPrefix: "")
        await fixture.clock.advance(by: .seconds(6))
        await fixture.sdk.perform(.start)
        #expect(fixture.sdk.host == "127.0.0.1:8080")
        #expect(fixture.sdk.hostPrefix == "")
        #expect(fixture.launches.requests.last?.host == "127.0.0.1:8080")
    }

    @Test("appendParametersToDeeplinkURL adds its parameters to matching links before they are resolved")
    func appendedParameters() async {
        let fixture = SDKFixture()
        fixture.sdk.oneLinkCustomDomains = ["brand.example.com"]
        fixture.sdk.appendParametersToDeeplinkURL(
            contains: "brand.example.com",
            parameters: ["pid": "email", "is_retargeting": "true", "c": "spring sale"])
        await fixture.sdk.perform(.universalLink("https://brand.example.com/shoes?c=kept#top"))
        await fixture.sdk.perform(.universalLink("https://other.onelink.me/H5hv?deep_link_value=x"))
        let payloads = fixture.sdk.deliveredEvents.compactMap(\.payload)
        #expect(payloads.first?["pid"] == "email")
        #expect(payloads.first?["is_retargeting"] == "true")
        #expect(payloads.first?["c"] == "kept", "a parameter the link has is kept")
        #expect(
            payloads.first?["link"]
                == "https://brand.example.com/shoes?c=kept&is_retargeting=true&pid=email#top")
        #expect(payloads.last?["pid"] == nil, "links that do not match are left alone")
    }
}
