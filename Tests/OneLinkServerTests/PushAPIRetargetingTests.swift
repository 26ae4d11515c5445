import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// The Push API's retargeting messages (https://support.appsflyer.com/hc/en-us/articles/207034356):
/// re-attribution (`conversion_type` `reinstall`, `campaign_type` `retargeting`, `event_name`
/// `re-attribution`), reinstall (`reinstall`, `ua`/`organic`, `reinstall`), re-engagement
/// (`re-engagement`, `retargeting`, `re-engagement`) and the in-app events of each, through a
/// running server whose clicks, installs and launches share one click store and a `ManualClock`.
@Suite("Server: Push API retargeting messages", .timeLimit(.minutes(5)))
struct PushAPIRetargetingTests {
    static let host = "onelink-basic-app.onelink.me"
    static let safari = ClickStoreServer.safari
    static let retargetingPath = "/H5hv?pid=Email&c=winback&is_retargeting=true&af_reengagement_window=7d"
    static let day: TimeInterval = 24 * 3600

    struct Running {
        let server: EmbeddedServer
        let receiver: PushReceiver
        let clock: ManualClock

        var now: String { AttributionTimestamp.string(from: clock.now) }

        func exchange(_ request: String) async throws -> RouteAnswer {
            try await server.exchange(request)
        }

        /// A Safari click on `path`, carrying the device's advertising ID or device ID.
        func click(_ path: String, advertisingID: String? = nil, deviceID: String? = nil) async throws {
            var lines = [
                "GET \(path) HTTP/1.1", "Host: 127.0.0.1",
                "User-Agent: \(PushAPIRetargetingTests.safari)",
                "X-Forwarded-For: 203.0.113.7",
            ]
            if let advertisingID { lines.append("X-OneLink-Advertising-ID: \(advertisingID)") }
            if let deviceID { lines.append("X-OneLink-Device-ID: \(deviceID)") }
            let response = try await exchange(
                (lines + ["Connection: close", "", ""]).joined(separator: "\r\n"))
            #expect(response.status == 302)
        }

