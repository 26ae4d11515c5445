import Foundation
import OneLinkEmulator
import OneLinkServer
import Testing

/// The Push API's message fields (https://support.appsflyer.com/hc/en-us/articles/207034356, raw
/// data V5.0 names) through a running server with a click store, a `ManualClock` and a loopback
/// receiver: one install message per install, the link's `af_*` campaign fields, the install's
/// device fields on in-app event messages, `api_version`, and the token rule.
@Suite("Server: Push API message fields", .timeLimit(.minutes(5)))
struct PushAPIMessageFieldTests {
    static let idfa = "BBBBBBBB-1111-2222-3333-444444444444"

    /// An S2S in-app event `name` for `deviceID`.
    static func s2sEvent(
        _ deviceID: String, name: String = "af_login", on server: EmbeddedServer
    ) async throws {
        let response = try await PushAPITests.s2sEvent(
            deviceID, name: name, value: "{}", more: "", on: server)
        #expect(response.status == 200)
    }

    /// Expects the install's device fields (`PushAPIRetargetingTests.Running.install`'s query).
    static func expectDeviceFields(_ fields: AttributionPayload, idfa: String = idfa) {
        #expect(fields["ip"] == "198.51.100.9")
        #expect(fields["device_model"] == "iPhone15,2")
        #expect(fields["os_version"] == "17.4")
        #expect(fields["language"] == "en-US")
        #expect(fields["idfa"] == .string(idfa))
    }

    @Test("asking for a device's conversion data again sends no second install message")
    func oneInstallMessagePerInstall() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            let installTime = running.now
            let first = try await running.install("device-once", advertisingID: Self.idfa)
            let install = try await running.next()
            #expect(install["event_name"] == "install")
            #expect(install["install_time"] == .string(installTime))
            #expect(install["api_version"] == "2.0")

            await running.clock.advance(by: .seconds(3600))
            let again = try await running.install("device-once", advertisingID: Self.idfa)
            #expect(again == first, "the conversion source answers the remembered install")
            // A message is queued (and listed) before the request is answered.
            #expect(running.server.pushDeliveries.map(\.eventName) == ["install"])