        /// The SDK's install request for `deviceID`, installed now.
        func install(_ deviceID: String, advertisingID: String) async throws -> AttributionPayload {
            let time = now.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(
                of: ":", with: "%3A")
            let target =
                "/install_data/v5.0/id123456789?devkey=dev&device_id=\(deviceID)&install_time=\(time)"
                + "&ip=198.51.100.9&model=iPhone15,2&os_version=17.4&language=en-US&advertising_id=\(advertisingID)"
            let response = try await exchange(
                "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(response.status == 200)
            return try AttributionPayload(jsonString: response.body)
        }

        /// A POST to the SDK's launch path (a launch, or an in-app event with `eventName`).
        func post(_ body: String) async throws -> RouteAnswer {
            try await exchange(
                "POST /api/v6/iosevent/id123456789 HTTP/1.1\r\nHost: 127.0.0.1\r\nauthentication: dev\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        }

        func launch(_ deviceID: String, counter: Int, deepLink: String? = nil) async throws {
            var body = #"{"appsflyer_id":"\#(deviceID)","counter":\#(counter)"#
            if let deepLink { body += #","af_deeplink":"\#(deepLink)""# }
            #expect(try await post(body + "}").status == 200)
        }

        func event(_ deviceID: String, at time: Date) async throws {
            let body =
                #"{"appsflyer_id":"\#(deviceID)","eventName":"af_purchase","eventValue":{"af_revenue":"4.99"},"#
                + #""eventTime":"\#(AttributionTimestamp.string(from: time))"}"#
            #expect(try await post(body).status == 200)
        }

        /// The next postback's fields.
        func next() async throws -> AttributionPayload {
            try AttributionPayload(jsonString: try await receiver.next().body)
        }

        /// The postback's fields of an in-app event for `deviceID` at `time`.
        func eventMessage(_ deviceID: String, at time: Date) async throws -> AttributionPayload {
            try await event(deviceID, at: time)
            return try await next()
        }

        /// The message types of every delivery, once all have settled.
        func messageTypes() async -> [String] {
            await server.pushDeliveriesSettled()
            return server.pushDeliveries.map(\.messageType)
        }
    }

    func withServer(
        settings: (inout PushAPISettings) -> Void = { _ in }, _ body: (Running) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        let store = InMemoryClickStore()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id123456789", oneLinkDomains: [Self.host],
                templates: ["H5hv"], interstitialDomain: "open.example.net"),
            shortLinks: BackendFixture().makeShortLinkResolver(), store: store, clock: clock)
        let conversion = ClickStoreConversionDataSource(store: store)
        var configuration = OneLinkServer.Configuration(
            conversionDataSource: conversion, clock: clock, dashboard: ServerDashboard(shortLinks: [:]))
        configuration.clickHandler = handler
        configuration.deviceMemory = conversion
        let receiver = try PushReceiver()
        var pushAPI = try PushAPISettings(endpoints: [try PushAPIEndpoint(url: receiver.url)])
        settings(&pushAPI)
        configuration.pushAPI = pushAPI
        try await withPushServer(configuration, receiver: receiver) { server in
            try await body(Running(server: server, receiver: receiver, clock: clock))
        }
    }

    @Test("a former user's reinstall from a retargeting click is a re-attribution, and its in-app events too")
    func reattribution() async throws {
        try await withServer { running in
            let idfa = "AAAAAAAA-1111-2222-3333-444444444444"
            _ = try await running.install("first-install", advertisingID: idfa)
            let first = try await running.next()
            #expect(first["event_name"] == "install")
            #expect(first["campaign_type"] == "organic")

            await running.clock.advance(by: .seconds(10 * Self.day))
            let clickTime = running.now
            try await running.click(Self.retargetingPath, advertisingID: idfa)
            await running.clock.advance(by: .seconds(60))
            let reinstallTime = running.clock.now
            let answer = try await running.install("second-install", advertisingID: idfa)
            #expect(answer["retargeting_conversion_type"] == "re-attribution")

            let fields = try await running.next()
            #expect(fields["event_name"] == "re-attribution")
            #expect(fields["conversion_type"] == "reinstall")
            #expect(fields["campaign_type"] == "retargeting")
            #expect(fields["is_retargeting"] == "true")
            #expect(fields["retargeting_conversion_type"] == "re-attribution")
            #expect(fields["is_primary_attribution"] == "true")
            #expect(fields["media_source"] == "Email")
            #expect(fields["campaign"] == "winback")
            #expect(fields["attributed_touch_type"] == "click")
            #expect(fields["attributed_touch_time"] == .string(clickTime))
            #expect(fields["install_time"] == .string(AttributionTimestamp.string(from: reinstallTime)))
            #expect(fields["appsflyer_id"] == "second-install")
            #expect(fields["idfa"] == .string(idfa))

            // Inside the link's 7-day re-engagement window: a re-attribution in-app event.
            let inside = try await running.eventMessage(
                "second-install", at: reinstallTime.addingTimeInterval(Self.day))
            #expect(inside["event_name"] == "af_purchase")
            #expect(inside["conversion_type"] == "reinstall")
            #expect(inside["campaign_type"] == "retargeting")
            #expect(inside["is_retargeting"] == "true")
            #expect(inside["retargeting_conversion_type"] == "re-attribution")
            #expect(inside["media_source"] == "Email")
            #expect(inside["event_revenue"] == "4.99")

            // After it: attributed as the user's first install was (organic here).
            let after = try await running.eventMessage(
                "second-install", at: reinstallTime.addingTimeInterval(7 * Self.day + 1))
            #expect(after["conversion_type"] == "install")
            #expect(after["campaign_type"] == "organic")
            #expect(after["media_source"] == "organic")
            #expect(after["is_retargeting"] == nil)

            #expect(
                await running.messageTypes() == [
                    "organic-install", "re-attribution", "re-attribution-in-app-event",
                    "organic-install-in-app-event",
                ])
            let page = try await running.exchange(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(page.body.contains("re-attribution: re-attribution"))
            #expect(page.body.contains("re-attribution-in-app-event: af_purchase"))
        }
    }

    @Test(
        "a reinstall without a retargeting click is a reinstall inside the re-attribution window, an install after"
    )
    func reinstall() async throws {
        try await withServer { running in
            let idfa = "BBBBBBBB-1111-2222-3333-444444444444"
            _ = try await running.install("first", advertisingID: idfa)
            #expect(try await running.next()["event_name"] == "install")

            await running.clock.advance(by: .seconds(5 * Self.day))
            _ = try await running.install("second", advertisingID: idfa)
            let organic = try await running.next()
            #expect(organic["event_name"] == "reinstall")
            #expect(organic["conversion_type"] == "reinstall")
            #expect(organic["campaign_type"] == "organic")
            #expect(organic["media_source"] == "organic")

            try await running.click("/H5hv?pid=Email&c=spring", advertisingID: idfa)
            await running.clock.advance(by: .seconds(60))
            let answer = try await running.install("third", advertisingID: idfa)
            #expect(answer["af_status"] == "Non-organic")
            #expect(answer["retargeting_conversion_type"] == "none")
            let reinstall = try await running.next()
            #expect(reinstall["event_name"] == "reinstall")
            #expect(reinstall["conversion_type"] == "reinstall")
            #expect(reinstall["campaign_type"] == "ua")
            #expect(reinstall["is_retargeting"] == "false")
            #expect(reinstall["retargeting_conversion_type"] == nil)
            #expect(reinstall["media_source"] == "Email")
            #expect(reinstall["campaign"] == "spring")

            // The window (90 days by default) starts at the first install; after it, a new install.
            await running.clock.advance(by: .seconds(86 * Self.day))
            _ = try await running.install("fourth", advertisingID: idfa)
            let fresh = try await running.next()
            #expect(fresh["event_name"] == "install")
            #expect(fresh["conversion_type"] == "install")

            #expect(
                await running.messageTypes() == [
                    "organic-install", "organic-reinstall", "reinstall", "organic-install",
                ])
        }
    }