            let event = try await running.eventMessage("device-once", at: running.clock.now)
            #expect(event["event_name"] == "af_purchase")
            #expect(event["install_time"] == .string(installTime))
            #expect(running.server.pushDeliveries.map(\.eventName) == ["install", "af_purchase"])
        }
    }

    @Test(
        "the link's af_c_id, af_adset, af_adset_id, af_ad and af_ad_id reach the install and event messages")
    func campaignFieldsFromTheLink() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            try await running.click(
                "/H5hv?pid=Email&c=spring&af_c_id=777&af_adset=set1&af_adset_id=s9&af_ad=ad1&af_ad_id=a9"
                    + "&af_channel=ch",
                advertisingID: Self.idfa)
            await running.clock.advance(by: .seconds(60))
            let answer = try await running.install("device-campaign", advertisingID: Self.idfa)
            #expect(answer["af_c_id"] == "777")
            #expect(
                answer["campaign_id"] == .null, "the conversion-data key is null: the af_ key fills the field"
            )
            #expect(answer["adset"] == .null)
            for message in [try await running.next(), try await nextEvent(running, "device-campaign")] {
                #expect(message["media_source"] == "Email")
                #expect(message["campaign"] == "spring")
                #expect(message["af_c_id"] == "777")
                #expect(message["af_adset"] == "set1")
                #expect(message["af_adset_id"] == "s9")
                #expect(message["af_ad"] == "ad1")
                #expect(message["af_ad_id"] == "a9")
                #expect(message["af_channel"] == "ch")
            }
        }
    }

    func nextEvent(
        _ running: PushAPIRetargetingTests.Running, _ deviceID: String
    ) async throws
        -> AttributionPayload
    {
        try await running.event(deviceID, at: running.clock.now)
        return try await running.next()
    }

    @Test(
        "SDK, S2S and re-engagement in-app event messages carry the install's device fields and api_version")
    func deviceFieldsOnEvents() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            _ = try await running.install("device-fields", advertisingID: Self.idfa)
            let install = try await running.next()
            Self.expectDeviceFields(install)

            let sdk = try await nextEvent(running, "device-fields")
            #expect(sdk["event_source"] == "SDK")
            #expect(sdk["api_version"] == "2.0")
            Self.expectDeviceFields(sdk)

            try await Self.s2sEvent("device-fields", on: running.server)
            let s2s = try await running.next()
            #expect(s2s["event_name"] == "af_login")
            #expect(s2s["event_source"] == "S2S")
            #expect(s2s["api_version"] == "2.0")
            Self.expectDeviceFields(s2s)

            await running.clock.advance(by: .seconds(PushAPIRetargetingTests.day))
            try await running.click(PushAPIRetargetingTests.retargetingPath, advertisingID: Self.idfa)
            await running.clock.advance(by: .seconds(60))
            try await running.launch("device-fields", counter: 2)
            let reengagement = try await running.next()
            #expect(reengagement["event_name"] == "re-engagement")
            #expect(reengagement["api_version"] == "2.0")
            Self.expectDeviceFields(reengagement)

            let retargeted = try await nextEvent(running, "device-fields")
            #expect(retargeted["retargeting_conversion_type"] == "re-engagement")
            #expect(retargeted["event_name"] == "af_purchase")
            Self.expectDeviceFields(retargeted)
        }
    }

    @Test("a device forgotten through DELETE /onelink-emulator/devices/{id} installs anew: a second message")
    func forgottenDeviceInstallsAgain() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            _ = try await running.install("device-forgotten", advertisingID: Self.idfa)
            #expect(try await running.next()["event_name"] == "install")
            let forget = try await running.exchange(
                "DELETE /onelink-emulator/devices/device-forgotten HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Connection: close\r\n\r\n")
            #expect(forget.status == 200)
            await running.clock.advance(by: .seconds(60))
            let installTime = running.now
            _ = try await running.install("device-forgotten", advertisingID: Self.idfa)
            let again = try await running.next()
            #expect(again["appsflyer_id"] == "device-forgotten")
            #expect(again["install_time"] == .string(installTime))
        }
    }

    @Test("an event of a device the server never installed has no device fields")
    func noInstallNoDeviceFields() async throws {
        try await PushAPIRetargetingTests().withServer { running in
            let event = try await nextEvent(running, "device-unknown")
            #expect(event["event_name"] == "af_purchase")
            #expect(event["campaign_type"] == "organic")
            #expect(event["api_version"] == "2.0")
            for field in ["ip", "device_model", "os_version", "language", "idfa"] {
                #expect(event[field] == nil)
            }
        }
    }

    @Test("with selected in-app events, only their messages are sent; installs are not filtered")
    func selectedInAppEvents() async throws {
        let receiver = try PushReceiver()
        var settings = try PushAPISettings(endpoints: [try PushAPIEndpoint(url: receiver.url)])
        settings.selectedInAppEvents = ["af_login"]
        var configuration = OneLinkServer.Configuration(
            conversionDataSource: InMemoryConversionDataSource(), clock: ManualClock())
        configuration.pushAPI = settings
        try await withPushServer(configuration, receiver: receiver) { server in
            #expect(try await PushAPITests.install("device-filter", on: server).status == 200)
            let install = try AttributionPayload(jsonString: try await receiver.next().body)
            #expect(install["event_name"] == "install")
            try await Self.s2sEvent("device-filter", name: "af_purchase", on: server)
            #expect(server.pushDeliveries.map(\.eventName) == ["install"], "af_purchase is not selected")
            try await Self.s2sEvent("device-filter", name: "af_login", on: server)
            let login = try AttributionPayload(jsonString: try await receiver.next().body)
            #expect(login["event_name"] == "af_login")
            #expect(server.pushDeliveries.map(\.eventName) == ["install", "af_login"])
        }
    }

    @Test(
        "a token over 2,000 characters or with a character outside a-z A-Z 0-9, space, - _ . is refused",
        arguments: [String(repeating: "a", count: 2001), "secret/token", "tök", "a:b", "line\nbreak"])
    func tokenRule(token: String) throws {
        let endpoint = try PushAPIEndpoint(url: "http://127.0.0.1:9/postbacks")
        #expect {
            try PushAPISettings(endpoints: [endpoint], token: token)
        } throws: { error in
            guard case .invalidToken = error as? PushAPIError else { return false }
            return "\(error)".contains("at most 2,000 of a-z, A-Z, 0-9, space, -, _ and .")
        }
    }

    @Test("the documented token characters, up to 2,000 of them, are accepted")
    func tokenAccepted() throws {
        let endpoint = try PushAPIEndpoint(url: "http://127.0.0.1:9/postbacks")
        for token in ["Bearer abc.DEF-123_x", String(repeating: "z", count: 2000)] {
            #expect(try PushAPISettings(endpoints: [endpoint], token: token).token == token)
        }
    }
}