    @Test(
        "an installed device's launch after a recorded retargeting click is one re-engagement; its events follow"
    )
    func reengagementFromARecordedClick() async throws {
        try await withServer { running in
            let idfa = "CCCCCCCC-1111-2222-3333-444444444444"
            let installTime = running.now
            _ = try await running.install("device-1", advertisingID: idfa)
            #expect(try await running.next()["event_name"] == "install")
            // A launch with no retargeting click sends nothing.
            try await running.launch("device-1", counter: 1)

            await running.clock.advance(by: .seconds(Self.day))
            let clickTime = running.now
            try await running.click(Self.retargetingPath, deviceID: "device-1")
            await running.clock.advance(by: .seconds(60))
            let openTime = running.clock.now
            try await running.launch("device-1", counter: 2)
            let fields = try await running.next()
            #expect(fields["event_name"] == "re-engagement")
            #expect(fields["conversion_type"] == "re-engagement")
            #expect(fields["campaign_type"] == "retargeting")
            #expect(fields["is_retargeting"] == "true")
            #expect(fields["retargeting_conversion_type"] == "re-engagement")
            #expect(fields["is_primary_attribution"] == "true")
            #expect(fields["media_source"] == "Email")
            #expect(fields["campaign"] == "winback")
            #expect(fields["attributed_touch_type"] == "click")
            #expect(fields["attributed_touch_time"] == .string(clickTime))
            #expect(fields["event_time"] == .string(AttributionTimestamp.string(from: openTime)))
            #expect(fields["install_time"] == .string(installTime))
            #expect(fields["appsflyer_id"] == "device-1")

            // The same click does not re-engage again.
            await running.clock.advance(by: .seconds(60))
            try await running.launch("device-1", counter: 3)

            let inside = try await running.eventMessage(
                "device-1", at: openTime.addingTimeInterval(7 * Self.day))
            #expect(inside["event_name"] == "af_purchase")
            #expect(inside["conversion_type"] == "re-engagement")
            #expect(inside["campaign_type"] == "retargeting")
            #expect(inside["is_retargeting"] == "true")
            #expect(inside["media_source"] == "Email")

            let after = try await running.eventMessage(
                "device-1", at: openTime.addingTimeInterval(7 * Self.day + 1))
            #expect(after["conversion_type"] == "install")
            #expect(after["campaign_type"] == "organic")

            #expect(
                await running.messageTypes() == [
                    "organic-install", "re-engagement", "re-engagement-in-app-event",
                    "organic-install-in-app-event",
                ])
        }
    }

    @Test(
        "a launch carrying a retargeting af_deeplink re-engages; a user-acquisition link or an unknown device does not"
    )
    func reengagementFromTheLaunchDeepLink() async throws {
        try await withServer { running in
            _ = try await running.install("device-2", advertisingID: "DDDDDDDD-1111-2222-3333-444444444444")
            #expect(try await running.next()["event_name"] == "install")
            await running.clock.advance(by: .seconds(3600))
            try await running.launch(
                "device-2", counter: 2,
                deepLink: "https://\(Self.host)/H5hv?pid=Email&c=spring&deep_link_value=apples")
            try await running.launch(
                "never-installed", counter: 2, deepLink: "https://\(Self.host)\(Self.retargetingPath)")
            let openTime = running.now
            try await running.launch(
                "device-2", counter: 3,
                deepLink:
                    "https://\(Self.host)/H5hv?pid=sms_int&c=comeback&is_retargeting=true&af_reengagement_window=lifetime"
            )
            let fields = try await running.next()
            #expect(fields["event_name"] == "re-engagement")
            #expect(fields["campaign_type"] == "retargeting")
            #expect(fields["media_source"] == "sms_int")
            #expect(fields["campaign"] == "comeback")
            #expect(fields["attributed_touch_time"] == .string(openTime))

            // A lifetime window covers any later event.
            try await running.event("device-2", at: running.clock.now.addingTimeInterval(400 * Self.day))
            #expect(try await running.next()["conversion_type"] == "re-engagement")

            // Forgotten and installed again under the same ID: the old re-engagement is not the new install's.
            let forget = try await running.exchange(
                "DELETE /onelink-emulator/devices/device-2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            )
            #expect(forget.status == 200)
            await running.clock.advance(by: .seconds(Self.day))
            _ = try await running.install("device-2", advertisingID: "DDDDDDDD-1111-2222-3333-444444444444")
            #expect(try await running.next()["event_name"] == "install")
            try await running.event("device-2", at: running.clock.now.addingTimeInterval(60))
            #expect(try await running.next()["conversion_type"] == "install")

            #expect(
                await running.messageTypes() == [
                    "organic-install", "re-engagement", "re-engagement-in-app-event", "organic-install",
                    "organic-install-in-app-event",
                ])
        }
    }
}
